// The wall store against a fake platform: the stored shape, pane moves that keep their player,
// replacements that stop the old one, keyboard placement, and the merge when another tab saved first.
import { describe, expect, it } from 'vitest';
import type { Client } from '../http/client.ts';
import type { CustomDataItem } from '../api/types.ts';
import { paneTitle, WallStore, type PanePlayer } from './wall-store.ts';
import { mergeLayouts, parseLayout, serializeLayout } from './wall-config.ts';
import { visibleRange } from '../element/virtual-range.ts';
import { filterCameras, OVERSCAN, ROW_HEIGHT, toListCamera } from './camera-filter.ts';
import type { Camera } from '../api/video-types.ts';

const camera = (id: number, name = `Cam ${id}`, label = `CAM-${id}`): Camera => ({
  id, name, label, data_group_Id: 2, dataGroupName: 'Lobby', groupPath: 'Tower A / Lobby', params: { disableYunControl: id % 2 === 0 },
  address: '', resolution: '', tags: [], sourceUrl: '', codec: 'h264',
});

/** A custom-data endpoint with versions, shared by the stores of two "tabs". */
class FakePlatform {
  item: CustomDataItem | null = null;
  requests: string[] = [];
  client(): Pick<Client, 'get' | 'post' | 'put'> {
    return {
      get: async <T,>(url: string): Promise<T> => {
        const self = this as FakePlatform;
        self.requests.push(`GET ${url}`);
        if (url.includes('custom/data')) return (self.item ? [{ ...self.item }] : []) as T;
        if (url.includes('getCameraList')) return { rows: [1, 2, 3, 4, 5].map((i) => camera(i)), total: 5 } as T;
        return [] as T;
      },
      post: async <T,>(url: string, body?: unknown): Promise<T> => {
        const self = this as FakePlatform;
        self.requests.push(`POST ${url}`);
        if (self.item) throw Object.assign(new Error('exists'), { code: -1 });
        const b = body as { customKey: string; customValue: string };
        self.item = { id: 7, customKey: b.customKey, customValue: b.customValue, version: 1 };
        return { ...self.item } as T;
      },
      put: async <T,>(url: string, body?: unknown): Promise<T> => {
        const self = this as FakePlatform;
        self.requests.push(`PUT ${url}`);
        const b = body as { id: number; customValue: string; version: number };
        if (!self.item || b.version !== self.item.version) throw Object.assign(new Error('stale'), { code: -1 });
        self.item = { ...self.item, customValue: b.customValue, version: self.item.version + 1 };
        return { ...self.item } as T;
      },
    };
  }
}

interface Fake extends PanePlayer {
  cameraId: number;
  stopped: boolean;
}

function makeStore(platform: FakePlatform, notices: string[] = []) {
  const players: Fake[] = [];
  const store = new WallStore({
    client: platform.client(),
    rights: () => true,
    notify: (n) => notices.push(n.key ?? n.text ?? ''),
    makePlayer: (slot) => {
      const p = { cameraId: slot.id, stopped: false, start() {}, stop() { (this as unknown as Fake).stopped = true; }, video: {} } as unknown as Fake;
      players.push(p);
      return p;
    },
  });
  return { store, players, notices };
}

const list = (ids: number[]) => ids.map((i) => toListCamera(camera(i)));

describe('wall store', () => {
  it('stores the SPEC shape: first save POSTs, later ones PUT with the version', async () => {
    const platform = new FakePlatform();
    const { store } = makeStore(platform);
    await store.start(null);
    const [c1, c2] = list([1, 2]);
    await store.place(c1!, 3);
    expect(platform.requests.filter((r) => !r.startsWith('GET'))).toEqual(['POST /api/admin/custom/data']);
    expect(JSON.parse(platform.item!.customValue)).toEqual([{ id: 1, name: 'Cam 1 (Tower A / Lobby)', label: 'CAM-1', type: 3, params: { disableYunControl: false } }]);
    await store.place(c2!, 1);
    expect(platform.requests.at(-1)).toBe('PUT /api/admin/custom/data');
    expect(platform.item!.version).toBe(2);
    expect(JSON.parse(platform.item!.customValue).map((s: { id: number; type: number }) => [s.id, s.type])).toEqual([[2, 1], [1, 3]]);
    expect([...store.activeIds()].sort()).toEqual([1, 2]);
  });

  it('moving a camera between panes keeps its player; replacing a camera stops the old one', async () => {
    const platform = new FakePlatform();
    const { store, players } = makeStore(platform);
    await store.start(null);
    const [c1, c2, c3] = list([1, 2, 3]);
    await store.place(c1!, 1);
    await store.place(c2!, 2);
    expect(players).toHaveLength(2);
    await store.place(c1!, 4);
    expect(players).toHaveLength(2);
    expect(store.state.panes[3]!.player).toBe(players[0]);
    expect(store.state.panes[0]!.slot).toBeNull();
    expect(players[0]!.stopped).toBe(false);
    // Moving onto a filled pane swaps: still no new player.
    await store.place(c2!, 4);
    expect(players).toHaveLength(2);
    expect(store.state.panes[1]!.slot!.id).toBe(1);
    expect(store.state.panes[3]!.slot!.id).toBe(2);
    await store.place(c3!, 4);
    expect(players[1]!.stopped).toBe(true);
    expect(players).toHaveLength(3);
    await store.close(4);
    expect(players[2]!.stopped).toBe(true);
    expect(parseLayout(platform.item!.customValue).map((s) => s?.id ?? null)).toEqual([null, 1, null, null]);
  });

  it('keyboard placement: a chosen camera waits for its pane', async () => {
    const platform = new FakePlatform();
    const { store } = makeStore(platform);
    await store.start(null);
    store.choose(list([5])[0]!);
    expect(store.state.pending?.id).toBe(5);
    await store.place(store.state.pending!, 2);
    expect(store.state.pending).toBeNull();
    expect(store.state.panes[1]!.slot?.id).toBe(5);
  });

  it('a second tab does not lose the first tab\'s panes: it merges onto the stored value', async () => {
    const platform = new FakePlatform();
    const a = makeStore(platform);
    const b = makeStore(platform);
    await a.store.start(null);
    await b.store.start(null);
    await a.store.place(list([1])[0]!, 1);
    // Tab B read the wall before A's first save: its POST meets the value A created.
    await b.store.place(list([2])[0]!, 2);
    expect(parseLayout(platform.item!.customValue).map((s) => s?.id ?? null)).toEqual([1, 2, null, null]);
    expect(b.notices).toContain('wall.merged');
    // A's next save is stale now: it keeps B's pane 2.
    await a.store.place(list([3])[0]!, 4);
    expect(parseLayout(platform.item!.customValue).map((s) => s?.id ?? null)).toEqual([1, 2, null, 3]);
    expect(a.store.state.panes[1]!.slot?.id).toBe(2);
    // A closing its own pane does not bring back or drop anything of B's.
    await a.store.close(1);
    expect(parseLayout(platform.item!.customValue).map((s) => s?.id ?? null)).toEqual([null, 2, null, 3]);
  });

  it('titles panes in the reader\'s language, not in the language of whoever placed the camera', async () => {
    // A wall stored by a Chinese reader; this reader's platform answers cameras in English. The chosen
    // group holds camera 1 only, so camera 9's name is asked for by id; camera 12 is gone.
    const stored = (id: number, type: number, name: string) => ({ id, name, label: `CAM-${id}`, type, params: { disableYunControl: false } });
    const item: CustomDataItem = { id: 7, customKey: 'videoWallConfig', version: 1, customValue: JSON.stringify([stored(1, 1, 'A栋大堂正门 (总部园区 / A栋)'), stored(9, 2, '北门 (总部园区)'), stored(12, 3, '已删除')]) };
    const asked: unknown[] = [];
    const client: Pick<Client, 'get' | 'post' | 'put'> = {
      get: async <T,>(url: string, options?: { params?: Record<string, unknown> }): Promise<T> => {
        if (url.includes('custom/data')) return [{ ...item }] as T;
        if (url.includes('getCameraList')) {
          asked.push(options?.params?.id ?? options?.params?.dataGroupId);
          const id = options?.params?.id;
          const rows = id === undefined ? [camera(1, 'Building A lobby main entrance')] : id === 9 ? [camera(9, 'North gate')] : [];
          return { rows, total: rows.length } as T;
        }
        return [] as T;
      },
      post: async () => { throw new Error('no save expected'); },
      put: async () => { throw new Error('no save expected'); },
    };
    const store = new WallStore({ client, rights: () => true, notify: () => undefined, makePlayer: (slot) => ({ cameraId: slot.id, start() {}, stop() {}, video: {} }) as unknown as PanePlayer });
    await store.start(2);
    expect(store.state.panes.map((p) => paneTitle(store.state, p.slot))).toEqual(['Building A lobby main entrance (Tower A / Lobby)', 'North gate (Tower A / Lobby)', '已删除', '']);
    expect(asked).toEqual(expect.arrayContaining([2, 9, 12]));
  });

  it('without video:play nothing plays and placing explains why', async () => {
    const platform = new FakePlatform();
    const notices: string[] = [];
    const store = new WallStore({ client: platform.client(), rights: () => false, notify: (n) => notices.push(n.key ?? ''), makePlayer: () => { throw new Error('no player without the right'); } });
    await store.start(null);
    await store.place(list([1])[0]!, 1);
    expect(store.state.panes[0]!.slot).toBeNull();
    expect(notices).toEqual(['wall.noPlayRight']);
  });
});

describe('wall config and list', () => {
  it('drops malformed slots and round-trips good ones', () => {
    const layout = parseLayout('[{"id":4,"name":"x","label":"L","type":2,"params":{"disableYunControl":true}},{"id":"bad","type":1},{"id":5,"type":9}]');
    expect(layout.map((s) => s?.id ?? null)).toEqual([null, 4, null, null]);
    expect(parseLayout(serializeLayout(layout))).toEqual(layout);
    expect(parseLayout('not json')).toEqual([null, null, null, null]);
  });

  it('merge keeps the stored panes and moves a camera this tab placed', () => {
    const s = (id: number, type: 1 | 2 | 3 | 4) => ({ id, name: '', label: '', type, params: { disableYunControl: false } });
    const merged = mergeLayouts([s(1, 1), s(2, 2), null, null], [null, null, s(2, 3), null], new Set([2]));
    expect(merged.map((x) => x?.id ?? null)).toEqual([1, null, 2, null]);
  });

  it('filters by name or label, case-insensitively, and windows rows', () => {
    const rows = [camera(1, 'North gate', 'BN000001'), camera(2, 'South bay', 'BN000002')].map(toListCamera);
    expect(filterCameras(rows, 'north').map((c) => c.id)).toEqual([1]);
    expect(filterCameras(rows, 'bn000002').map((c) => c.id)).toEqual([2]);
    expect(filterCameras(rows, '').length).toBe(2);
    const w = visibleRange(3200, 640, 20000, ROW_HEIGHT, 0, OVERSCAN);
    expect(w.end - w.start).toBeLessThan(40);
    expect(w.start).toBe(94);
  });
});
