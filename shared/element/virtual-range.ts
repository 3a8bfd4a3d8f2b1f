// Which rows of a fixed-height list a scroll position shows: the whole virtualiser is this and a
// spacer as tall as every row together, so 20000 rows cost the DOM only what is on screen. The one
// helper of the kit's long lists (the device list, the wall's camera list).

/** The device list's row height in px; rows are one line, so every row is exactly this tall. */
export const ROW_HEIGHT = 36;
/** Rows rendered beyond each edge, so a fast wheel turn does not show blank space. */
export const OVERSCAN = 8;

export interface RowRange {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/**
 * Rows to render for a scroll container whose first `headerHeight` px are a sticky header and whose
 * body is `count` rows of `rowHeight` px.
 */
export function visibleRange(scrollTop: number, viewportHeight: number, count: number, rowHeight = ROW_HEIGHT, headerHeight = ROW_HEIGHT, overscan = OVERSCAN): RowRange {
  if (count <= 0) return { start: 0, end: 0 };
  const bodyHeight = Math.max(0, viewportHeight - headerHeight);
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + bodyHeight) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, Math.max(first, last) + overscan) };
}

/** The scrollTop that brings row `index` fully into view, or null when it already is. */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight = ROW_HEIGHT, headerHeight = ROW_HEIGHT): number | null {
  const top = index * rowHeight;
  const bodyHeight = Math.max(rowHeight, viewportHeight - headerHeight);
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + bodyHeight) return top + rowHeight - bodyHeight;
  return null;
}
