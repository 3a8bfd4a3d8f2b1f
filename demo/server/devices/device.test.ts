// Devices on the demo platform: list query semantics (filters, area descendants, sort, totals) equal
// to the client's own filtering, tenant isolation, rights, validated all-or-nothing creation, and
// the status-change feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaNode, Device, DeviceListQuery, DeviceSortKey } from '../../../shared/api/device-types.ts';
import { areaAndDescendants, matches, normaliseKeyword, searchText, sortDevices } from '../../../shared/devices/list-model.ts';
import { DeviceSimulator, setDeviceStatus } from './device-simulator.ts';
import { TENANT1_DEVICES, TENANT2_DEVICES } from './device-seed.ts';
import { api, login, removeDir, start, type Running } from '../testing.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { areaTree as areaTreeOf, deviceCodeTaken, queryDevices, setStatus, type ParsedListQuery } from './device-data.ts';


const flatten = (nodes: readonly AreaNode[]): AreaNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('devices on the demo platform', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let operator: string;
  let viewer: string;
  let all: Device[];
  let tree: AreaNode[];

  beforeAll(async () => {
    // The simulator must not flip statuses under the assertions; the feed tests drive changes themselves.
    s = await start({ faults: true, tuning: { deviceFlipShare: 0 } });
    [admin, admin2, operator, viewer] = await Promise.all([
      login(s.base, 'admin', 'admin123'),
      login(s.base, 'admin2', 'admin123'),
      login(s.base, 'operator', 'operator123'),
      login(s.base, 'viewer', 'viewer123'),
    ]);
    all = (await list(admin, { limit: 20000 })).rows;
    tree = (await api(s.base, 'GET', '/api/device/area/tree', { token: admin })).body.data;
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const query = (q: DeviceListQuery): Record<string, string> =>
    Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  async function list(token: string, q: DeviceListQuery, lang = 'zh'): Promise<{ total: number; rows: Device[]; cursor: number }> {
    const answer = await api(s.base, 'GET', '/api/device/list', { token, query: query(q), headers: { lang } });
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data;
  }
  const count = async (): Promise<number> => (await list(admin, { limit: 1 })).total;

  it('seeds the first tenant with hundreds of devices in a nested area tree behind several gateways', async () => {
    expect(all.length).toBe(TENANT1_DEVICES);
    expect(flatten(tree).length).toBeGreaterThan(10);
    expect(tree.some((root) => root.children.some((c) => c.children.length > 0))).toBe(true);
    expect(tree[0]).toMatchObject({ parentId: null });
    expect(tree[0]!.children[0]!.parentId).toBe(tree[0]!.rowGuid);
    expect(new Set(all.map((d) => d.gatewayName)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((d) => d.status))).toEqual(new Set(['online', 'offline', 'unknown']));
    for (const d of all.slice(0, 20)) {
      expect(d.sn).toHaveLength(12);
      expect(d.address).toMatch(/^\d+-\d+$/);
      expect(d.code).not.toMatch(/[{}[\]^]/);
    }
  });

  it('filters by an area including every area below it', async () => {
    const root = tree[0]!;
    const below = areaAndDescendants(tree, root.rowGuid);
    const page = await list(admin, { areaId: root.rowGuid, limit: 20000 });
    expect(page.total).toBe(all.filter((d) => d.areaId !== null && below.has(d.areaId)).length);
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(all.length);
    const leaf = flatten(tree).find((n) => n.children.length === 0)!;
    const leafPage = await list(admin, { areaId: leaf.rowGuid, limit: 20000 });
    expect(leafPage.rows.length).toBeGreaterThan(0);
    expect(leafPage.rows.every((d) => d.areaId === leaf.rowGuid)).toBe(true);
    expect(leafPage.total).toBe(leafPage.rows.length);
    expect((await list(admin, { areaId: 'no-such-area' })).total).toBe(0);
  });

  it('answers exactly what the client computes from the full list for every filter and sort', async () => {
    const cases: DeviceListQuery[] = [
      { status: 'offline' },
      { status: 'online', areaId: tree[0]!.children[0]!.rowGuid },
      { keyword: 'fcu' },
      { keyword: ' A1 ', status: 'online' },
      { keyword: '风机' },
      { keyword: '%' },
      { sort: 'name', order: 'desc' },
      { sort: 'status' },
      { sort: 'status', order: 'desc', areaId: tree[1]!.rowGuid },
      { sort: 'gatewayName', keyword: 'meter' },
      { sort: 'areaName', order: 'desc' },
      { sort: 'address' },
    ];
    for (const q of cases) {
      const server = await list(admin, { ...q, limit: 20000 });
      const area = q.areaId ? areaAndDescendants(tree, q.areaId) : null;
      const filter = { status: q.status ?? null, keyword: normaliseKeyword(q.keyword ?? '') };
      const local = sortDevices(
        all.filter((d) => (area === null || (d.areaId !== null && area.has(d.areaId))) && matches(d, searchText(d), filter)),
        (q.sort ?? 'code') as DeviceSortKey,
        q.order ?? 'asc',
      );
      expect(server.rows.map((d) => d.id), JSON.stringify(q)).toEqual(local.map((d) => d.id));
      expect(server.total, JSON.stringify(q)).toBe(local.length);
    }
  });

  it('pages, and marks an uncounted total with -1', async () => {
    const first = await list(admin, { page: 1, limit: 50 });
    const second = await list(admin, { page: 2, limit: 50 });
    expect(first.rows).toHaveLength(50);
    expect(second.rows[0]!.id).toBe(all[50]!.id);
    expect(first.total).toBe(all.length);
    expect((await list(admin, { limit: 5, count: 'none' })).total).toBe(-1);
    const tooBig = await api(s.base, 'GET', '/api/device/list', { token: admin, query: { limit: '20001' }, headers: { lang: 'en' } });
    expect(tooBig.body.code).toBe(-1);
    // The contract's refusal names the field (SPEC §7: data.field for the form).
    expect(tooBig.body).toEqual({ code: -1, msg: 'limit: Please enter an integer from 1 to 20000', data: { field: 'limit' } });
    const badSort = await api(s.base, 'GET', '/api/device/list', { token: admin, query: { sort: 'password' }, headers: { lang: 'en' } });
    expect(badSort.body.code).toBe(-1);
    expect(badSort.body.msg).toMatch(/^sort: .*code, name/);
    expect(badSort.body.data).toEqual({ field: 'sort' });
  });

  it('keeps tenants apart: admin2 sees only its own devices, areas and gateways', async () => {
    const theirs = await list(admin2, { limit: 20000 });
    expect(theirs.total).toBe(TENANT2_DEVICES);
    const ours = new Set(all.map((d) => d.id));
    expect(theirs.rows.some((d) => ours.has(d.id))).toBe(false);
    expect((await list(admin2, { areaId: tree[0]!.rowGuid })).total).toBe(0);
    expect((await list(admin2, { keyword: all[0]!.code })).total).toBe(0);
    const theirTree: AreaNode[] = (await api(s.base, 'GET', '/api/device/area/tree', { token: admin2 })).body.data;
    const ourGuids = new Set(flatten(tree).map((n) => n.rowGuid));
    expect(flatten(theirTree).some((n) => ourGuids.has(n.rowGuid))).toBe(false);
    const gateways = (await api(s.base, 'GET', '/api/gateway/list', { token: admin2, query: { limit: '100' } })).body.data;
    expect(gateways.total).toBe(2);
    expect(gateways.rows.every((g: { code: string }) => g.code.startsWith('ST-'))).toBe(true);
  });

  it('lets MonitorOPS read but only devManager write; others get 40301', async () => {
    expect((await list(operator, { limit: 1 })).total).toBe(all.length);
    const denied = await api(s.base, 'GET', '/api/device/list', { token: viewer });
    expect(denied.body.code).toBe(40301);
    const write = await api(s.base, 'POST', '/api/device', { token: operator, body: { code: 'OPS-1', name: 'ops' } });
    expect(write.body.code).toBe(40301);
    expect(await count()).toBe(all.length);
  });

  it('refuses a device code with { in the caller\'s language and stores nothing', async () => {
    const before = await count();
    const en = await api(s.base, 'POST', '/api/device', { token: admin, body: { code: 'BAD{1}', name: 'Bad-1' }, headers: { lang: 'en' } });
    expect(en.body).toEqual({ code: -1, msg: 'Device code: Must not contain { } [ ] or ^' });
    const zh = await api(s.base, 'POST', '/api/device', { token: admin, body: { code: 'BAD{1}', name: 'Bad-1' } });
    expect(zh.body).toEqual({ code: -1, msg: '设备编码：不能包含 { } [ ] ^ 字符' });
    expect(await count()).toBe(before);
    expect((await list(admin, { keyword: 'BAD{' })).total).toBe(0);
  });

  it('checks SN, address, name, network fields, gateway, area and code uniqueness', async () => {
    const post = (body: object) => api(s.base, 'POST', '/api/device', { token: admin, body, headers: { lang: 'en' } });
    const refusals: Array<[object, string]> = [
      [{ code: 'X-1', name: 'X-1', sn: 'SHORT' }, 'SN: '],
      [{ code: 'X-1', name: 'X-1', address: '1-a' }, 'Address: '],
      [{ code: 'X-1', name: 'X 1' }, 'Device name: '],
      [{ code: 'X-1', name: 'X-1', ip: '10.0.0.300' }, 'IP: IP address format incorrect'],
      [{ code: 'X-1', name: 'X-1', port: 70000 }, 'Port: '],
      [{ code: 'X-1', name: 'X-1', gatewayId: 999999 }, 'Gateway: No such gateway'],
      [{ code: 'X-1', name: 'X-1', areaId: 'nowhere' }, 'Area: No such area'],
      [{ code: all[0]!.code, name: 'X-1' }, `Device code: Device code already exists: ${all[0]!.code}`],
    ];
    const before = await count();
    for (const [body, msg] of refusals) {
      const answer = await post(body);
      expect(answer.body.code, JSON.stringify(body)).toBe(-1);
      expect(answer.body.msg, JSON.stringify(body)).toContain(msg);
    }
    // A required field left out is refused by the declaration, naming it.
    expect((await post({ code: 'X-1' })).body).toMatchObject({ code: -1, msg: 'name: This field is required', data: { field: 'name' } });
    expect(await count()).toBe(before);

    const { areaId, gatewayId } = all[0]!;
    const created = await post({ code: 'NEW-001', name: '新风机-01', label: 'new.1', address: '3-17', sn: 'ABCDEF123456', ip: '10.9.8.7', mac: 'aa-bb-cc-dd-ee-ff', port: '502', areaId, gatewayId });
    expect(created.body.code, created.body.msg).toBe(0);
    expect(created.body.data).toMatchObject({ code: 'NEW-001', mac: 'AA:BB:CC:DD:EE:FF', port: 502, status: 'unknown', areaId, gatewayId });
    expect(await count()).toBe(before + 1);
  });

  it('creates batches of up to 1000 all or nothing', async () => {
    const before = await count();
    const make = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ code: `BATCH-${from + i}`, name: `Batch-${from + i}`, address: `1-${i}` }));
    const tooMany = await api(s.base, 'POST', '/api/device/batch', { token: admin, body: { devices: make(1001) }, headers: { lang: 'en' } });
    expect(tooMany.body).toMatchObject({ code: -1, msg: expect.stringMatching(/^devices: .*1000/), data: { field: 'devices' } });
    const broken = make(5);
    broken[2] = { code: 'BATCH-^', name: 'Batch-x', address: '1-2' };
    const refused = await api(s.base, 'POST', '/api/device/batch', { token: admin, body: { devices: broken } });
    expect(refused.body).toEqual({ code: -1, msg: '第 3 条，设备编码：不能包含 { } [ ] ^ 字符' });
    const repeated = [...make(3), make(1)[0]!];
    const dup = await api(s.base, 'POST', '/api/device/batch', { token: admin, body: { devices: repeated }, headers: { lang: 'en' } });
    expect(dup.body.msg).toBe('Item 4, Device code: Device code repeated in the batch: BATCH-0');
    expect(await count()).toBe(before);

    const ok = await api(s.base, 'POST', '/api/device/batch', { token: admin, body: { devices: make(1000) } });
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(ok.body.data.created).toBe(1000);
    expect(await count()).toBe(before + 1000);
    const again = await api(s.base, 'POST', '/api/device/batch', { token: admin, body: { devices: make(2, 999) }, headers: { lang: 'en' } });
    expect(again.body.msg).toBe('Item 1, Device code: Device code already exists: BATCH-999');
    expect(await count()).toBe(before + 1000);
  });

  it('answers only the rows whose status changed since the cursor, per tenant', async () => {
    const start = await list(admin, { limit: 1 });
    const changes = (token: string, since: number) =>
      api(s.base, 'GET', '/api/device/status/changes', { token, query: { since: String(since) } }).then((r) => r.body.data);
    expect(await changes(admin, start.cursor)).toEqual({ cursor: start.cursor, changes: [], reset: false });

    const target = all.find((d) => d.status === 'online')!;
    const forced = await fetch(`${s.base}/__test/device/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: target.code, status: 'offline' }),
    }).then((r) => r.json());
    expect(forced.code).toBe(0);
    const feed = await changes(admin, start.cursor);
    expect(feed.reset).toBe(false);
    expect(feed.changes).toEqual([{ id: target.id, status: 'offline', seq: feed.cursor, at: expect.any(Number) }]);
    expect(await changes(admin, feed.cursor)).toEqual({ cursor: feed.cursor, changes: [], reset: false });
    // The other tenant's feed does not see it.
    const theirs = await list(admin2, { limit: 1 });
    expect((await changes(admin2, 0)).changes.some((c: { id: number }) => c.id === target.id)).toBe(false);
    expect(theirs.total).toBe(TENANT2_DEVICES);
    // A cursor from the future (another database) tells the client to reload.
    expect((await changes(admin, feed.cursor + 1000)).reset).toBe(true);
    const row = (await list(admin, { keyword: target.code })).rows[0]!;
    expect(row.status).toBe('offline');
    expect(row.statusSeq).toBe(feed.cursor);
  });

  it('simulator flips about the configured share of each tenant\'s devices per tick', async () => {
    const db = s.app.atrium.db;
    let r = 0;
    const simulator = new DeviceSimulator(db, { sharePerMinute: 0.5, tickMs: 6000, random: () => ((r = (r * 9301 + 49297) % 233280) / 233280) });
    const tenantDevices = (db.prepare('SELECT COUNT(*) AS n FROM device WHERE tenant_id = 1').get() as { n: number }).n;
    const flipped = simulator.tick();
    // 5 % of each tenant per 6 s tick (0.5 per minute); fractions carry over to the next tick.
    expect(flipped).toBe(Math.floor(tenantDevices * 0.05) + Math.floor(TENANT2_DEVICES * 0.05));
    expect(setDeviceStatus(db, 2, all[0]!.id, 'online')).toBeNull();
  });

  it("the data module (device-data.ts) answers a tenant's data without HTTP and never another tenant's rows", () => {
    const db = s.app.atrium.db;
    const [one, two] = [tenantDataOf(db, 1), tenantDataOf(db, 2)];
    const q: ParsedListQuery = { page: 1, limit: 20000, areaId: null, status: null, keyword: '', gatewayId: null, sort: 'code', order: 'asc', count: true };
    const mine = all[0]!;
    const theirs = queryDevices(two, q);
    expect(theirs.total).toBe(TENANT2_DEVICES);
    expect(theirs.rows).toHaveLength(TENANT2_DEVICES);
    expect(theirs.rows.some((d) => d.id === mine.id)).toBe(false);
    // Tenant 1's device found by its code in tenant 1's data only.
    expect(queryDevices(one, { ...q, keyword: normaliseKeyword(mine.code) }).rows.map((d) => d.id)).toContain(mine.id);
    expect(queryDevices(two, { ...q, keyword: normaliseKeyword(mine.code) }).total).toBe(0);
    expect(deviceCodeTaken(one, mine.code, 0)).toBe(true);
    expect(deviceCodeTaken(two, mine.code, 0)).toBe(false);
    // Neither tenant 1's areas nor its devices' status are reachable through tenant 2's data.
    const guids = new Set(flatten(tree).map((a) => a.rowGuid));
    expect(flatten(areaTreeOf(two)).some((a) => guids.has(a.rowGuid))).toBe(false);
    expect(setStatus(two, mine.id, 'offline', Date.now())).toBeNull();
  });
});
