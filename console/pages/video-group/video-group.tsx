// The video access management page on the resource kit: camera groups in the side tree (add, rename,
// delete), the camera table with name/label/tag filters (all filtered by the platform, so paging and
// totals are right), add, batch add of up to 1000 with %d, edit, delete (typed confirmation), moving
// the selected cameras to a group, and export of what the filters match as a background task.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createGroup, deleteGroup, groupTree, updateGroup } from '../../../shared/api/data-group.ts';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { cameraTags, createCamera, deleteCameras, exportCameras, listCameras, moveCamerasToGroup, updateCamera } from '../../../shared/api/video.ts';
import { CAMERA_GROUP_TYPE, type Camera, type CameraListQuery } from '../../../shared/api/video-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { session } from '../../../shared/session/index.ts';
import { useSnapshot } from 'valtio';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { cameraBatchSchema, cameraSchema } from '../../../shared/validate/camera.ts';
import { dataGroupSchema } from '../../../shared/validate/data-group.ts';
import { ConfirmDelete, defineForm, defineResource, FormDialog, Modal, ResourcePage, Tree, treeOptions, type FilterValues, type FormBody, type FormField, type Option, type TreeItem } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';

const ALL = 'all';
/** Adding, editing, moving and deleting cameras and groups (the page alone only shows them). */
const MANAGE = 'video:manage';
const done = (key: string, params?: Record<string, unknown>) => notify({ kind: 'toast', level: 'success', key, ...(params ? { params } : {}), duration: 2000 });
const toItems = (groups: readonly DataGroup[]): TreeItem[] => groups.map((g) => ({ id: String(g.id), name: g.name, children: toItems(g.children) }));

function findGroup(nodes: readonly DataGroup[], id: number): DataGroup | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findGroup(n.children, id);
    if (below) return below;
  }
  return null;
}

function cameraQuery(filters: FilterValues): Omit<CameraListQuery, 'page' | 'limit'> {
  const pick = (k: string) => (typeof filters[k] === 'string' && filters[k] !== '' ? (filters[k] as string).trim() : undefined);
  const group = pick('dataGroupId');
  return {
    ...(group ? { dataGroupId: Number(group) } : {}),
    ...(pick('name') ? { name: pick('name')! } : {}),
    ...(pick('label') ? { label: pick('label')! } : {}),
    ...(pick('tag') ? { tag: pick('tag')! } : {}),
  };
}

type Open = { kind: 'batch' } | { kind: 'move'; ids: number[]; done: () => void } | { kind: 'group'; group: DataGroup | null; parentId: number } | { kind: 'deleteGroup'; group: DataGroup } | null;

/** What the camera list and its forms reach on the page: the group choices, the chosen group, the change count's bump and the page's dialogs. */
interface VideoGroupPageState {
  groupOptions: readonly Option[];
  groupId: number | null;
  changed: () => void;
  setOpen: (open: Open) => void;
}

/** A camera's fields, the batch form's with the count and the patterns' %d rule; the group opens as the one chosen in the tree. */
const cameraFields = (batch: boolean, groupOptions: readonly Option[], rules = batch ? cameraBatchSchema : cameraSchema): readonly FormField<Camera, VideoGroupPageState>[] => [
  { kind: 'text', name: 'name', labelKey: 'videoGroup.field.name', rules: rules.name, initial: (c) => c?.name ?? '' },
  // The device code: no {}[]^ (SPEC §5), the same pattern the platform's declaration refuses.
  { kind: 'text', name: 'label', labelKey: 'videoGroup.field.label', rules: rules.label, initial: (c) => c?.label ?? '' },
  ...(batch ? [{ kind: 'text', name: 'count', labelKey: 'videoGroup.field.count', rules: cameraBatchSchema.count, initial: '10', as: 'number' } as const] : []),
  { kind: 'select', name: 'groupId', labelKey: 'videoGroup.field.group', options: groupOptions, rules: rules.groupId, initial: (c, { page }) => String(c?.data_group_Id ?? page.groupId ?? ''), as: 'number' },
  { kind: 'text', name: 'address', labelKey: 'videoGroup.field.address', initial: (c) => c?.address ?? '' },
  { kind: 'text', name: 'resolution', labelKey: 'videoGroup.field.resolution', initial: (c) => c?.resolution ?? '' },
  { kind: 'text', name: 'tags', labelKey: 'videoGroup.field.tags', initial: (c) => c?.tags.join(', ') ?? '' },
  // Shown with its password masked; sent back unchanged, the platform keeps the stored password.
  { kind: 'text', name: 'sourceUrl', labelKey: 'videoGroup.field.sourceUrl', rules: rules.sourceUrl, initial: (c) => c?.sourceUrl ?? '' },
  { kind: 'checkbox', name: 'ptz', labelKey: 'videoGroup.field.ptz', initial: (c) => (c ? !c.params.disableYunControl : true) },
];

/** The request body of the form's values: the group as dataGroupId, the tags split at commas, pan/tilt as the platform's disable flag. */
const cameraBody = ({ groupId, tags, ptz, ...rest }: FormBody) => ({
  ...(rest as { name: string; label: string; address: string; resolution: string; sourceUrl: string }),
  dataGroupId: groupId as number,
  tags: (tags as string)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
  params: { disableYunControl: ptz !== true },
});

export const cameraForm = defineForm<Camera, VideoGroupPageState>({
  saves: { create: 'video.create', update: 'video.update' },
  fields: (_row, { page }) => cameraFields(false, page.groupOptions),
  save: async (body, row, { page }) => {
    if (row) {
      await updateCamera(http, { id: row.id, ...cameraBody(body) });
      done('videoGroup.saved');
    } else {
      await createCamera(http, cameraBody(body));
      done('videoGroup.created', { count: 1 });
    }
    page.changed();
  },
});

/** Batch add: up to 1000 cameras from patterns with %d. */
export const cameraBatchForm = defineForm<Camera, VideoGroupPageState>({
  saves: { create: 'video.create' },
  fields: (_row, { page }) => cameraFields(true, page.groupOptions),
  save: async ({ count, ...body }, _row, { page }) => {
    await createCamera(http, { ...cameraBody(body), count: count as number });
    done('videoGroup.created', { count: count as number });
    page.changed();
  },
});

/** Adding a camera group under the chosen one (the page's parentId), or renaming one. */
export const cameraGroupForm = defineForm<DataGroup, { parentId: number }>({
  saves: { create: 'dataGroup.create', update: 'dataGroup.update', at: { groupName: 'name' } },
  fields: () => [{ kind: 'text', name: 'groupName', labelKey: 'videoGroup.groupName', rules: dataGroupSchema.name, initial: (g) => g?.name ?? '' }],
  save: async ({ groupName }, g, { page }) => {
    if (g) await updateGroup(http, g.id, { name: groupName as string });
    else await createGroup(http, page.parentId, { name: groupName as string, type: CAMERA_GROUP_TYPE });
    done('videoGroup.saved');
  },
});

/** The tags a camera list may be filtered by, loaded when the filter shows and again after every change of the cameras. */
const tagOptions = (): Promise<Option[]> => cameraTags(http).then((list) => list.map((x) => ({ value: x, label: x })));

export const cameraResource = defineResource<Camera, VideoGroupPageState>({
  id: 'camera',
  operation: 'video.list',
  scope: ['dataGroupId'],
  titleKey: 'videoGroup.title',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'videoGroup.field.name', field: 'name' },
    { id: 'label', headerKey: 'videoGroup.field.label', field: 'label' },
    { id: 'group', headerKey: 'videoGroup.field.group', field: 'groupPath' },
    { id: 'address', headerKey: 'videoGroup.field.address', field: 'address' },
    { id: 'resolution', headerKey: 'videoGroup.field.resolution', field: 'resolution' },
    { id: 'tags', headerKey: 'videoGroup.tags', field: 'tags', cell: (r) => r.tags.join(', ') },
    { id: 'ptz', headerKey: 'videoGroup.field.ptz', field: 'params', cell: (r, { t }) => t(r.params.disableYunControl ? 'videoGroup.ptzOff' : 'videoGroup.ptzOn') },
  ],
  filters: [
    { kind: 'text', name: 'name', labelKey: 'videoGroup.field.name' },
    { kind: 'text', name: 'label', labelKey: 'videoGroup.field.label' },
    { kind: 'select', name: 'tag', labelKey: 'videoGroup.tagFilter', options: tagOptions },
  ],
  list: (q, signal) => listCameras(http, { page: q.page, limit: q.limit, ...cameraQuery(q.filters) }, { signal }),
  form: cameraForm,
  remove: async (rows) => {
    const { deleted } = await deleteCameras(http, rows.map((r) => r.id));
    done('videoGroup.deleted', { count: deleted });
  },
  exporter: (filters) => exportCameras(http, cameraQuery(filters)),
  rights: { create: MANAGE, edit: MANAGE, remove: MANAGE, import: MANAGE },
  bulkActions: [{ key: 'move', labelKey: 'videoGroup.move', right: MANAGE, run: (rows, finish, { page }) => page.setOpen({ kind: 'move', ids: rows.map((r) => r.id), done: finish }) }],
});

export function VideoGroupManager() {
  const { t } = useTranslation();
  const [tree, setTree] = useState<DataGroup[]>([]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const loadTree = useCallback(() => groupTree(http, 0, { type: CAMERA_GROUP_TYPE, force: true }).then(setTree, () => undefined), []);
  useEffect(() => void loadTree(), [loadTree]);
  const groupOptions = useMemo(() => treeOptions(tree, (g) => String(g.id), (g) => g.name), [tree]);
  const current = groupId !== null ? findGroup(tree, groupId) : null;
  const changed = () => setVersion((v) => v + 1);
  const { elements } = useSnapshot(session);
  const manage = MANAGE in elements;
  const def = cameraResource;
  const page: VideoGroupPageState = { groupOptions, groupId, changed, setOpen };

  const side = (
    <>
      <Tree
        label={t('videoGroup.groups')}
        items={[{ id: ALL, name: t('videoGroup.all'), children: [] }, ...toItems(tree)]}
        selected={groupId === null ? ALL : String(groupId)}
        onSelect={(id) => setGroupId(id === ALL ? null : Number(id))}
        testId="camera-groups"
      />
      {manage && (
        <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'group', group: null, parentId: groupId ?? 0 })} data-action="add-group">
          {t('videoGroup.addGroup')}
        </button>
      )}
      {manage && current && (
        <>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'group', group: current, parentId: current.parentId ?? 0 })} data-action="rename-group">
            {t('videoGroup.renameGroup')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'deleteGroup', group: current })} data-action="delete-group">
            {t('videoGroup.deleteGroup')}
          </button>
        </>
      )}
    </>
  );
  return (
    <div data-page="video-group">
      <ResourcePage
        def={def}
        page={page}
        scope={groupId !== null ? { dataGroupId: String(groupId) } : {}}
        side={side}
        version={version}
        tools={
          manage && (
            <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'batch' })} data-action="batch">
              {t('videoGroup.batch')}
            </button>
          )
        }
      />
      {open?.kind === 'batch' && <FormDialog title={t('videoGroup.batch')} form={cameraBatchForm} row={null} page={page} onClose={() => setOpen(null)} />}
      {open?.kind === 'move' && (
        <MoveDialog
          count={open.ids.length}
          options={groupOptions}
          onClose={() => setOpen(null)}
          move={async (target) => {
            const { moved } = await moveCamerasToGroup(http, target, { ids: open.ids });
            done('videoGroup.moved', { count: moved });
            open.done();
          }}
        />
      )}
      {open?.kind === 'group' && (
        <FormDialog
          title={t(open.group ? 'videoGroup.renameGroup' : 'videoGroup.addGroup')}
          row={open.group}
          form={cameraGroupForm}
          page={{ parentId: open.parentId }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) void loadTree().then(changed);
          }}
        />
      )}
      {open?.kind === 'deleteGroup' && (
        <ConfirmDelete
          names={[open.group.name]}
          run={async () => {
            const { deleted } = await deleteGroup(http, CAMERA_GROUP_TYPE, open.group.id);
            done('videoGroup.deleted', { count: deleted });
          }}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setGroupId(null);
            void loadTree().then(changed);
          }}
        />
      )}
    </div>
  );
}

function MoveDialog({ count, options, move, onClose }: { count: number; options: ReturnType<typeof treeOptions>; move: (target: number) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target || busy) return;
    setBusy(true);
    try {
      await move(Number(target));
      onClose();
    } catch {
      // The platform's message was shown as a toast.
      setBusy(false);
    }
  };
  return (
    <Modal title={t('videoGroup.move')} onClose={onClose} testId="move-cameras">
      <form /* not the resource kit: one target-group choice moving the selected cameras */ className={kit.form} onSubmit={(e) => void submit(e)}>
        <p>{t('videoGroup.selected', { count })}</p>
        <select className={input} value={target} onChange={(e) => setTarget(e.currentTarget.value)} aria-label={t('videoGroup.moveTo')} name="target">
          <option value="" />
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {'\u00a0\u00a0'.repeat(o.depth ?? 0) + o.label}
            </option>
          ))}
        </select>
        <div className={kit.actions}>
          <button type="button" className={buttonGhost} onClick={onClose}>
            {t('videoGroup.cancel')}
          </button>
          <button type="submit" className={button} disabled={!target || busy}>
            {t('videoGroup.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
