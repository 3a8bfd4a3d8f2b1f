// The device list's engine: loads an area's devices (up to one 20000-row page), filters, searches
// and sorts them in memory with the server's own semantics (list-model.ts), and merges live status
// changes into the rows that changed only, so a view keyed by row object re-renders just those.
// When an area holds more rows than one page, every filter goes to the server instead.
//
// A plain class with immutable snapshots (read through useSyncExternalStore) rather than a valtio
// proxy: proxying 20000 rows would cost more than the whole first-render budget.
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/client.ts';
import { fetchAreaTree, listDevices } from '../api/device.ts';
import {
  DEVICE_PAGE_MAX,
  type AreaNode,
  type Device,
  type DeviceListQuery,
  type DeviceSortKey,
  type DeviceStatus,
  type DeviceStatusChange,
  type SortOrder,
} from '../api/device-types.ts';
import { matches, normaliseKeyword, searchText, sortDevices, type ListFilter } from './list-model.ts';
import type { FeedMember, FeedMembership, StatusFeed } from './status-feed.ts';

export interface DeviceListQueryState {
  /** The area whose devices (with all below it) are listed; null for the whole tenant. */
  areaId: string | null;
  status: DeviceStatus | null;
  /** As typed. */
  keyword: string;
  sort: DeviceSortKey;
  order: SortOrder;
}

export type Phase = 'idle' | 'loading' | 'ready' | 'error';

export interface DeviceListState {
  /** idle: not started (no session); loading: first load; ready: rows shown; error: the first load failed. */
  phase: Phase;
  /** A reload is running while the current rows stay on screen. */
  refreshing: boolean;
  error: string | null;
  query: DeviceListQueryState;
  /** The area is set by the host (area-id) and cannot be changed from the list. */
  areaFixed: boolean;
  /** The rows to show, filtered and in order. */
  rows: readonly Device[];
  /** Matching rows in all (SPEC §9 markers); more than rows.length when the server has more than one page. */
  total: number;
  /** The area holds more than one page: filters run on the server. */
  serverFiltered: boolean;
  areas: readonly AreaNode[];
  areasPhase: Phase;
  selectedId: number | null;
  /** The row keyboard navigation is on. */
  activeId: number | null;
  /** False while status polling fails (the rows may be stale). */
  live: boolean;
}

export interface DeviceListDeps {
  client: Pick<Client, 'get'>;
  feed?: Pick<StatusFeed, 'join'> | null;
  /** Rows per load; the SPEC's page limit by default (tests use small ones). */
  pageLimit?: number;
  /** Wait after a keystroke before asking the server (only when filtering on the server). */
  debounceMs?: number;
}

/** The loaded rows in the current order (current objects), their search texts, and positions by id once needed. */
interface SortedRows {
  key: string;
  rows: Device[];
  search: string[];
  at: Map<number, number> | null;
}

const INITIAL_QUERY: DeviceListQueryState = { areaId: null, status: null, keyword: '', sort: 'code', order: 'asc' };

export class DeviceListStore {
  readonly #client: Pick<Client, 'get'>;
  readonly #feed: Pick<StatusFeed, 'join'> | null;
  readonly #pageLimit: number;
  readonly #debounceMs: number;
  readonly #listeners = new Set<() => void>();
  #state: DeviceListState;

  /** The loaded rows, current objects by id, and their folded search text. */
  #ids: number[] = [];
  readonly #byId = new Map<number, Device>();
  readonly #search = new Map<number, string>();
  /** Loaded ids in the current sort order; status sorts are invalidated by status changes. */
  #sorted: SortedRows | null = null;
  /** Position of each shown row, for patching a changed row in place; built on first use after each recompute. */
  #viewIndexCache: Map<number, number> | null = null;
  /** The loaded rows are the whole area (no server-side status or keyword filter applied). */
  #wholeArea = false;
  /** The server's total for the last load. */
  #serverTotal = 0;

  #started = false;
  #loadSeq = 0;
  #loadAbort: AbortController | null = null;
  #areasAbort: AbortController | null = null;
  #debounce: ReturnType<typeof setTimeout> | null = null;
  #membership: FeedMembership | null = null;
  readonly #member: FeedMember = {
    onChanges: (changes) => this.applyChanges(changes),
    onReset: () => this.reload(),
    onHealth: (ok) => {
      if (this.#state.live !== ok) this.#set({ live: ok });
    },
  };

  constructor(deps: DeviceListDeps) {
    this.#client = deps.client;
    this.#feed = deps.feed ?? null;
    this.#pageLimit = Math.min(deps.pageLimit ?? DEVICE_PAGE_MAX, DEVICE_PAGE_MAX);
    this.#debounceMs = deps.debounceMs ?? 300;
    this.#state = {
      phase: 'idle',
      refreshing: false,
      error: null,
      query: INITIAL_QUERY,
      areaFixed: false,
      rows: [],
      total: 0,
      serverFiltered: false,
      areas: [],
      areasPhase: 'idle',
      selectedId: null,
      activeId: null,
      live: true,
    };
  }

  // ---- reading --------------------------------------------------------------------------------

  getState = (): DeviceListState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The current object of a loaded device (also when filtered out of view). */
  device(id: number): Device | undefined {
    return this.#byId.get(id);
  }

  indexOf(id: number | null): number {
    return id === null ? -1 : (this.#viewIndex().get(id) ?? -1);
  }

  // ---- life -----------------------------------------------------------------------------------

  /** Loads the areas (unless the area is fixed) and the list, then follows status changes. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    if (this.#feed) this.#membership = this.#feed.join(this.#member);
    if (!this.#state.areaFixed) void this.#loadAreas();
    void this.#load(this.#state.rows.length === 0);
  }

  /** Stops polling and drops requests in flight; the rows stay for a restart. */
  stop(): void {
    if (!this.#started) return;
    this.#started = false;
    this.#membership?.leave();
    this.#membership = null;
    this.#loadAbort?.abort();
    this.#areasAbort?.abort();
    this.#clearDebounce();
    this.#loadSeq += 1;
    if (this.#state.phase === 'loading') this.#set({ phase: 'idle' });
    if (this.#state.refreshing) this.#set({ refreshing: false });
  }

  /** Reloads the rows, keeping what is shown (and the selection) until the answer is in. */
  reload(): void {
    if (this.#started) void this.#load(this.#state.phase !== 'ready');
  }

  /** Drops every row, the areas and the selection (another user signed in). Call while stopped. */
  forget(): void {
    this.#ids = [];
    this.#byId.clear();
    this.#search.clear();
    this.#sorted = null;
    this.#viewIndexCache = null;
    this.#wholeArea = false;
    this.#serverTotal = 0;
    const query = { ...INITIAL_QUERY, areaId: this.#state.areaFixed ? this.#state.query.areaId : null };
    this.#set({ phase: 'idle', query, rows: [], total: 0, serverFiltered: false, areas: [], areasPhase: 'idle', selectedId: null, activeId: null, error: null, live: true });
  }

  retryAreas(): void {
    if (this.#started && !this.#state.areaFixed) void this.#loadAreas();
  }

  // ---- query actions --------------------------------------------------------------------------

  /** The host's area-id: fixes the area (null releases it). */
  setFixedArea(areaId: string | null): void {
    const fixed = areaId !== null && areaId !== '';
    if (fixed === this.#state.areaFixed && (!fixed || areaId === this.#state.query.areaId)) return;
    this.#set({ areaFixed: fixed, query: { ...this.#state.query, areaId: fixed ? areaId : null } });
    if (!fixed && this.#started && this.#state.areasPhase === 'idle') void this.#loadAreas();
    this.#scopeChanged();
  }

  setArea(areaId: string | null): void {
    if (this.#state.areaFixed || areaId === this.#state.query.areaId) return;
    this.#set({ query: { ...this.#state.query, areaId } });
    this.#scopeChanged();
  }

  setStatus(status: DeviceStatus | null): void {
    if (status === this.#state.query.status) return;
    this.#set({ query: { ...this.#state.query, status } });
    this.#filterChanged(false);
  }

  setKeyword(keyword: string): void {
    if (keyword === this.#state.query.keyword) return;
    const before = normaliseKeyword(this.#state.query.keyword);
    this.#set({ query: { ...this.#state.query, keyword } });
    if (normaliseKeyword(keyword) !== before) this.#filterChanged(true);
  }

  /** Sorts by the column; the same column again flips the order. */
  sortBy(sort: DeviceSortKey): void {
    const { query } = this.#state;
    const order: SortOrder = query.sort === sort && query.order === 'asc' ? 'desc' : 'asc';
    this.#set({ query: { ...query, sort, order } });
    this.#filterChanged(false);
  }

  // ---- selection and keyboard -----------------------------------------------------------------

  /** Selects a loaded device; answers it (the view emits the event), or null. */
  select(id: number): Device | null {
    const device = this.#byId.get(id) ?? null;
    if (!device) return null;
    if (this.#state.selectedId !== id || this.#state.activeId !== id) this.#set({ selectedId: id, activeId: id });
    return device;
  }

  setActive(id: number | null): void {
    if (id !== this.#state.activeId) this.#set({ activeId: id });
  }

  /** Moves the keyboard row by `delta` rows (clamped), or to the first / last row. Answers the new index. */
  moveActive(move: number | 'first' | 'last'): number {
    const { rows, activeId } = this.#state;
    if (rows.length === 0) return -1;
    const current = this.indexOf(activeId);
    let next: number;
    if (move === 'first') next = 0;
    else if (move === 'last') next = rows.length - 1;
    else next = current < 0 ? (move > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + move));
    this.setActive(rows[next]!.id);
    return next;
  }

  // ---- live status ----------------------------------------------------------------------------

  /**
   * Merges status changes: a change newer than what a row holds replaces that one row object (every
   * other row keeps its identity). Answers how many rows changed.
   */
  applyChanges(changes: readonly DeviceStatusChange[]): number {
    const changed: Device[] = [];
    for (const change of changes) {
      const device = this.#byId.get(change.id);
      if (!device || change.seq <= device.statusSeq) continue;
      const next: Device = { ...device, status: change.status, statusSeq: change.seq, statusAt: change.at };
      this.#byId.set(change.id, next);
      changed.push(next);
    }
    if (changed.length === 0) return 0;
    const { query } = this.#state;
    if (query.sort === 'status') this.#sorted = null;
    else if (this.#sorted) {
      const sorted = this.#sorted;
      sorted.at ??= new Map(sorted.rows.map((device, at) => [device.id, at]));
      for (const device of changed) sorted.rows[sorted.at.get(device.id)!] = device;
    }
    if (query.status !== null || query.sort === 'status') {
      // Membership or order depends on status: recompute the view (linear; status sorts bucket).
      this.#recompute();
      return changed.length;
    }
    const rows = this.#state.rows.slice();
    let touched = false;
    for (const device of changed) {
      const at = this.#viewIndex().get(device.id);
      if (at !== undefined) {
        rows[at] = device;
        touched = true;
      }
    }
    if (touched) this.#set({ rows });
    return changed.length;
  }

  // ---- internals ------------------------------------------------------------------------------

  #viewIndex(): Map<number, number> {
    if (!this.#viewIndexCache) {
      const index = new Map<number, number>();
      this.#state.rows.forEach((device, at) => index.set(device.id, at));
      this.#viewIndexCache = index;
    }
    return this.#viewIndexCache;
  }

  #set(patch: Partial<DeviceListState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }

  #filter(): ListFilter {
    return { status: this.#state.query.status, keyword: normaliseKeyword(this.#state.query.keyword) };
  }

  #scopeChanged(): void {
    this.#clearDebounce();
    // A new area may fit one page again: try the whole area first.
    this.#wholeArea = false;
    if (this.#state.serverFiltered) this.#set({ serverFiltered: false });
    if (this.#started) void this.#load(false);
  }

  #filterChanged(typed: boolean): void {
    // Instant answer from the loaded rows; exact when they are the whole area.
    this.#recompute();
    if (this.#wholeArea) return;
    // Only part of the area is loaded: ask the server too.
    this.#clearDebounce();
    if (!this.#started) return;
    if (typed && this.#debounceMs > 0) {
      this.#debounce = setTimeout(() => {
        this.#debounce = null;
        void this.#load(false);
      }, this.#debounceMs);
    } else {
      void this.#load(false);
    }
  }

  #clearDebounce(): void {
    if (this.#debounce !== null) clearTimeout(this.#debounce);
    this.#debounce = null;
  }

  #recompute(): void {
    const { sort, order } = this.#state.query;
    const key = `${sort}:${order}`;
    if (!this.#sorted || this.#sorted.key !== key) {
      const devices = sortDevices(this.#ids.map((id) => this.#byId.get(id)!), sort, order);
      this.#sorted = { key, rows: devices, search: devices.map((d) => this.#search.get(d.id)!), at: null };
    }
    const filter = this.#filter();
    const rows: Device[] = [];
    const { rows: sorted, search } = this.#sorted;
    for (let i = 0; i < sorted.length; i++) if (matches(sorted[i]!, search[i]!, filter)) rows.push(sorted[i]!);
    this.#viewIndexCache = null;
    const total = this.#wholeArea ? rows.length : Math.max(this.#serverTotal, rows.length);
    this.#set({ rows, total });
  }

  async #load(first: boolean): Promise<void> {
    const seq = ++this.#loadSeq;
    this.#loadAbort?.abort();
    const abort = new AbortController();
    this.#loadAbort = abort;
    const { query, serverFiltered } = this.#state;
    const filter = this.#filter();
    // The whole area is asked for first; only when it does not fit one page do the filters go along.
    const request: DeviceListQuery = {
      page: 1,
      limit: this.#pageLimit,
      sort: query.sort,
      order: query.order,
      ...(query.areaId ? { areaId: query.areaId } : {}),
      ...(serverFiltered && filter.status ? { status: filter.status } : {}),
      ...(serverFiltered && filter.keyword ? { keyword: query.keyword.trim() } : {}),
    };
    this.#set(first ? { phase: 'loading', error: null } : { refreshing: true });
    try {
      const page = await listDevices(this.#client, request, { signal: abort.signal });
      if (seq !== this.#loadSeq) return;
      const filtered = request.status !== undefined || request.keyword !== undefined;
      const complete = page.total >= 0 && page.total <= page.rows.length;
      this.#wholeArea = !filtered && complete;
      const tooBig = !filtered && !complete;
      this.#take(page.rows, page.total, `${request.sort}:${request.order}`);
      this.#membership?.at(page.cursor);
      this.#set({ phase: 'ready', refreshing: false, error: null, serverFiltered: serverFiltered ? !this.#wholeArea : tooBig });
      // The area turned out bigger than a page while filters are set: ask again with them.
      if (tooBig && !serverFiltered && (filter.status !== null || filter.keyword !== '')) void this.#load(false);
    } catch (error) {
      if (seq !== this.#loadSeq || abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      // Rows already on screen stay; only a first load turns into the error state.
      if (this.#state.phase === 'ready') this.#set({ refreshing: false, error: message });
      else this.#set({ phase: 'error', refreshing: false, error: message });
    }
  }

  /** Takes a page of rows; `order` is the sort the server applied, which equals ours (list-model.ts), so it is not sorted again. */
  #take(devices: Device[], total: number, order: string): void {
    this.#ids = devices.map((d) => d.id);
    this.#byId.clear();
    this.#search.clear();
    const search: string[] = [];
    for (const device of devices) {
      const text = searchText(device);
      this.#byId.set(device.id, device);
      this.#search.set(device.id, text);
      search.push(text);
    }
    this.#sorted = { key: order, rows: devices.slice(), search, at: null };
    this.#serverTotal = total;
    this.#recompute();
  }


  async #loadAreas(): Promise<void> {
    this.#areasAbort?.abort();
    const abort = new AbortController();
    this.#areasAbort = abort;
    this.#set({ areasPhase: 'loading' });
    try {
      const areas = await fetchAreaTree(this.#client, { signal: abort.signal });
      if (!abort.signal.aborted) this.#set({ areas, areasPhase: 'ready' });
    } catch (error) {
      if (abort.signal.aborted) return;
      // The list itself reports the failure (the same cause fails both); the tree shows a retry.
      this.#set({ areasPhase: 'error' });
      if (!(error instanceof RequestError)) throw error;
    }
  }
}
