// The stored wall config as pure functions: read a stored value leniently, write the SPEC shape, and
// merge this tab's changes onto a value another tab saved meanwhile.
import { WALL_PANES, type PaneNumber, type WallSlot } from '../api/wall-types.ts';

/** Pane contents by pane number - 1; null is a blank pane. */
export type Layout = Array<WallSlot | null>;

export const emptyLayout = (): Layout => Array.from({ length: WALL_PANES }, () => null);

export const isPane = (n: unknown): n is PaneNumber => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= WALL_PANES;

/** A stored value → layout. Anything malformed is dropped rather than trusted: a broken value must not break the wall. */
export function parseLayout(value: string | null | undefined): Layout {
  const layout = emptyLayout();
  if (!value) return layout;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return layout;
  }
  if (!Array.isArray(raw)) return layout;
  for (const item of raw as unknown[]) {
    const s = item as Partial<WallSlot> | null;
    if (!s || typeof s !== 'object' || !isPane(s.type) || typeof s.id !== 'number' || !Number.isInteger(s.id) || s.id < 1) continue;
    layout[s.type - 1] = {
      id: s.id,
      name: typeof s.name === 'string' ? s.name : '',
      label: typeof s.label === 'string' ? s.label : '',
      type: s.type,
      params: { disableYunControl: Boolean(s.params?.disableYunControl) },
    };
  }
  return layout;
}

/** Layout → the stored value: a JSON string of the filled slots, in pane order. */
export function serializeLayout(layout: Layout): string {
  return JSON.stringify(
    layout.flatMap((s, i) => (s ? [{ id: s.id, name: s.name, label: s.label, type: (i + 1) as PaneNumber, params: { disableYunControl: s.params.disableYunControl } }] : [])),
  );
}

/**
 * This tab changed the panes in `dirty` since it last read the store; another tab saved `stored`.
 * The result keeps the other tab's panes and applies this tab's: a camera this tab placed is removed
 * from wherever the other tab had it, so no camera is on the wall twice.
 */
export function mergeLayouts(stored: Layout, local: Layout, dirty: ReadonlySet<number>): Layout {
  const merged = stored.map((s, i) => (dirty.has(i) ? (local[i] ?? null) : s));
  const placed = new Set<number>();
  dirty.forEach((i) => {
    const s = local[i];
    if (s) placed.add(s.id);
  });
  return merged.map((s, i) => (s && !dirty.has(i) && placed.has(s.id) ? null : s));
}

export const sameSlot = (a: WallSlot | null, b: WallSlot | null): boolean =>
  a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name && a.label === b.label && a.params.disableYunControl === b.params.disableYunControl);
