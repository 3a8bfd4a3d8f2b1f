// Resource points of a gateway (SPEC §4): seeded associated, used and distributed with spares; states
// filter; an association must be a parameter of a device behind that gateway (an output point only a
// read-write one, one point per parameter); any change makes the point undistributed until the
// gateway takes the configuration; codes follow the device code rule; the other tenant reaches nothing.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { listPoints, pointAnswer, pointRow, pointTargets } from './gateway-point-data.ts';

describe('gateway resource points', () => {
  const p = usePlatform();
  const db = () => p.s.app.atrium.db;
  const gateway = () =>
    db().prepare("SELECT g.id FROM gateway g WHERE g.tenant_id = 1 AND g.status = 'online' AND EXISTS (SELECT 1 FROM device d JOIN device_model m ON m.id = d.model_id WHERE d.gateway_id = g.id AND m.code = 'FCU100') ORDER BY g.id LIMIT 1").get() as { id: number };
  const points = async (query: Record<string, string> = {}) => (await p.call(p.admin, 'GET', `/api/gateway/${gateway().id}/points`, undefined, { limit: '200', ...query })).data as { total: number; rows: Array<Record<string, unknown> & { id: number; code: string; kind: string; deviceId: number | null; paramCode: string | null; distributed: boolean; used: boolean }> };

  it('starts commissioned: parameters carried by used, distributed points, and spares of each kind', async () => {
    const all = await points();
    const carried = all.rows.filter((r) => r.deviceId !== null);
    expect(carried.length).toBeGreaterThan(0);
    for (const r of carried) expect(r).toMatchObject({ used: true, distributed: true, deviceCode: expect.stringMatching(/\S/), paramName: expect.stringMatching(/\S/) });
    expect(all.rows.filter((r) => r.deviceId === null).map((r) => r.kind).sort()).toEqual(['AI', 'AO', 'DI', 'DO']);
    expect((await points({ associated: 'false' })).total).toBe(4);
    expect((await points({ used: 'false' })).total).toBe(4);
    expect((await points({ distributed: 'false' })).total).toBe(4);
    expect((await points({ associated: 'true' })).total).toBe(carried.length);
  });

  it('associates a spare with a parameter behind the gateway, refuses what cannot be carried, and distributes', async () => {
    const targets = (await p.call(p.admin, 'GET', `/api/gateway/${gateway().id}/point/targets`)).data as Array<{ deviceId: number; paramCode: string; access: string }>;
    const all = await points();
    const spareAO = all.rows.find((r) => r.kind === 'AO' && r.deviceId === null)!;
    const carriedRw = targets.find((t) => t.access === 'rw' && all.rows.some((r) => r.deviceId === t.deviceId && r.paramCode === t.paramCode))!;
    const readOnly = targets.find((t) => t.access === 'r')!;
    const put = (body: Record<string, unknown>) => p.call(p.admin, 'PUT', `/api/gateway/point/${spareAO.id}`, { code: spareAO.code, name: 'Damper', kind: 'AO', used: true, deviceId: null, paramCode: null, ...body });
    expect((await put({ deviceId: readOnly.deviceId, paramCode: readOnly.paramCode })).msg).toBe('an output point (AO/DO) needs a read-write parameter');
    const holder = all.rows.find((r) => r.deviceId === carriedRw.deviceId && r.paramCode === carriedRw.paramCode)!;
    expect((await put({ deviceId: carriedRw.deviceId, paramCode: carriedRw.paramCode })).msg).toBe(`that parameter is already carried by point ${holder.code}`);
    expect((await put({ deviceId: carriedRw.deviceId, paramCode: 'nope' })).msg).toBe("the device's model has no parameter nope");
    expect((await put({ deviceId: carriedRw.deviceId })).data.field).toBe('paramCode');
    const elsewhere = db().prepare('SELECT id FROM device WHERE tenant_id = 1 AND (gateway_id IS NULL OR gateway_id <> ?) LIMIT 1').get(gateway().id) as { id: number };
    expect((await put({ deviceId: elsewhere.id, paramCode: 'temp' })).msg).toBe('the device is not behind this gateway');
    expect((await points({ distributed: 'false' })).total).toBe(4);

    // Free the parameter from its point, then carry it on the spare: both points are now undistributed.
    expect((await p.call(p.admin, 'PUT', `/api/gateway/point/${holder.id}`, { code: holder.code, name: 'Freed', kind: holder.kind, used: false, deviceId: null, paramCode: null })).code).toBe(0);
    const saved = await put({ deviceId: carriedRw.deviceId, paramCode: carriedRw.paramCode });
    expect(saved.data).toMatchObject({ used: true, deviceId: carriedRw.deviceId, paramCode: carriedRw.paramCode, distributed: false });
    expect((await points({ distributed: 'false' })).total).toBe(5);
    const distributed = await p.call(p.admin, 'POST', `/api/gateway/${gateway().id}/distribute`);
    expect(distributed.data.points).toBe(5);
    expect((await points({ distributed: 'false' })).total).toBe(0);
  });

  it('creates points under the code rule, deletes only unassociated ones, and keeps tenants apart', async () => {
    const create = (body: Record<string, unknown>) => p.call(p.admin, 'POST', `/api/gateway/${gateway().id}/point`, { name: 'New', kind: 'DI', used: false, deviceId: null, paramCode: null, ...body });
    expect((await create({ code: 'DI-{9}' })).data.field).toBe('code');
    const made = await create({ code: 'DI-90' });
    expect(made.data).toMatchObject({ code: 'DI-90', distributed: false, used: false });
    expect((await create({ code: 'DI-90' })).msg).toBe('this gateway already has a point with that code');
    const carried = (await points({ associated: 'true' })).rows[0]!;
    expect((await p.call(p.admin, 'POST', '/api/gateway/point/delete', { ids: [made.data.id, carried.id] })).msg).toBe(`points ${carried.code} still carry device parameters; clear them before deleting`);
    expect((await points()).rows.some((r) => r.id === made.data.id)).toBe(true);
    expect((await p.call(p.admin, 'POST', '/api/gateway/point/delete', { ids: [made.data.id] })).data.deleted).toBe(1);

    expect((await p.call(p.admin2, 'GET', `/api/gateway/${gateway().id}/points`)).msg).toBe('no such gateway');
    expect((await p.call(p.admin2, 'PUT', `/api/gateway/point/${carried.id}`, { code: carried.code, name: 'Mine', kind: carried.kind, used: true, deviceId: null, paramCode: null })).msg).toBe('no such resource point');
    expect((await p.call(p.admin2, 'POST', '/api/gateway/point/delete', { ids: [carried.id] })).msg).toBe('no such resource point');
  });

  it("the data module (gateway-point-data.ts) lists a gateway's points through its tenant's data only", () => {
    const [one, two] = [tenantDataOf(db(), 1), tenantDataOf(db(), 2)];
    const { id } = gateway();
    const listed = listPoints(one, id, { page: 1, limit: 200 });
    expect(listed.total).toBeGreaterThan(4);
    expect(pointAnswer(one, listed.rows[0]!.id)).toEqual(listed.rows[0]);
    expect(pointTargets(one, id).length).toBeGreaterThan(0);
    // Tenant 2's data finds none of the gateway's points, rows or targets.
    expect(listPoints(two, id, { page: 1, limit: 200 })).toEqual({ total: 0, rows: [] });
    expect(pointRow(two, listed.rows[0]!.id)).toBeUndefined();
    expect(pointTargets(two, id)).toEqual([]);
  });
});
