// The video access management page: camera groups (add, rename, delete), the camera table with
// name/label/tag filters and paging, add (single or a batch of up to 1000 with %d), edit, delete
// (type "delete" to confirm), export as a background task, and moving cameras between groups.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import type { Camera } from '../../../shared/api/video-types.ts';
import { batchCode, batchSize, deleteConfirmation, length, required, type Rule } from '../../../shared/validate/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import * as css from './video-group.css.ts';
import * as store from './video-group-store.ts';

type DialogState =
  | { kind: 'camera'; camera: Camera | null; batch: boolean }
  | { kind: 'delete'; ids: number[] }
  | { kind: 'move' }
  | { kind: 'group'; group: DataGroup | null; parentId: number }
  | { kind: 'deleteGroup'; group: DataGroup }
  | null;

export function VideoGroupManager() {
  const { t } = useTranslation();
  const s = useSnapshot(store.vg);
  const [dialog, setDialog] = useState<DialogState>(null);
  useEffect(() => store.start(), []);
  const pages = Math.max(1, Math.ceil(s.total / store.PAGE_SIZE));
  const current = s.groupId !== null ? findGroup(s.tree as DataGroup[], s.groupId) : null;

  return (
    <div className={css.body} data-page="video-group">
      <nav className={css.side} aria-label={t('videoGroup.groups')}>
        <ul className={css.tree}>
          <li>
            <button type="button" className={css.treeItem} aria-current={s.groupId === null} onClick={() => store.selectGroup(null)}>
              {t('videoGroup.all')}
            </button>
          </li>
          <GroupNodes nodes={s.tree as DataGroup[]} selected={s.groupId} />
        </ul>
        <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'group', group: null, parentId: s.groupId ?? 0 })} data-action="add-group">
          {t('videoGroup.addGroup')}
        </button>
        {current && (
          <>
            <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'group', group: current, parentId: current.parentId ?? 0 })}>
              {t('videoGroup.renameGroup')}
            </button>
            <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'deleteGroup', group: current })} data-action="delete-group">
              {t('videoGroup.deleteGroup')}
            </button>
          </>
        )}
      </nav>
      <section className={css.main} aria-label={t('videoGroup.title')}>
        <div className={css.toolbar}>
          <input className={`${input} ${css.small}`} type="search" placeholder={t('videoGroup.field.name')} aria-label={t('videoGroup.field.name')} defaultValue={s.name} onChange={(e) => store.setFilter({ name: e.target.value.trim() })} data-filter="name" />
          <input className={`${input} ${css.small}`} type="search" placeholder={t('videoGroup.field.label')} aria-label={t('videoGroup.field.label')} defaultValue={s.label} onChange={(e) => store.setFilter({ label: e.target.value.trim() })} data-filter="label" />
          <select className={`${input} ${css.small}`} aria-label={t('videoGroup.tagFilter')} value={s.tag} onChange={(e) => store.setFilter({ tag: e.target.value })} data-filter="tag">
            <option value="">{t('videoGroup.tagFilter')}</option>
            {s.tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
          <button type="button" className={button} onClick={() => setDialog({ kind: 'camera', camera: null, batch: false })} data-action="add">
            {t('videoGroup.add')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'camera', camera: null, batch: true })} data-action="batch">
            {t('videoGroup.batch')}
          </button>
          <button type="button" className={buttonGhost} disabled={s.selected.length === 0} onClick={() => setDialog({ kind: 'move' })} data-action="move">
            {t('videoGroup.move')}
          </button>
          <button type="button" className={buttonGhost} disabled={s.selected.length === 0} onClick={() => setDialog({ kind: 'delete', ids: [...s.selected] })} data-action="delete-selected">
            {t('videoGroup.delete')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => void store.exportRows()} data-action="export">
            {t('videoGroup.export')}
          </button>
          <span className={css.muted}>{s.selected.length > 0 ? t('videoGroup.selected', { count: s.selected.length }) : t('videoGroup.total', { count: s.total })}</span>
        </div>
        <table className={css.table}>
          <thead>
            <tr>
              <th className={css.cell}>
                <input type="checkbox" aria-label="all" checked={s.rows.length > 0 && s.selected.length === s.rows.length} onChange={(e) => store.toggleAll(e.target.checked)} />
              </th>
              {(['name', 'label', 'group', 'address', 'resolution', 'tags', 'ptz'] as const).map((f) => (
                <th key={f} className={css.cell}>
                  {t(`videoGroup.field.${f}`)}
                </th>
              ))}
              <th className={css.cell}>{t('videoGroup.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r) => (
              <tr key={r.id} data-camera-id={r.id}>
                <td className={css.cell}>
                  <input type="checkbox" aria-label={r.name} checked={s.selected.includes(r.id)} onChange={(e) => store.toggle(r.id, e.target.checked)} />
                </td>
                <td className={css.cell}>{r.name}</td>
                <td className={css.cell}>{r.label}</td>
                <td className={css.cell}>{r.groupPath}</td>
                <td className={css.cell}>{r.address}</td>
                <td className={css.cell}>{r.resolution}</td>
                <td className={css.cell}>{r.tags.join(', ')}</td>
                <td className={css.cell}>{r.params.disableYunControl ? t('videoGroup.ptzOff') : t('videoGroup.ptzOn')}</td>
                <td className={css.cell}>
                  <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'camera', camera: r as Camera, batch: false })} data-action="edit">
                    {t('videoGroup.edit')}
                  </button>{' '}
                  <button type="button" className={buttonGhost} onClick={() => setDialog({ kind: 'delete', ids: [r.id] })} data-action="delete">
                    {t('videoGroup.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!s.loading && s.rows.length === 0 && <p className={css.muted}>{t('videoGroup.none')}</p>}
        <div className={css.toolbar}>
          <button type="button" className={buttonGhost} disabled={s.page <= 1} onClick={() => store.setPage(s.page - 1)} aria-label="previous">
            ‹
          </button>
          <span className={css.muted}>
            {s.page} / {pages}
          </span>
          <button type="button" className={buttonGhost} disabled={s.page >= pages} onClick={() => store.setPage(s.page + 1)} aria-label="next">
            ›
          </button>
        </div>
      </section>
      {dialog && <Dialogs dialog={dialog} close={() => setDialog(null)} />}
    </div>
  );
}

function findGroup(nodes: readonly DataGroup[], id: number): DataGroup | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findGroup(n.children, id);
    if (below) return below;
  }
  return null;
}

function GroupNodes({ nodes, selected }: { nodes: readonly DataGroup[]; selected: number | null }) {
  return (
    <>
      {nodes.map((n) => (
        <li key={n.id}>
          <button type="button" className={css.treeItem} aria-current={selected === n.id} onClick={() => store.selectGroup(n.id)} data-group-id={n.id}>
            {n.name}
          </button>
          {n.children.length > 0 && (
            <ul className={css.treeChildren}>
              <GroupNodes nodes={n.children} selected={selected} />
            </ul>
          )}
        </li>
      ))}
    </>
  );
}

/** A modal <dialog> (native: focus is trapped and Esc closes it without extra code). */
function Modal({ title, children, onClose }: { title: string; children: ReactNode; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} className={css.dialog} aria-label={title} onClose={onClose}>
      <h2>{title}</h2>
      {children}
    </dialog>
  );
}

/** First failing rule's message, translated. */
function useCheck() {
  const { t } = useTranslation();
  return (value: unknown, rules: Rule[], values: Record<string, unknown> = {}): string | null => {
    for (const rule of rules) {
      const m = rule(value, values);
      if (m) return t(m.key, m.params ?? {});
    }
    return null;
  };
}

function Dialogs({ dialog, close }: { dialog: NonNullable<DialogState>; close(): void }) {
  switch (dialog.kind) {
    case 'camera':
      return <CameraDialog camera={dialog.camera} batch={dialog.batch} close={close} />;
    case 'delete':
      return <ConfirmDelete hintKey="videoGroup.deleteHint" params={{ count: dialog.ids.length }} run={() => store.removeCameras(dialog.ids)} close={close} />;
    case 'deleteGroup':
      return <ConfirmDelete hintKey="videoGroup.deleteGroupHint" params={{ name: dialog.group.name }} run={() => store.removeGroup(dialog.group.id)} close={close} />;
    case 'move':
      return <MoveDialog close={close} />;
    case 'group':
      return <GroupDialog group={dialog.group} parentId={dialog.parentId} close={close} />;
  }
}

function CameraDialog({ camera, batch, close }: { camera: Camera | null; batch: boolean; close(): void }) {
  const { t } = useTranslation();
  const s = useSnapshot(store.vg);
  const check = useCheck();
  const [v, setV] = useState({
    name: camera?.name ?? '',
    label: camera?.label ?? '',
    groupId: String(camera?.data_group_Id ?? s.groupId ?? ''),
    address: camera?.address ?? '',
    resolution: camera?.resolution ?? '',
    tags: camera?.tags.join(', ') ?? '',
    ptz: camera ? !camera.params.disableYunControl : true,
    count: batch ? '10' : '1',
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = {
    name: check(v.name, batch ? [required(), length(1, 64), batchCode()] : [required(), length(1, 64)]),
    label: check(v.label, batch ? [required(), length(1, 64), batchCode()] : [required(), length(1, 64)]),
    groupId: check(v.groupId, [required()]),
    count: batch ? check(v.count, [required(), batchSize()]) : null,
  };
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((o) => ({ ...o, [k]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      await store.saveCamera(camera?.id ?? null, {
        name: v.name.trim(),
        label: v.label.trim(),
        dataGroupId: Number(v.groupId),
        address: v.address.trim(),
        resolution: v.resolution.trim(),
        tags: v.tags.split(',').map((x) => x.trim()).filter(Boolean),
        params: { disableYunControl: !v.ptz },
        ...(batch ? { count: Number(v.count) } : {}),
      });
      close();
    } catch {
      // The platform's message was shown as a toast; the form stays open to fix it.
    } finally {
      setBusy(false);
    }
  };
  const err = (k: keyof typeof errors) => (tried && errors[k] ? <p className={css.error} role="alert">{errors[k]}</p> : null);
  const title = camera ? t('videoGroup.edit') : batch ? t('videoGroup.batch') : t('videoGroup.add');
  return (
    <Modal title={title} onClose={close}>
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-form="camera">
        {batch && <p className={css.muted}>{t('videoGroup.batchHint')}</p>}
        <label>
          {t('videoGroup.field.name')}
          <input className={input} value={v.name} onChange={set('name')} name="name" aria-invalid={tried && !!errors.name} />
        </label>
        {err('name')}
        <label>
          {t('videoGroup.field.label')}
          <input className={input} value={v.label} onChange={set('label')} name="label" aria-invalid={tried && !!errors.label} />
        </label>
        {err('label')}
        {batch && (
          <>
            <label>
              {t('videoGroup.field.count')}
              <input className={input} inputMode="numeric" value={v.count} onChange={set('count')} name="count" aria-invalid={tried && !!errors.count} />
            </label>
            {err('count')}
          </>
        )}
        <label>
          {t('videoGroup.field.group')}
          <select className={input} value={v.groupId} onChange={set('groupId')} name="groupId">
            <option value="" />
            {store.flatGroups(s.tree as DataGroup[]).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {err('groupId')}
        <label>
          {t('videoGroup.field.address')}
          <input className={input} value={v.address} onChange={set('address')} name="address" />
        </label>
        <label>
          {t('videoGroup.field.resolution')}
          <input className={input} value={v.resolution} onChange={set('resolution')} name="resolution" />
        </label>
        <label>
          {t('videoGroup.field.tags')}
          <input className={input} value={v.tags} onChange={set('tags')} name="tags" list="video-group-tags" />
        </label>
        <datalist id="video-group-tags">
          {s.tags.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <label>
          <input type="checkbox" checked={v.ptz} onChange={(e) => setV((o) => ({ ...o, ptz: e.target.checked }))} name="ptz" /> {t('videoGroup.field.ptz')}
        </label>
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={close}>
            {t('videoGroup.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy}>
            {t('videoGroup.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ConfirmDelete({ hintKey, params, run, close }: { hintKey: string; params: Record<string, unknown>; run(): Promise<void>; close(): void }) {
  const { t } = useTranslation();
  const check = useCheck();
  const [word, setWord] = useState('');
  const [tried, setTried] = useState(false);
  const error = check(word, [deleteConfirmation()]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error) return;
    try {
      await run();
      close();
    } catch {
      // Shown as a toast by the HTTP layer.
    }
  };
  return (
    <Modal title={t('videoGroup.confirmDelete')} onClose={close}>
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-form="delete">
        <p>{t(hintKey, params)}</p>
        <input className={input} value={word} onChange={(e) => setWord(e.target.value)} name="confirm" aria-label={t('videoGroup.confirmDelete')} aria-invalid={tried && !!error} autoComplete="off" />
        {tried && error && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={close}>
            {t('videoGroup.cancel')}
          </button>
          <button type="submit" className={button}>
            {t('videoGroup.delete')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function MoveDialog({ close }: { close(): void }) {
  const { t } = useTranslation();
  const s = useSnapshot(store.vg);
  const [target, setTarget] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    try {
      await store.moveSelected(Number(target));
      close();
    } catch {
      // Shown as a toast by the HTTP layer.
    }
  };
  return (
    <Modal title={t('videoGroup.move')} onClose={close}>
      <form className={css.form} onSubmit={(e) => void submit(e)} data-form="move">
        <p>{t('videoGroup.selected', { count: s.selected.length })}</p>
        <select className={input} value={target} onChange={(e) => setTarget(e.target.value)} aria-label={t('videoGroup.moveTo')} name="target">
          <option value="" />
          {store.flatGroups(s.tree as DataGroup[]).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={close}>
            {t('videoGroup.cancel')}
          </button>
          <button type="submit" className={button} disabled={!target}>
            {t('videoGroup.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function GroupDialog({ group, parentId, close }: { group: DataGroup | null; parentId: number; close(): void }) {
  const { t } = useTranslation();
  const check = useCheck();
  const [name, setName] = useState(group?.name ?? '');
  const [tried, setTried] = useState(false);
  const error = check(name.trim(), [required(), length(1, 64)]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error) return;
    try {
      await store.saveGroup(group?.id ?? null, parentId, name.trim());
      close();
    } catch {
      // Shown as a toast by the HTTP layer.
    }
  };
  return (
    <Modal title={group ? t('videoGroup.renameGroup') : t('videoGroup.addGroup')} onClose={close}>
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-form="group">
        <label>
          {t('videoGroup.groupName')}
          <input className={input} value={name} onChange={(e) => setName(e.target.value)} name="groupName" aria-invalid={tried && !!error} />
        </label>
        {tried && error && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={close}>
            {t('videoGroup.cancel')}
          </button>
          <button type="submit" className={button}>
            {t('videoGroup.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
