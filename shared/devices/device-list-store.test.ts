// The device list engine against a small in-memory platform: local filtering without extra calls,
// live status merges that replace only the changed rows, server-side filtering for big areas, and
// the shared status feed's polling rules.
import { describe, expect, it } from 'vitest';
import type { Client, RequestOptions } from '../http/client.ts';
import { RequestError } from '../http/client.ts';
import type { AreaNode, Device, DevicePage, DeviceSortKey, DeviceStatus, DeviceStatusChanges, SortOrder } from '../api/device-types.ts';
import { DeviceListStore } from './device-list-store.ts';
import { areaAndDescendants, matches, normaliseKeyword, searchText, sortDevices, totalMessage } from './list-model.ts';
import { StatusFeed, type FeedEnv, type FeedMember } from './status-feed.ts';

const STATUSES: DeviceStatus[] = ['online', 'offline', 'unknown'];
const TREE: AreaNode[] = [
  {
    rowGuid: 'root',
    parentId: null,
    areaName: 'Campus',
    children: [
      { rowGuid: 'a', parentId: 'root', areaName: 'Building A', children: [{ rowGuid: 'a1', parentId: 'a', areaName: 'A 1F', children: [] }] },
      { rowGuid: 'b', parentId: 'root', areaName: 'Building B', children: [] },
    ],
  },
];
const AREAS = ['a', 'a1', 'b'];

function makeDevices(n: number): Device[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    code: `DEV-${String((i * 7) % n).padStart(4, '0')}`,
    name: i % 2 ? `Pump-${i}` : `Fan-${i}`,
    label: `l${i}`,
    address: `1-${i}`,
    sn: `SN${String(i).padStart(10, '0')}`,
    ip: `10.0.0.${i % 250}`,
    mac: '',
    busNo: 1,
    port: 502,
    version: '1',
    status: STATUSES[i % 3]!,
    statusSeq: 1,
    statusAt: 0,
    gatewayId: 1,
    gatewayName: 'GW',
    areaId: AREAS[i % 3]!,
    areaName: AREAS[i % 3]!,
    modelId: null,
    modelName: '',
    dataGroupId: null,
    dataGroupName: '',
  }));
}

/** A platform in memory with the server's list semantics; records every call. */
function fakePlatform(devices: Device[]) {
  const calls: Array<{ url: string; params: Record<string, unknown> }> = [];
  let failNext = false;
  const client: Pick<Client, 'get'> = {
    async get<T>(url: string, options: RequestOptions = {}): Promise<T> {
      const params = (options.params ?? {}) as Record<string, string | number | undefined>;
      calls.push({ url, params });
      await Promise.resolve();
      if (failNext) {
        failNext = false;
        throw new RequestError('cannot connect to the server', null, 500);
      }
      if (url === '/api/device/area/tree') return TREE as T;
      if (url === '/api/device/list') {
        const area = params.areaId ? areaAndDescendants(TREE, String(params.areaId)) : null;
        const filter = { status: (params.status as DeviceStatus | undefined) ?? null, keyword: normaliseKeyword(String(params.keyword ?? '')) };
        const all = sortDevices(
          devices.filter((d) => (!area || area.has(d.areaId!)) && matches(d, searchText(d), filter)),
          (params.sort as DeviceSortKey) ?? 'code',
          (params.order as SortOrder) ?? 'asc',
        );
        const limit = Number(params.limit ?? 20);
        return { total: all.length, rows: all.slice(0, limit).map((d) => ({ ...d })), cursor: 1 } satisfies DevicePage as T;
      }
      throw new Error(`unexpected ${url}`);
    },
  };
  return { client, calls, failOnce: () => (failNext = true) };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

async function started(devices: Device[], pageLimit?: number) {
  const platform = fakePlatform(devices);
  const store = new DeviceListStore({ client: platform.client, debounceMs: 0, ...(pageLimit ? { pageLimit } : {}) });
  store.start();
  await settle();
  return { store, ...platform };
}

describe('device list store', () => {
  it('loads the whole area once, then filters, searches and sorts in memory without calling again', async () => {
    const devices = makeDevices(300);
    const { store, calls } = await started(devices);
    const listCalls = () => calls.filter((c) => c.url === '/api/device/list').length;
    expect(store.getState().phase).toBe('ready');
    expect(store.getState().rows.map((d) => d.code)).toEqual([...devices].map((d) => d.code).sort());
    expect(store.getState().total).toBe(300);
    expect(store.getState().areas).toEqual(TREE);

    store.setStatus('offline');
    store.setKeyword(' pump ');
    const rows = store.getState().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((d) => d.status === 'offline' && d.name.startsWith('Pump'))).toBe(true);
    expect(store.getState().total).toBe(rows.length);
    store.sortBy('name');
    store.sortBy('name');
    const names = store.getState().rows.map((d) => d.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(listCalls()).toBe(1);

    // A new area is a new scope: one call, with the area.
    store.setArea('a');
    await settle();
    expect(listCalls()).toBe(2);
    expect(calls.at(-1)!.params.areaId).toBe('a');
    expect(store.getState().rows.length).toBeGreaterThan(0);
    expect(store.getState().rows.every((d) => d.areaId === 'a' || d.areaId === 'a1')).toBe(true);
  });

  it('merges a status change into the changed row only, keeping the others, the selection and the active row', async () => {
    const { store } = await started(makeDevices(50));
    const before = store.getState().rows;
    const target = before[10]!;
    store.select(before[3]!.id);
    store.setActive(before[20]!.id);
    const applied = store.applyChanges([
      { id: target.id, status: target.status === 'offline' ? 'online' : 'offline', seq: 5, at: 1 },
      { id: 9999, status: 'offline', seq: 6, at: 1 },
      { id: before[11]!.id, status: 'unknown', seq: 1, at: 1 },
    ]);
    expect(applied).toBe(1);
    const after = store.getState().rows;
    expect(after).not.toBe(before);
    expect(after[10]).not.toBe(target);
    expect(after[10]!.status).not.toBe(target.status);
    for (let i = 0; i < after.length; i++) if (i !== 10) expect(after[i], `row ${i}`).toBe(before[i]);
    expect(store.getState().selectedId).toBe(before[3]!.id);
    expect(store.getState().activeId).toBe(before[20]!.id);
    // An older change than the row already has is ignored.
    expect(store.applyChanges([{ id: target.id, status: target.status, seq: 4, at: 2 }])).toBe(0);
    expect(store.getState().rows).toBe(after);
  });

  it('re-filters when the status filter is on: a device going offline leaves the online view', async () => {
    const { store } = await started(makeDevices(30));
    store.setStatus('online');
    const online = store.getState().rows;
    const leaving = online[2]!;
    store.select(online[0]!.id);
    store.applyChanges([{ id: leaving.id, status: 'offline', seq: 9, at: 1 }]);
    const rows = store.getState().rows;
    expect(rows).toHaveLength(online.length - 1);
    expect(rows.some((d) => d.id === leaving.id)).toBe(false);
    expect(rows[0]).toBe(online[0]);
    expect(store.getState().selectedId).toBe(online[0]!.id);
    store.setStatus('offline');
    expect(store.getState().rows.some((d) => d.id === leaving.id && d.status === 'offline')).toBe(true);
  });

  it('filters on the server when the area is bigger than one page, and counts 20000+ as such', async () => {
    const { store, calls } = await started(makeDevices(25), 10);
    expect(store.getState().serverFiltered).toBe(true);
    expect(store.getState().rows).toHaveLength(10);
    expect(store.getState().total).toBe(25);
    store.setStatus('unknown');
    await settle();
    expect(calls.at(-1)!.params).toMatchObject({ status: 'unknown', limit: 10 });
    expect(store.getState().rows.length).toBeGreaterThan(0);
    expect(store.getState().rows.every((d) => d.status === 'unknown')).toBe(true);
    expect(store.getState().total).toBe(8);
    store.setKeyword('fan');
    await settle();
    expect(calls.at(-1)!.params).toMatchObject({ status: 'unknown', keyword: 'fan' });
    expect(totalMessage(20001)).toEqual({ key: 'list.totalOver', params: { count: 20000 } });
    expect(totalMessage(-1)).toEqual({ key: 'list.totalNone' });
    expect(totalMessage(-2)).toEqual({ key: 'list.totalOther' });
    expect(totalMessage(12)).toEqual({ key: 'list.total', params: { count: 12 } });
  });

  it('shows an error state when the first load fails and keeps rows when a reload fails', async () => {
    const platform = fakePlatform(makeDevices(5));
    platform.failOnce();
    const store = new DeviceListStore({ client: platform.client, feed: null });
    store.setFixedArea('b');
    store.start();
    await settle();
    expect(store.getState().phase).toBe('error');
    expect(store.getState().error).toBe('cannot connect to the server');
    expect(platform.calls.some((c) => c.url === '/api/device/area/tree')).toBe(false);
    store.reload();
    await settle();
    expect(store.getState().phase).toBe('ready');
    expect(store.getState().rows.length).toBeGreaterThan(0);
    expect(store.getState().rows.every((d) => d.areaId === 'b')).toBe(true);
    const rows = store.getState().rows;
    platform.failOnce();
    store.reload();
    await settle();
    expect(store.getState()).toMatchObject({ phase: 'ready', error: 'cannot connect to the server', refreshing: false });
    expect(store.getState().rows).toBe(rows);
    store.setArea('a');
    expect(store.getState().query.areaId).toBe('b');
  });

  it('moves the keyboard row within the list', async () => {
    const { store } = await started(makeDevices(8));
    const ids = store.getState().rows.map((d) => d.id);
    expect(store.moveActive(1)).toBe(0);
    expect(store.moveActive(3)).toBe(3);
    expect(store.moveActive(100)).toBe(7);
    expect(store.moveActive('first')).toBe(0);
    expect(store.moveActive(-1)).toBe(0);
    expect(store.moveActive('last')).toBe(7);
    expect(store.getState().activeId).toBe(ids[7]);
  });
});

describe('status feed', () => {
  function fakeEnv() {
    const timers = new Map<number, () => void>();
    let next = 0;
    let hidden = false;
    let paused = false;
    let visibility: (() => void) | null = null;
    const env: FeedEnv = {
      setTimeout: (fn) => (timers.set(++next, fn), next),
      clearTimeout: (h) => void timers.delete(h as number),
      isHidden: () => hidden,
      onVisibility: (fn) => ((visibility = fn), () => (visibility = null)),
      paused: () => paused,
    };
    const fire = async () => {
      const due = [...timers.values()];
      timers.clear();
      due.forEach((fn) => fn());
      await settle();
    };
    return {
      env,
      fire,
      pending: () => timers.size,
      hide: (h: boolean) => {
        hidden = h;
        visibility?.();
      },
      pause: (p: boolean) => (paused = p),
    };
  }

  function feedClient(answers: DeviceStatusChanges[]) {
    const sinces: number[] = [];
    const client: Pick<Client, 'get'> = {
      async get<T>(_url: string, options: RequestOptions = {}): Promise<T> {
        sinces.push(Number((options.params as Record<string, number>).since));
        expect(options.quiet).toBe(true);
        return (answers.shift() ?? { cursor: sinces.at(-1)!, changes: [], reset: false }) as T;
      },
    };
    return { client, sinces };
  }

  const member = () => {
    const seen: { changes: number[]; resets: number; health: boolean[] } = { changes: [], resets: 0, health: [] };
    const m: FeedMember = {
      onChanges: (c) => seen.changes.push(...c.map((x) => x.id)),
      onReset: () => (seen.resets += 1),
      onHealth: (ok) => seen.health.push(ok),
    };
    return { m, seen };
  };

  it('polls from the lowest member cursor, hands changes to every member and follows the returned cursor', async () => {
    const { env, fire } = fakeEnv();
    const { client, sinces } = feedClient([
      { cursor: 12, changes: [{ id: 3, status: 'offline', seq: 12, at: 0 }], reset: false },
      { cursor: 20, changes: [], reset: true },
    ]);
    const feed = new StatusFeed(client, env, 1000);
    const a = member();
    const b = member();
    const ma = feed.join(a.m);
    ma.at(10);
    const mb = feed.join(b.m);
    mb.at(7);
    await fire();
    expect(sinces).toEqual([7]);
    expect(a.seen.changes).toEqual([3]);
    expect(b.seen.changes).toEqual([3]);
    await fire();
    expect(sinces).toEqual([7, 12]);
    expect(a.seen.resets).toBe(1);
    ma.leave();
    mb.leave();
    expect(feed.cursor).toBeNull();
  });

  it('skips polls while the tab is hidden or the token is refreshing, and polls at once when shown again', async () => {
    const { env, fire, hide, pause, pending } = fakeEnv();
    const { client, sinces } = feedClient([]);
    const feed = new StatusFeed(client, env, 1000);
    const { m } = member();
    const membership = feed.join(m);
    membership.at(1);
    hide(true);
    await fire();
    pause(true);
    hide(false);
    await settle();
    await fire();
    expect(sinces).toEqual([]);
    pause(false);
    hide(true);
    hide(false);
    await settle();
    expect(sinces).toEqual([1]);
    expect(pending()).toBe(1);
    membership.leave();
    expect(pending()).toBe(0);
  });
});
