// /appEditor?id=…: the app designer for one scada page's draft. Elements come from the palette (drag
// onto the canvas, or Enter/click to drop one in the middle), are moved, resized and rotated with
// react-moveable (snap guides to the page and the other elements), multi-selected with Shift, nudged
// with the arrows, copied, pasted, re-ordered and aligned; every change is an undo step. Bindings are
// picked from the tenant's real devices, parameters, cameras and pages. A save names the revision it
// was based on: a page saved meanwhile in another tab refuses it, and the editor keeps the work and
// offers to save it as a new page or to reload.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import Moveable from 'react-moveable';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createScadaPage, loadScadaDraft, publishScadaPage, saveScadaDraft, scadaBindings } from '../../../shared/api/scada.ts';
import type { ScadaBindings, ScadaDraft } from '../../../shared/api/scada-types.ts';
import { http, notify, RequestError } from '../../../shared/http/index.ts';
import { MAX_ELEMENTS, SCADA_KINDS, type ScadaDoc, type ScadaElement, type ScadaKind } from '../../../shared/scada/doc.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { ElementBody, elementBox, useScadaLive, type LiveIndex } from '../../../widgets/scada-page/index.ts';
import '../scada/texts.ts';
import * as css from './app-editor.css.ts';
import { add, align, commit, copies, initialState, makeElement, nudge, redo, remove, reorder, undo, update, type Align, type EditorState, type Order } from './model.ts';
import { ElementProperties, PageProperties } from './properties.tsx';

const DND_TYPE = 'application/x-atrium-scada';
const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3];
/** Elements offered as snap targets: the nearest this many are enough, and the first move stays fast. */
const GUIDE_LIMIT = 40;

const round = (n: number): number => Math.round(n * 10) / 10;
const rotationOf = (transform: string): number => Number(/rotate\((-?[\d.]+)deg\)/.exec(transform)?.[1] ?? 0);

/** The element's box as the DOM holds it after a gesture (moveable writes the styles while dragging). */
function readBox(node: HTMLElement): Partial<ScadaElement> {
  return { x: round(parseFloat(node.style.left)), y: round(parseFloat(node.style.top)), w: round(parseFloat(node.style.width)), h: round(parseFloat(node.style.height)), rotate: round(rotationOf(node.style.transform)) };
}

const Box = memo(function Box({ el, selected, live, name, onPointerDown }: { el: ScadaElement; selected: boolean; live: LiveIndex; name: string; onPointerDown: (e: ReactPointerEvent, id: string) => void }) {
  return (
    <div
      className={`${css.box}${selected ? ` ${css.boxSelected}` : ''}`}
      style={elementBox(el)}
      data-element={el.id}
      data-kind={el.kind}
      data-locked={el.locked === true}
      data-selected={selected}
      onPointerDown={(e) => onPointerDown(e, el.id)}
    >
      <div style={{ pointerEvents: 'none', width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <ElementBody el={el} live={live} mode="edit" deviceName={name} />
      </div>
    </div>
  );
});

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || Boolean(target.closest('[role=dialog],[role=alertdialog]')));

export default function AppEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pageId = Number(params.get('id'));
  const valid = Number.isInteger(pageId) && pageId > 0;

  const [page, setPage] = useState<ScadaDraft | null>(null);
  const [loadError, setLoadError] = useState('');
  const [state, setState] = useState<EditorState>(() => initialState({ width: 1280, height: 720, background: '', elements: [] }));
  const [saved, setSaved] = useState<ScadaDoc | null>(null);
  const [revision, setRevision] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const [bindings, setBindings] = useState<ScadaBindings | null>(null);
  const [zoom, setZoom] = useState(1);
  const clipboard = useRef<ScadaElement[]>([]);
  const stageRef = useRef<HTMLDivElement>(null);
  const moveable = useRef<Moveable>(null);
  // The latest state and save for the handlers registered once (keys, pointer down).
  const stateRef = useRef(state);
  const saveRef = useRef<() => Promise<boolean>>(async () => false);
  const [live] = useScadaLive(page ? page.id : null, true);
  const dirty = saved !== null && state.doc !== saved;

  const load = useCallback(
    (signal?: AbortSignal) =>
      loadScadaDraft(http, pageId, signal).then(
        (draft) => {
          setPage(draft);
          setState(initialState(draft.doc));
          setSaved(draft.doc);
          setRevision(draft.revision);
          setProblem(null);
        },
        (e: unknown) => {
          if (!signal?.aborted) setLoadError(e instanceof Error ? e.message : String(e));
        },
      ),
    [pageId],
  );

  useEffect(() => {
    if (!valid) return;
    const abort = new AbortController();
    void load(abort.signal);
    scadaBindings(http, abort.signal).then(setBindings, () => undefined);
    return () => abort.abort();
  }, [valid, load]);

  // Leaving with unsaved work asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const deviceNames = useMemo(() => new Map((bindings?.devices ?? []).map((d) => [d.id, d.name])), [bindings]);
  const selected = useMemo(() => new Set(state.selected), [state.selected]);
  const selectedEls = state.doc.elements.filter((e) => selected.has(e.id));
  const movable = selectedEls.filter((e) => !e.locked);

  const apply = (next: EditorState | 'tooMany') => {
    if (next === 'tooMany') notify({ kind: 'toast', level: 'error', duration: 4000, key: 'editor.tooMany', params: { max: MAX_ELEMENTS } });
    else setState(next);
  };

  const center = () => {
    const area = stageRef.current?.parentElement?.parentElement;
    if (!area) return { x: state.doc.width / 2, y: state.doc.height / 2 };
    return { x: (area.scrollLeft + area.clientWidth / 2 - 40) / zoom, y: (area.scrollTop + area.clientHeight / 2 - 40) / zoom };
  };
  const addKind = (kind: ScadaKind, at = center()) => apply(add(state, [makeElement(state.doc, kind, at.x, at.y)]));

  const save = async (): Promise<boolean> => {
    if (!page) return false;
    setSaving(true);
    const doc = state.doc;
    try {
      const answer = await saveScadaDraft(http, page.id, { revision, doc });
      setRevision(answer.revision);
      setSaved(doc);
      setProblem(null);
      notify({ kind: 'toast', level: answer.dropped ? 'warning' : 'success', duration: 3000, key: answer.dropped ? 'editor.savedDropped' : 'editor.saved', params: { revision: answer.revision, count: answer.dropped } });
      return true;
    } catch (e) {
      setProblem({ message: e instanceof Error ? e.message : String(e), stale: e instanceof RequestError && e.code === 40901 });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    if (!page) return;
    if (dirty && !(await save())) return;
    await publishScadaPage(http, page.id);
    notify({ kind: 'toast', level: 'success', duration: 3000, key: 'editor.published' });
  };

  /** The refused work as a page of its own (nothing lost), then edit that one. */
  const saveAsCopy = async () => {
    if (!page) return;
    const name = `${page.name.slice(0, 38)} ${new Date().toTimeString().slice(0, 8)}`;
    const made = await createScadaPage(http, { name, description: page.description });
    await saveScadaDraft(http, made.id, { revision: 1, doc: state.doc });
    notify({ kind: 'toast', level: 'success', duration: 3000, key: 'editor.copySaved', params: { name } });
    setSaved(state.doc);
    void navigate(`/appEditor?id=${made.id}`);
  };

  const reload = () => {
    if (dirty && !window.confirm(t('editor.leave'))) return;
    void load();
  };

  const select = (id: string, additive: boolean) =>
    setState((s) => ({ ...s, selected: additive ? (s.selected.includes(id) ? s.selected.filter((x) => x !== id) : [...s.selected, id]) : s.selected.includes(id) ? s.selected : [id] }));

  const onBoxDown = useCallback((e: ReactPointerEvent, id: string) => {
    e.stopPropagation();
    const additive = e.shiftKey;
    const wasSelected = stateRef.current.selected.includes(id);
    if (wasSelected && !additive) return; // moveable drags the selection
    flushSync(() => select(id, additive));
    const locked = stateRef.current.doc.elements.find((x) => x.id === id)?.locked;
    if (!additive && !locked) {
      const native = e.nativeEvent;
      const node = e.currentTarget;
      void moveable.current?.waitToChangeTarget().then(() => moveable.current?.dragStart(native, node));
    }
  }, []);

  const commitNodes = (nodes: ReadonlyArray<HTMLElement | SVGElement>) => {
    const changes = new Map<string, Partial<ScadaElement>>();
    for (const node of nodes) if (node instanceof HTMLElement && node.dataset.element) changes.set(node.dataset.element, readBox(node));
    setState((s) => update(s, changes));
  };

  useEffect(() => {
    moveable.current?.updateRect();
  }, [state.doc, zoom]);

  // Keyboard: arrows nudge, Delete removes, Ctrl+Z/Y/C/V/D/A/S, Escape clears the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const s = stateRef.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const step = e.shiftKey ? 10 : 1;
      const arrows: Record<string, [number, number]> = { arrowleft: [-step, 0], arrowright: [step, 0], arrowup: [0, -step], arrowdown: [0, step] };
      let next: EditorState | 'tooMany' | null = null;
      if (arrows[key] && s.selected.length) next = nudge(s, ...arrows[key]);
      else if ((key === 'delete' || key === 'backspace') && s.selected.length) next = remove(s, s.selected);
      else if (mod && key === 'z' && !e.shiftKey) next = undo(s);
      else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) next = redo(s);
      else if (mod && key === 'c') {
        clipboard.current = s.doc.elements.filter((x) => s.selected.includes(x.id));
        e.preventDefault();
        return;
      } else if (mod && key === 'v' && clipboard.current.length) {
        next = add(s, copies(s.doc, clipboard.current));
        // The next paste lands a step further.
        clipboard.current = clipboard.current.map((c) => ({ ...c, x: c.x + 20, y: c.y + 20 }));
      } else if (mod && key === 'd' && s.selected.length) next = add(s, copies(s.doc, s.doc.elements.filter((x) => s.selected.includes(x.id))));
      else if (mod && key === 'a') next = { ...s, selected: s.doc.elements.map((x) => x.id) };
      else if (mod && key === 's') {
        e.preventDefault();
        void saveRef.current();
        return;
      } else if (key === 'escape') next = { ...s, selected: [] };
      if (next === null) return;
      e.preventDefault();
      apply(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useLayoutEffect(() => {
    saveRef.current = save;
    stateRef.current = state;
  });

  const fit = () => {
    const area = stageRef.current?.parentElement?.parentElement;
    if (area) setZoom(Math.max(0.1, Math.min((area.clientWidth - 80) / state.doc.width, (area.clientHeight - 80) / state.doc.height)));
  };

  const onDrop = (e: DragEvent) => {
    const kind = e.dataTransfer.getData(DND_TYPE) as ScadaKind;
    if (!SCADA_KINDS.includes(kind) || !stageRef.current) return;
    e.preventDefault();
    const rect = stageRef.current.getBoundingClientRect();
    addKind(kind, { x: (e.clientX - rect.left) / zoom, y: (e.clientY - rect.top) / zoom });
  };

  // Snap guides: the page itself and the GUIDE_LIMIT elements nearest the selection, as selectors
  // (moveable measures each one when a drag starts: all 2000 would make that first move slow).
  const guides = useMemo(() => {
    const anchor = state.doc.elements.find((e) => selected.has(e.id));
    const others = state.doc.elements.filter((e) => !selected.has(e.id));
    const near = anchor ? others.map((e) => [Math.hypot(e.x + e.w / 2 - anchor.x - anchor.w / 2, e.y + e.h / 2 - anchor.y - anchor.h / 2), e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e) : others;
    return ['[data-part="stage"]', ...near.slice(0, GUIDE_LIMIT).map((e) => `[data-part="stage"] [data-element="${e.id}"]`)];
  }, [selected, state.doc.elements]);

  if (!valid) return <p style={{ padding: 24 }}>{t('editor.noPage')}</p>;
  if (loadError) {
    return (
      <p role="alert" style={{ padding: 24 }}>
        {loadError} <Link to="/scada/index">{t('scada.title')}</Link>
      </p>
    );
  }
  if (!page) return <p style={{ padding: 24 }}>{t('editor.loading')}</p>;

  const { doc } = state;
  const one = selectedEls.length === 1 ? selectedEls[0]! : null;
  const tool = (key: string, label: string, run: () => void, disabled = false) => (
    <button type="button" className={buttonGhost} onClick={run} disabled={disabled} data-action={key} title={label}>
      {label}
    </button>
  );
  const order = (o: Order) => apply(reorder(state, o));
  const alignTo = (a: Align) => apply(align(state, a));

  return (
    <div className={css.page} data-page="app-editor" data-revision={revision} data-dirty={dirty}>
      <div className={css.bar} role="toolbar" aria-label={t('editor.title')}>
        <Link to="/scada/index" onClick={(e) => dirty && !window.confirm(t('editor.leave')) && e.preventDefault()}>
          ←
        </Link>
        <span className={css.title}>{page.name}</span>
        {tool('undo', t('editor.undo'), () => apply(undo(state)), state.past.length === 0)}
        {tool('redo', t('editor.redo'), () => apply(redo(state)), state.future.length === 0)}
        <span className={css.sep} />
        {tool('remove', t('editor.remove'), () => apply(remove(state, state.selected)), state.selected.length === 0)}
        {tool('front', t('editor.front'), () => order('front'), state.selected.length === 0)}
        {tool('back', t('editor.back'), () => order('back'), state.selected.length === 0)}
        {tool('forward', t('editor.forward'), () => order('forward'), state.selected.length === 0)}
        {tool('backward', t('editor.backward'), () => order('backward'), state.selected.length === 0)}
        <span className={css.sep} />
        {tool('align-left', t('editor.alignLeft'), () => alignTo('left'), selectedEls.length < 2)}
        {tool('align-top', t('editor.alignTop'), () => alignTo('top'), selectedEls.length < 2)}
        {tool('align-center', t('editor.alignCenter'), () => alignTo('center'), selectedEls.length < 2)}
        {tool('align-middle', t('editor.alignMiddle'), () => alignTo('middle'), selectedEls.length < 2)}
        <span className={css.sep} />
        {tool('zoom-out', t('editor.zoomOut'), () => setZoom((z) => ZOOMS.filter((x) => x < z).pop() ?? z), zoom <= ZOOMS[0]!)}
        <span aria-live="polite" data-part="zoom">
          {Math.round(zoom * 100)}%
        </span>
        {tool('zoom-in', t('editor.zoomIn'), () => setZoom((z) => ZOOMS.find((x) => x > z) ?? z), zoom >= ZOOMS[ZOOMS.length - 1]!)}
        <button type="button" className={buttonGhost} onClick={fit} data-action="zoom-fit" title={t('editor.zoomFit')}>
          {t('editor.zoomFit')}
        </button>
        <span className={css.status} role="status" data-part="status">
          {saving ? t('editor.saving') : dirty ? t('editor.unsaved') : ''}
        </span>
        <button type="button" className={buttonGhost} onClick={() => window.open(`/scada_view?id=${page.id}`, '_blank', 'noopener')} data-action="preview">
          {t('editor.preview')}
        </button>
        <button type="button" className={buttonGhost} onClick={() => void publish()} data-action="publish" disabled={saving}>
          {t('editor.publish')}
        </button>
        <button type="button" className={button} onClick={() => void save()} data-action="save" disabled={saving}>
          {t('editor.save')}
        </button>
        {problem ? (
          <div className={css.alert} role="alert" data-part="problem" data-stale={problem.stale}>
            <strong>{problem.stale ? t('editor.stale') : ''}</strong>
            <span>{problem.message}</span>
            {problem.stale ? (
              <>
                <button type="button" className={buttonGhost} onClick={() => void saveAsCopy()} data-action="save-copy">
                  {t('editor.saveCopy')}
                </button>
                <button type="button" className={buttonGhost} onClick={reload} data-action="reload">
                  {t('editor.reload')}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      <aside className={css.left}>
        <h3 className={css.heading}>{t('editor.palette')}</h3>
        <div className={css.palette} data-part="palette">
          {SCADA_KINDS.map((kind) => (
            <button key={kind} type="button" className={css.tool} draggable onDragStart={(e) => e.dataTransfer.setData(DND_TYPE, kind)} onClick={() => addKind(kind)} data-tool={kind}>
              {t(`editor.kind.${kind}`)}
            </button>
          ))}
        </div>
        <h3 className={css.heading}>
          {t('editor.layers')} ({doc.elements.length})
        </h3>
        <ul className={css.layers} data-part="layers" aria-label={t('editor.layers')}>
          {[...doc.elements].reverse().map((e) => (
            <li key={e.id}>
              <button type="button" className={css.layer} aria-pressed={selected.has(e.id)} onClick={(ev) => select(e.id, ev.shiftKey)} data-layer={e.id}>
                {e.locked ? '🔒 ' : ''}
                {t(`editor.kind.${e.kind}`)} {e.text ?? (e.deviceId !== undefined ? deviceNames.get(e.deviceId) : '') ?? ''}
              </button>
            </li>
          ))}
        </ul>
      </aside>

      <div
        className={css.canvasArea}
        tabIndex={0}
        aria-label={t('editor.title')}
        onDragOver={(e) => e.dataTransfer.types.includes(DND_TYPE) && e.preventDefault()}
        onDrop={onDrop}
        onPointerDown={(e) => {
          if (e.target === e.currentTarget || e.target === stageRef.current || (e.target as HTMLElement).dataset.part === 'stage-bg') setState((s) => ({ ...s, selected: [] }));
        }}
        data-part="canvas"
      >
        <div className={css.stageWrap} style={{ width: doc.width * zoom, height: doc.height * zoom }}>
          <div ref={stageRef} className={css.stage} style={{ width: doc.width, height: doc.height, transform: `scale(${zoom})` }} data-part="stage">
            {doc.background ? <img className={css.bgImage} src={doc.background} alt="" data-part="stage-bg" /> : null}
            {doc.elements.map((e) => (
              <Box key={e.id} el={e} selected={selected.has(e.id)} live={live} name={e.deviceId !== undefined ? (deviceNames.get(e.deviceId) ?? '') : ''} onPointerDown={onBoxDown} />
            ))}
          </div>
          <Moveable
            ref={moveable}
            target={movable.map((e) => `[data-part="stage"] [data-element="${e.id}"]`)}
            draggable
            resizable
            rotatable={movable.length === 1}
            snappable
            snapThreshold={6}
            isDisplaySnapDigit
            elementGuidelines={guides}
            snapDirections={{ left: true, top: true, right: true, bottom: true, center: true, middle: true }}
            elementSnapDirections={{ left: true, top: true, right: true, bottom: true, center: true, middle: true }}
            origin={false}
            onDrag={(e) => {
              e.target.style.left = `${e.left}px`;
              e.target.style.top = `${e.top}px`;
            }}
            onDragEnd={(e) => e.isDrag && commitNodes([e.target])}
            onDragGroup={(e) =>
              e.events.forEach((ev) => {
                ev.target.style.left = `${ev.left}px`;
                ev.target.style.top = `${ev.top}px`;
              })
            }
            onDragGroupEnd={(e) => e.isDrag && commitNodes(e.targets)}
            onResize={(e) => {
              e.target.style.width = `${e.width}px`;
              e.target.style.height = `${e.height}px`;
              e.target.style.left = `${e.drag.left}px`;
              e.target.style.top = `${e.drag.top}px`;
            }}
            onResizeEnd={(e) => e.lastEvent && commitNodes([e.target])}
            onResizeGroup={(e) =>
              e.events.forEach((ev) => {
                ev.target.style.width = `${ev.width}px`;
                ev.target.style.height = `${ev.height}px`;
                ev.target.style.left = `${ev.drag.left}px`;
                ev.target.style.top = `${ev.drag.top}px`;
              })
            }
            onResizeGroupEnd={(e) => e.lastEvent && commitNodes(e.targets)}
            onRotate={(e) => {
              e.target.style.transform = `rotate(${e.rotation}deg)`;
            }}
            onRotateEnd={(e) => e.lastEvent && commitNodes([e.target])}
          />
        </div>
      </div>

      <aside className={css.right} aria-label={t('editor.properties')}>
        {one ? (
          <ElementProperties key={one.id} el={one} bindings={bindings} onChange={(change) => setState((s) => update(s, new Map([[one.id, change]])))} />
        ) : selectedEls.length > 1 ? (
          <p className={css.hint}>{t('editor.selected', { count: selectedEls.length })}</p>
        ) : (
          <PageProperties doc={doc} onChange={(next) => setState((s) => commit(s, next))} />
        )}
      </aside>
    </div>
  );
}
