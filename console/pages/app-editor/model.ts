// The app designer's document state: the page being edited, the selection, and undo/redo of whole
// documents (each step is the document before a change; documents are immutable, so a step costs
// only the elements that changed). Pure functions, so every operation is unit-tested.
import { MAX_ELEMENTS, UNDO_STEPS, type ScadaDoc, type ScadaElement, type ScadaKind } from '../../../shared/scada/doc.ts';

export interface EditorState {
  doc: ScadaDoc;
  selected: readonly string[];
  past: readonly ScadaDoc[];
  future: readonly ScadaDoc[];
  /** Changes since the last save. */
  dirty: boolean;
}

export const initialState = (doc: ScadaDoc): EditorState => ({ doc, selected: [], past: [], future: [], dirty: false });

/** A new document as one undoable step (nothing happens when it is the same document). */
export function commit(state: EditorState, doc: ScadaDoc, selected: readonly string[] = state.selected): EditorState {
  if (doc === state.doc) return { ...state, selected };
  return { doc, selected, past: [...state.past, state.doc].slice(-UNDO_STEPS), future: [], dirty: true };
}

export function undo(state: EditorState): EditorState {
  const previous = state.past[state.past.length - 1];
  if (!previous) return state;
  const ids = new Set(previous.elements.map((e) => e.id));
  return { doc: previous, selected: state.selected.filter((id) => ids.has(id)), past: state.past.slice(0, -1), future: [state.doc, ...state.future], dirty: true };
}

export function redo(state: EditorState): EditorState {
  const next = state.future[0];
  if (!next) return state;
  const ids = new Set(next.elements.map((e) => e.id));
  return { doc: next, selected: state.selected.filter((id) => ids.has(id)), past: [...state.past, state.doc].slice(-UNDO_STEPS), future: state.future.slice(1), dirty: true };
}

let counter = 0;
/** An id no other element of the page has. */
export function newId(doc: ScadaDoc): string {
  const taken = new Set(doc.elements.map((e) => e.id));
  for (;;) {
    const id = `e${Date.now().toString(36)}${(counter++).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

const SIZE: Record<ScadaKind, [number, number]> = {
  camera: [320, 180],
  point: [120, 60],
  state: [140, 32],
  switch: [140, 44],
  bell: [72, 40],
  alarms: [360, 160],
  chart: [240, 120],
  text: [160, 40],
  image: [160, 120],
  shape: [120, 80],
  link: [140, 32],
};

/** A new element of a kind centred on (x, y), with the kind's usual size and look. */
export function makeElement(doc: ScadaDoc, kind: ScadaKind, x: number, y: number): ScadaElement {
  const [w, h] = SIZE[kind];
  const base: ScadaElement = { id: newId(doc), kind, x: Math.round(x - w / 2), y: Math.round(y - h / 2), w, h, rotate: 0 };
  // No colour of its own: the text takes the theme's text colour until the author picks one.
  if (kind === 'text') return { ...base, text: 'Text', fontSize: 18 };
  if (kind === 'shape') return { ...base, shape: 'rect', fill: '#8D98FF33', color: '#8D98FF' };
  if (kind === 'point') return { ...base, decimals: 1, fontSize: 20 };
  if (kind === 'link') return { ...base, text: '→' };
  return base;
}

/** Adds elements (refused past the page limit: the state stays as it was). */
export function add(state: EditorState, elements: readonly ScadaElement[]): EditorState | 'tooMany' {
  if (state.doc.elements.length + elements.length > MAX_ELEMENTS) return 'tooMany';
  return commit(state, { ...state.doc, elements: [...state.doc.elements, ...elements] }, elements.map((e) => e.id));
}

export function remove(state: EditorState, ids: readonly string[]): EditorState {
  const gone = new Set(ids);
  if (gone.size === 0) return state;
  return commit(state, { ...state.doc, elements: state.doc.elements.filter((e) => !gone.has(e.id)) }, []);
}

/** Changes elements by id (each change merged into its element). */
export function update(state: EditorState, changes: ReadonlyMap<string, Partial<ScadaElement>>): EditorState {
  if (changes.size === 0) return state;
  let changed = false;
  const elements = state.doc.elements.map((e) => {
    const c = changes.get(e.id);
    if (!c) return e;
    const next = { ...e, ...c } as ScadaElement;
    for (const [k, v] of Object.entries(c)) if (v === undefined) delete (next as unknown as Record<string, unknown>)[k];
    if ((Object.keys(c) as Array<keyof ScadaElement>).every((k) => e[k] === next[k])) return e;
    changed = true;
    return next;
  });
  return changed ? commit(state, { ...state.doc, elements }) : state;
}

/** Moves the selection by (dx, dy), locked elements staying. */
export function nudge(state: EditorState, dx: number, dy: number): EditorState {
  const chosen = new Set(state.selected);
  const changes = new Map<string, Partial<ScadaElement>>();
  for (const e of state.doc.elements) if (chosen.has(e.id) && !e.locked) changes.set(e.id, { x: e.x + dx, y: e.y + dy });
  return update(state, changes);
}

/** Copies of elements, offset, with new ids (paste and duplicate). */
export function copies(doc: ScadaDoc, elements: readonly ScadaElement[], offset = 20): ScadaElement[] {
  const out: ScadaElement[] = [];
  for (const e of elements) {
    const id = newId({ ...doc, elements: [...doc.elements, ...out] });
    out.push({ ...e, id, x: e.x + offset, y: e.y + offset, locked: undefined } as ScadaElement);
  }
  return out.map((e) => {
    const { locked: _l, ...rest } = e;
    return rest;
  });
}

export type Order = 'front' | 'back' | 'forward' | 'backward';

/** Z-order: the element list is drawn first to last, so the last is on top. */
export function reorder(state: EditorState, order: Order): EditorState {
  const chosen = new Set(state.selected);
  if (chosen.size === 0) return state;
  const els = [...state.doc.elements];
  const picked = els.filter((e) => chosen.has(e.id));
  const rest = els.filter((e) => !chosen.has(e.id));
  let next: ScadaElement[];
  if (order === 'front') next = [...rest, ...picked];
  else if (order === 'back') next = [...picked, ...rest];
  else {
    next = els;
    const step = order === 'forward' ? 1 : -1;
    const indices = els.map((e, i) => (chosen.has(e.id) ? i : -1)).filter((i) => i >= 0);
    if (step > 0) indices.reverse();
    for (const i of indices) {
      const j = i + step;
      if (j < 0 || j >= next.length || chosen.has(next[j]!.id)) continue;
      [next[i], next[j]] = [next[j]!, next[i]!];
    }
  }
  if (next.every((e, i) => e === state.doc.elements[i])) return state;
  return commit(state, { ...state.doc, elements: next });
}

export type Align = 'left' | 'top' | 'center' | 'middle';

/** Aligns the selection to its first element's edge or centre. */
export function align(state: EditorState, how: Align): EditorState {
  const chosen = state.doc.elements.filter((e) => state.selected.includes(e.id) && !e.locked);
  if (chosen.length < 2) return state;
  const ref = state.doc.elements.find((e) => e.id === state.selected[0])!;
  const changes = new Map<string, Partial<ScadaElement>>();
  for (const e of chosen) {
    if (how === 'left') changes.set(e.id, { x: ref.x });
    if (how === 'top') changes.set(e.id, { y: ref.y });
    if (how === 'center') changes.set(e.id, { x: Math.round(ref.x + ref.w / 2 - e.w / 2) });
    if (how === 'middle') changes.set(e.id, { y: Math.round(ref.y + ref.h / 2 - e.h / 2) });
  }
  return update(state, changes);
}
