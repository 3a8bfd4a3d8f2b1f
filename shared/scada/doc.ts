// A scada page's document (mapConfigManage scada/index): a background and the elements placed on it.
// One set of rules for the editor, the platform and the viewer: what kinds exist, what each field may
// hold, and how many elements one page may have. Nothing in a document is ever treated as HTML, and
// the only addresses it may hold are the platform's own uploads.

export const SCADA_KINDS = ['camera', 'point', 'state', 'switch', 'bell', 'alarms', 'chart', 'text', 'image', 'shape', 'link'] as const;
export type ScadaKind = (typeof SCADA_KINDS)[number];

/**
 * Elements one page may hold. Above it the platform refuses the save and the editor refuses to add:
 * 2000 positioned elements (each a DOM subtree, cameras each a decoder) is past what a screen shows
 * usefully, and it keeps the editor's selection, guides and undo fast.
 */
export const MAX_ELEMENTS = 2000;
/** Templates one tenant may keep (SPEC §9 mini-program templates, maximum 10). */
export const MAX_TEMPLATES = 10;
/** Undo steps the editor keeps (at least 50). */
export const UNDO_STEPS = 100;

export interface Threshold {
  /** The colour applies from this value up (the highest threshold not above the value wins). */
  from: number;
  color: string;
}

export interface ScadaElement {
  /** Unique within the page. */
  id: string;
  kind: ScadaKind;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Degrees, clockwise. */
  rotate: number;
  /** A device (point, state, switch, chart): one of the tenant's devices. */
  deviceId?: number;
  /** A parameter code of that device (point, switch, chart). */
  code?: string;
  /** A camera (camera). */
  cameraId?: number;
  /** Another scada page (link). */
  pageId?: number;
  /** Shown text (text, link, a point's label); always rendered as text. */
  text?: string;
  color?: string;
  fill?: string;
  fontSize?: number;
  /** An uploaded image (image): a path under /upload/scada/. */
  src?: string;
  shape?: 'rect' | 'ellipse';
  thresholds?: Threshold[];
  /** Decimals a point value shows. */
  decimals?: number;
  locked?: boolean;
}

export interface ScadaDoc {
  width: number;
  height: number;
  /** An uploaded floor plan or diagram: a path under /upload/scada/, or ''. */
  background: string;
  elements: ScadaElement[];
}

export const emptyDoc = (): ScadaDoc => ({ width: 1280, height: 720, background: '', elements: [] });

/** Kinds that bind a device, a device parameter, or a camera. */
export const DEVICE_KINDS: ReadonlySet<ScadaKind> = new Set(['point', 'state', 'switch', 'chart']);
export const PARAM_KINDS: ReadonlySet<ScadaKind> = new Set(['point', 'switch', 'chart']);

const COLOR = /^#[0-9a-f]{3,8}$/i;
const UPLOAD = /^\/upload\/scada\/[\w.-]{1,80}$/;
const ID = /^[\w-]{1,40}$/;
const CODE = /^[^{}[\]^\s]{1,64}$/;

/** Why a document is refused: a message key of the scada texts and the values it names. */
export interface DocProblem {
  key: 'tooMany' | 'badElement' | 'badDoc' | 'duplicateId';
  /** The element's position (1-based) when about one. */
  index?: number;
  field?: string;
  max?: number;
}

const num = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const int = (v: unknown, min: number, max: number): v is number => num(v, min, max) && Number.isInteger(v);
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** The first field of an element that breaks the rules, or null. */
function elementProblem(raw: Record<string, unknown>): string | null {
  if (!str(raw.id, 40) || !ID.test(raw.id)) return 'id';
  if (!SCADA_KINDS.includes(raw.kind as ScadaKind)) return 'kind';
  for (const f of ['x', 'y'] as const) if (!num(raw[f], -20000, 20000)) return f;
  for (const f of ['w', 'h'] as const) if (!num(raw[f], 2, 20000)) return f;
  if (!num(raw.rotate, -360, 360)) return 'rotate';
  const optional: Record<string, (v: unknown) => boolean> = {
    deviceId: (v) => int(v, 1, Number.MAX_SAFE_INTEGER),
    cameraId: (v) => int(v, 1, Number.MAX_SAFE_INTEGER),
    pageId: (v) => int(v, 1, Number.MAX_SAFE_INTEGER),
    code: (v) => str(v, 64) && CODE.test(v),
    text: (v) => str(v, 500),
    color: (v) => str(v, 9) && COLOR.test(v),
    fill: (v) => str(v, 9) && COLOR.test(v),
    fontSize: (v) => int(v, 6, 200),
    src: (v) => str(v, 100) && UPLOAD.test(v),
    shape: (v) => v === 'rect' || v === 'ellipse',
    decimals: (v) => int(v, 0, 6),
    locked: (v) => typeof v === 'boolean',
    thresholds: (v) =>
      Array.isArray(v) &&
      v.length <= 10 &&
      v.every((t) => typeof t === 'object' && t !== null && num((t as Threshold).from, -1e12, 1e12) && str((t as Threshold).color, 9) && COLOR.test((t as Threshold).color)),
  };
  for (const [field, check] of Object.entries(optional)) if (raw[field] !== undefined && !check(raw[field])) return field;
  const known = new Set(['id', 'kind', 'x', 'y', 'w', 'h', 'rotate', ...Object.keys(optional)]);
  for (const field of Object.keys(raw)) if (!known.has(field)) return field;
  return null;
}

/** Checks a document from anywhere (a request, a file, storage): the document, or why not. */
export function checkDoc(raw: unknown): { ok: true; doc: ScadaDoc } | { ok: false; problem: DocProblem } {
  if (typeof raw !== 'object' || raw === null) return { ok: false, problem: { key: 'badDoc' } };
  const d = raw as Record<string, unknown>;
  if (!int(d.width, 100, 20000)) return { ok: false, problem: { key: 'badDoc', field: 'width' } };
  if (!int(d.height, 100, 20000)) return { ok: false, problem: { key: 'badDoc', field: 'height' } };
  if (!(d.background === '' || (str(d.background, 100) && UPLOAD.test(d.background)))) return { ok: false, problem: { key: 'badDoc', field: 'background' } };
  if (!Array.isArray(d.elements)) return { ok: false, problem: { key: 'badDoc', field: 'elements' } };
  if (d.elements.length > MAX_ELEMENTS) return { ok: false, problem: { key: 'tooMany', max: MAX_ELEMENTS } };
  const ids = new Set<string>();
  for (const [i, e] of d.elements.entries()) {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return { ok: false, problem: { key: 'badElement', index: i + 1, field: 'kind' } };
    const field = elementProblem(e as Record<string, unknown>);
    if (field) return { ok: false, problem: { key: 'badElement', index: i + 1, field } };
    const id = (e as ScadaElement).id;
    if (ids.has(id)) return { ok: false, problem: { key: 'duplicateId', index: i + 1 } };
    ids.add(id);
  }
  return { ok: true, doc: { width: d.width, height: d.height, background: d.background as string, elements: d.elements as ScadaElement[] } };
}

/** The colour a point value takes: the highest threshold not above it, else the element's colour. */
export function colorFor(value: number | null, thresholds: readonly Threshold[] | undefined, fallback: string): string {
  if (value === null || !thresholds?.length) return fallback;
  let best: Threshold | null = null;
  for (const t of thresholds) if (value >= t.from && (!best || t.from >= best.from)) best = t;
  return best?.color ?? fallback;
}

/** The devices and cameras a document binds. */
export function bindingsOf(doc: ScadaDoc): { deviceIds: number[]; cameraIds: number[] } {
  const devices = new Set<number>();
  const cameras = new Set<number>();
  for (const e of doc.elements) {
    if (e.deviceId !== undefined) devices.add(e.deviceId);
    if (e.cameraId !== undefined) cameras.add(e.cameraId);
  }
  return { deviceIds: [...devices], cameraIds: [...cameras] };
}

/**
 * The document with every binding outside the allowed devices and cameras dropped (the element stays,
 * unbound), and how many were dropped — a page copied from another tenant binds nothing of it.
 */
export function dropForeign(doc: ScadaDoc, devices: ReadonlySet<number>, cameras: ReadonlySet<number>): { doc: ScadaDoc; dropped: number } {
  let dropped = 0;
  const elements = doc.elements.map((e) => {
    let next = e;
    if (e.deviceId !== undefined && !devices.has(e.deviceId)) {
      const { deviceId: _d, code: _c, ...rest } = next;
      next = rest;
      dropped++;
    }
    if (e.cameraId !== undefined && !cameras.has(e.cameraId)) {
      const { cameraId: _c, ...rest } = next;
      next = rest;
      dropped++;
    }
    return next;
  });
  return { doc: { ...doc, elements }, dropped };
}

/** The document with its devices and cameras replaced by a mapping (old id → new id; unmapped bindings dropped). */
export function rebind(doc: ScadaDoc, devices: ReadonlyMap<number, number>, cameras: ReadonlyMap<number, number>): ScadaDoc {
  return {
    ...doc,
    elements: doc.elements.map((e) => {
      let next: ScadaElement = { ...e };
      if (e.deviceId !== undefined) {
        const to = devices.get(e.deviceId);
        if (to) next.deviceId = to;
        else {
          const { deviceId: _d, code: _c, ...rest } = next;
          next = rest;
        }
      }
      if (e.cameraId !== undefined) {
        const to = cameras.get(e.cameraId);
        if (to) next.cameraId = to;
        else {
          const { cameraId: _c, ...rest } = next;
          next = rest;
        }
      }
      return next;
    }),
  };
}
