// One page of a resource with its filters: the state lives with the page (a revisit starts fresh),
// a newer request wins over an older one still in flight (the older is aborted), the rows on screen
// stay while the next page loads, and failures are kept to show in place.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FilterValues, ListQuery, ListResult } from './types.ts';

export interface ListState<Row> {
  query: ListQuery;
  rows: readonly Row[];
  total: number;
  loading: boolean;
  error: string | null;
  /** Changes the page (1-based). */
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** Applies new filters and goes back to page 1. */
  setFilters: (filters: FilterValues) => void;
  reload: () => void;
}

interface Answer<Row> {
  request: object | null;
  result: ListResult<Row>;
  error: string | null;
}

/**
 * `list` is called again whenever its identity changes (memoise it); `resetKey` is a scope chosen
 * outside the filters (a tree node): when it changes the list goes back to page 1; a new `reloadKey`
 * (a change made elsewhere) fetches the same page again; `initialFilters` (e.g. from the address) are
 * the first filters.
 */
export function useList<Row>(
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListResult<Row>>,
  limit: number,
  resetKey = '',
  reloadKey = 0,
  initialFilters: FilterValues = {},
): ListState<Row> {
  const [state, setState] = useState({ query: { page: 1, limit, filters: initialFilters } as ListQuery, resetKey, generation: 0 });
  if (state.resetKey !== resetKey) setState((s) => ({ ...s, resetKey, query: { ...s.query, page: 1 } }));
  const [answer, setAnswer] = useState<Answer<Row>>({ request: null, result: { rows: [], total: 0 }, error: null });
  const { query, generation } = state;
  // One object per distinct request: the answer belongs to the request it was fetched for.
  const request = useMemo(() => ({ query, generation, list, reloadKey }), [query, generation, list, reloadKey]);

  useEffect(() => {
    const controller = new AbortController();
    const { query: q } = request;
    request.list(q, controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return;
        // A page past the end (rows deleted, filter narrowed) steps back to the last one.
        const last = next.total >= 0 ? Math.max(1, Math.ceil(next.total / q.limit)) : q.page;
        if (next.rows.length === 0 && q.page > last) {
          setState((s) => ({ ...s, query: { ...s.query, page: last } }));
          return;
        }
        setAnswer({ request, result: next, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer((a) => ({ request, result: a.result, error: failure instanceof Error ? failure.message : String(failure) }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, query: { ...s.query, page: Math.max(1, page) } })), []);
  const setLimit = useCallback((next: number) => setState((s) => ({ ...s, query: { ...s.query, limit: next, page: 1 } })), []);
  const setFilters = useCallback((filters: FilterValues) => setState((s) => ({ ...s, query: { ...s.query, filters, page: 1 } })), []);
  const reload = useCallback(() => setState((s) => ({ ...s, generation: s.generation + 1 })), []);
  const current = answer.request === request;

  return {
    query,
    rows: answer.result.rows,
    total: answer.result.total,
    loading: !current,
    error: current ? answer.error : null,
    setPage,
    setLimit,
    setFilters,
    reload,
  };
}
