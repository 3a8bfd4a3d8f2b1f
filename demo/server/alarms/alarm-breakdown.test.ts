// Alarm breakdowns (SPEC §7 "Alarm"): every breakdown adds up to the totals the other calls give, a
// reading past a parameter's limit shows up under its resource point, one device's statistics agree
// with the device lists, the action log carries a handling with its note, and the second tenant can
// name none of the first tenant's devices, areas or models.
import { beforeAll, describe, expect, it } from 'vitest';
import { raisePointAlarm } from '../devices/points.ts';
import { usePlatform } from '../test-platform.ts';

type Counts = Record<'critical' | 'warning' | 'reminder' | 'normal', number>;
const sum = (c: Counts) => c.critical + c.warning + c.reminder + c.normal;
const total = (list: Array<{ total: number }>) => list.reduce((n, x) => n + x.total, 0);

describe('alarm breakdowns', () => {
  const p = usePlatform();
  let fcu: { id: number; code: string; modelId: number };
  let hotAlarm = 0;

  beforeAll(async () => {
    fcu = p.s.app.atrium.db.prepare("SELECT d.id, d.code, d.model_id AS modelId FROM device d JOIN device_model m ON m.id = d.model_id WHERE d.tenant_id = 1 AND m.code = 'FCU100' ORDER BY d.id LIMIT 1").get() as typeof fcu;
    // Supply temperature past its limit, as a simulator round would report it.
    const param = { code: 'temp', name: 'Supply temperature', unit: '°C', alarmExpression: 'x > 35' } as never;
    hotAlarm = raisePointAlarm(p.s.app.atrium.db, 1, fcu.id, param, 39, Date.now())!;
    expect(hotAlarm).toBeGreaterThan(0);
  });

  it('lists devices and areas with counts per level that add up to the window’s total', async () => {
    const levels = (await p.call(p.admin, 'POST', '/api/alarm/total/by/level', { days: 30 })).data as Array<{ total: number }>;
    const machines = (await p.call(p.admin, 'GET', '/api/alarm/list/machine', undefined, { days: '30', limit: '100' })).data;
    const nodes = (await p.call(p.admin, 'GET', '/api/alarm/list/node', undefined, { days: '30', limit: '100' })).data;
    expect(total(machines)).toBe(total(levels));
    expect(total(nodes)).toBe(total(levels));
    for (const row of [...machines, ...nodes]) expect(sum(row.counts)).toBe(row.total);
    expect(machines[0].total).toBeGreaterThanOrEqual(machines.at(-1).total);
    expect(machines.find((m: { deviceCode: string }) => m.deviceCode === fcu.code)).toMatchObject({ deviceId: fcu.id, areaPath: expect.stringMatching(/\S/) });
    const open = (await p.call(p.admin, 'GET', '/api/alarm/list/machine', undefined, { handleStatus: 'unhandled', limit: '100' })).data;
    expect(total(open)).toBeLessThan(total(machines));
  });

  it('gives one device’s statistics: levels, resource points, event types and days agree', async () => {
    const stat = (await p.call(p.admin, 'GET', `/api/alarm/stat/machine/${fcu.id}`, undefined, { modelId: String(fcu.modelId) })).data;
    const row = (await p.call(p.admin, 'GET', '/api/alarm/list/machine', undefined, { limit: '100' })).data.find((m: { deviceCode: string }) => m.deviceCode === fcu.code);
    expect(sum(stat.counts)).toBe(row.total);
    expect(total(stat.resources)).toBe(row.total);
    expect(total(stat.types)).toBe(row.total);
    const byDay = Object.values(stat.byDay.series as Record<string, number[]>).flat().reduce((a, b) => a + b, 0);
    expect(byDay).toBe(row.total);
    expect(stat.resources).toContainEqual(expect.objectContaining({ paramCode: 'temp', paramName: 'Supply temperature' }));
    expect(sum(stat.openCounts)).toBeGreaterThanOrEqual(1);
    // A model that is not the device's is refused.
    expect((await p.call(p.admin, 'GET', `/api/alarm/stat/machine/${fcu.id}`, undefined, { modelId: String(fcu.modelId + 1000) })).msg).toBe('the device is not of this model');
  });

  it('ranks resource points, narrowed to a model or an area', async () => {
    const all = (await p.call(p.admin, 'POST', '/api/alarm/stat/resource', { limit: 100 })).data;
    expect(all.length).toBeGreaterThan(1);
    expect(all[0].total).toBeGreaterThanOrEqual(all.at(-1).total);
    // Every resource point named is a parameter of its device's model (so it has a name of its own).
    for (const r of all) if (r.paramCode) expect(r.paramName, `${r.deviceCode} ${r.paramCode}`).not.toBe(r.paramCode);
    const ofModel = (await p.call(p.admin, 'POST', '/api/alarm/stat/resource', { limit: 100, modelId: fcu.modelId })).data;
    expect(ofModel.length).toBeGreaterThan(0);
    for (const r of ofModel) expect(r.deviceCode).toMatch(/FCU-/);
    const top = (await p.call(p.admin, 'GET', '/api/alarm/area/by/level/hisStatus/0/tree', undefined, { days: '30' })).data[0];
    const inArea = (await p.call(p.admin, 'POST', '/api/alarm/stat/resource', { limit: 100, areaGuid: top.rowGuid })).data;
    expect(total(inArea)).toBe(sum(top.counts));
  });

  it('breaks areas down by top resource point, event type and product model, adding up to the area tree', async () => {
    for (const [status, open] of [['status', true], ['hisStatus', false]] as const) {
      const tree = (await p.call(p.admin, 'GET', `/api/alarm/area/by/level/${status}/0/tree`, undefined, { days: '30' })).data as Array<{ rowGuid: string; counts: Counts; children: Array<{ rowGuid: string; counts: Counts }> }>;
      const expected = new Map(tree.map((n) => [n.rowGuid, sum(n.counts)]));
      for (const path of [`top/resource/${status}/0`, `type/${status}/0`, `product/model/${status}/0`]) {
        const areas = (await p.call(p.admin, 'GET', `/api/alarm/area/by/${path}`, undefined, { days: '30' })).data as Array<{ rowGuid: string; total: number; items: Array<{ total: number }> }>;
        expect(areas.map((a) => a.rowGuid)).toEqual(tree.map((n) => n.rowGuid));
        for (const a of areas) expect(a.total, `${path} ${a.rowGuid}`).toBe(expected.get(a.rowGuid));
        if (!path.startsWith('top')) for (const a of areas) expect(total(a.items)).toBe(a.total);
      }
      // One level down: the children of the busiest top area.
      const busiest = tree.reduce((a, b) => (sum(b.counts) > sum(a.counts) ? b : a));
      const below = (await p.call(p.admin, 'GET', `/api/alarm/area/by/type/${status}/${busiest.rowGuid}`, undefined, { days: '30' })).data as Array<{ rowGuid: string; total: number }>;
      expect(below.map((a) => a.total)).toEqual(busiest.children.map((c) => sum(c.counts)));
      if (open) expect(total(below)).toBeGreaterThan(0);
    }
    // One model only: every item is that model, with its name.
    const fcuOnly = (await p.call(p.admin, 'GET', `/api/alarm/area/by/product/model/hisStatus/${fcu.modelId}`, undefined, { days: '30' })).data as Array<{ items: Array<{ modelId: number; modelName: string }> }>;
    const items = fcuOnly.flatMap((a) => a.items);
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i).toMatchObject({ modelId: fcu.modelId, modelName: 'Fan coil unit' });
  });

  it('gives the area tree with each area’s gateways and their devices’ alarms', async () => {
    type GwNode = { counts: Counts; gateways: Array<{ counts: Counts; status: string }>; children: GwNode[] };
    const gw = (await p.call(p.admin, 'GET', '/api/alarm/area/by/level/hisStatus/0/tree/gw', undefined, { days: '30' })).data as GwNode[];
    const check = (n: GwNode): void => {
      n.children.forEach(check);
      expect(sum(n.counts)).toBe(n.gateways.reduce((a, g) => a + sum(g.counts), 0) + n.children.reduce((a, c) => a + sum(c.counts), 0));
    };
    gw.forEach(check);
    const gateways = (function all(list: GwNode[]): GwNode['gateways'] {
      return list.flatMap((n) => [...n.gateways, ...all(n.children)]);
    })(gw);
    expect(gateways.length).toBeGreaterThan(0);
    expect(gateways.some((g) => sum(g.counts) > 0)).toBe(true);
    const open = (await p.call(p.admin, 'GET', '/api/alarm/area/by/level/status/0/tree/gw')).data as GwNode[];
    expect(open.reduce((a, n) => a + sum(n.counts), 0)).toBeLessThanOrEqual(gw.reduce((a, n) => a + sum(n.counts), 0));
  });

  it('breaks devices with open alarms down by level, top resource point and event type', async () => {
    const byLevel = (await p.call(p.admin, 'POST', '/api/alarm/machine/by/level/status', { limit: 100 })).data as Array<{ deviceCode: string; total: number; items: Array<{ total: number }> }>;
    for (const d of byLevel) expect(total(d.items)).toBe(d.total);
    const stat = (await p.call(p.admin, 'GET', `/api/alarm/stat/machine/${fcu.id}`)).data;
    expect(byLevel.find((d) => d.deviceCode === fcu.code)!.total).toBe(sum(stat.openCounts));
    const byResource = (await p.call(p.admin, 'POST', '/api/alarm/machine/by/top/resource/status', { limit: 100, modelId: fcu.modelId })).data;
    expect(byResource.find((d: { deviceCode: string }) => d.deviceCode === fcu.code).items).toContainEqual(expect.objectContaining({ paramCode: 'temp', paramName: 'Supply temperature' }));
    for (const d of byResource) expect(d.deviceCode).toMatch(/FCU-/);
    const byType = (await p.call(p.admin, 'POST', '/api/alarm/machine/by/type/status', { limit: 5 })).data;
    expect(byType).toHaveLength(5);
    for (const d of byType) expect(total(d.items)).toBe(d.total);
  });

  it('keeps a device’s action log with who, what and the note, newest first', async () => {
    expect((await p.call(p.admin, 'POST', '/api/alarm/handle', { ids: [hotAlarm], handleStatus: 'handling', note: 'checking the valve' })).code).toBe(0);
    expect((await p.call(p.admin, 'POST', '/api/alarm/handle', { ids: [hotAlarm], handleStatus: 'handled', note: 'valve replaced' })).code).toBe(0);
    const log = (await p.call(p.admin, 'POST', '/api/pmis/builddevicedetail/applyLog', { deviceCode: fcu.code, limit: 1 })).data;
    expect(log.total).toBeGreaterThanOrEqual(2);
    expect(log.rows).toEqual([expect.objectContaining({ alarmId: hotAlarm, action: 'handled', note: 'valve replaced', userName: expect.stringMatching(/\S/) })]);
    const second = (await p.call(p.admin, 'POST', '/api/pmis/builddevicedetail/applyLog', { deviceCode: fcu.code, limit: 1, page: 2 })).data.rows[0];
    expect(second).toMatchObject({ alarmId: hotAlarm, action: 'handling', note: 'checking the valve' });
  });

  it('refuses bad input and another tenant’s devices, areas and models', async () => {
    const area = (await p.call(p.admin, 'GET', '/api/alarm/area/by/level/hisStatus/0/tree')).data[0].rowGuid as string;
    const refusals: Array<[string, string, unknown, Record<string, string> | undefined, string]> = [
      ['GET', '/api/alarm/list/machine', undefined, { days: '93' }, 'days: Please enter an integer from 1 to 92'],
      ['GET', '/api/alarm/list/node', undefined, { limit: '0' }, 'limit: Please enter an integer from 1 to 100'],
      ['GET', '/api/alarm/list/machine', undefined, { handleStatus: 'lost' }, 'handleStatus: must be one of: unhandled, handling, handled'],
      ['GET', '/api/alarm/stat/machine/abc', undefined, undefined, 'id: Please enter an integer'],
      ['GET', '/api/alarm/stat/machine/999999', undefined, undefined, 'no such device'],
      ['POST', '/api/alarm/stat/resource', { areaGuid: 'nope' }, undefined, 'no such area'],
      ['GET', '/api/alarm/area/by/product/model/status/-1', undefined, undefined, 'id: Please enter an integer from 0 to 2147483647'],
      ['GET', '/api/alarm/area/by/product/model/status/999999', undefined, undefined, 'no such model'],
      ['POST', '/api/pmis/builddevicedetail/applyLog', { deviceCode: 'NOPE-1' }, undefined, 'no such device'],
    ];
    for (const [method, path, body, query, msg] of refusals) expect((await p.call(p.admin, method, path, body, query)).msg, path).toBe(msg);
    expect((await p.call(p.admin, 'POST', '/api/alarm/machine/by/level/status', { limit: 1000 })).code).toBe(-1);

    // The second tenant: none of tenant 1's devices, areas or models can be named, and its numbers are its own.
    const theirs: Array<[string, string, unknown, Record<string, string> | undefined, string]> = [
      ['GET', `/api/alarm/stat/machine/${fcu.id}`, undefined, undefined, 'no such device'],
      ['POST', '/api/alarm/stat/resource', { modelId: fcu.modelId }, undefined, 'no such model'],
      ['POST', '/api/alarm/machine/by/type/status', { areaGuid: area }, undefined, 'no such area'],
      ['GET', `/api/alarm/area/by/type/hisStatus/${area}`, undefined, undefined, 'no such area'],
      ['GET', `/api/alarm/area/by/product/model/hisStatus/${fcu.modelId}`, undefined, undefined, 'no such model'],
      ['GET', `/api/alarm/area/by/level/status/${area}/tree/gw`, undefined, undefined, 'no such area'],
      ['POST', '/api/pmis/builddevicedetail/applyLog', { deviceCode: fcu.code }, undefined, 'no such device'],
    ];
    for (const [method, path, body, query, msg] of theirs) expect((await p.call(p.admin2, method, path, body, query)).msg, path).toBe(msg);
    const mine = (await p.call(p.admin, 'GET', '/api/alarm/list/machine', undefined, { limit: '100' })).data as Array<{ deviceCode: string }>;
    const other = (await p.call(p.admin2, 'GET', '/api/alarm/list/machine', undefined, { limit: '100' })).data as Array<{ deviceCode: string }>;
    expect(other.some((o) => mine.some((m) => m.deviceCode === o.deviceCode))).toBe(false);
  });
});
