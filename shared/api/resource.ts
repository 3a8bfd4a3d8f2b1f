// The resource contract every list speaks (SPEC §9): the page a caller asks for, the page it gets
// back ({ rows, total }), the totals' cap and markers, and a selection of rows. The API's page
// schemas (shared/contract/page.ts) are built from these names, the console's resource kit
// (console/resource) and the widgets read them, so a list means the same thing everywhere.
// Plain values and types only: this module is in the widget kit's core chunk.

/** One page of a list: 1-based page number and rows per page. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** A page query with a list's own filters. */
export type PageQueryOf<Filters extends object = object> = PageQuery & Filters;

/** One page of rows and how many rows all pages hold (or a marker, see TOTAL_NONE / TOTAL_OTHER). */
export interface Page<Row> {
  rows: Row[];
  /** Rows in all pages; counting stops above TOTAL_CAP (shown as "20000+"); TOTAL_NONE / TOTAL_OTHER are markers. */
  total: number;
}

/** SPEC §9: a total above this shows as "20000+", and one page may hold a whole list of this many rows. */
export const TOTAL_CAP = 20000;
/** What a platform counts up to: one more than the cap is enough to say "more than the cap". */
export const COUNT_LIMIT = TOTAL_CAP + 1;
/** SPEC §9 total marker: the platform gave no total (paging goes on while pages come back full). */
export const TOTAL_NONE = -1;
/** SPEC §9 total marker: no total for another reason. */
export const TOTAL_OTHER = -2;

/** Rows chosen on the page on screen, keyed by the row's key. */
export type Selection = Readonly<Record<string, true>>;

/** The rows of `rows` a selection holds. */
export const selectedRows = <Row>(rows: readonly Row[], selection: Selection, key: (row: Row) => string | number): Row[] =>
  rows.filter((r) => selection[String(key(r))]);
