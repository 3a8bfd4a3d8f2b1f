// Point values: the simulator writes values inside min/max through the collection formula and keeps
// history; an excursion raises an alarm once, then the ban holds it for 24 h; a control write reaches
// the device through its gateway, or answers the SPEC §8 gateway message; history is downsampled and
// kept inside the 3-month window; another tenant reaches nothing.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { BAN_MS, DEFAULT_EXCURSIONS_PER_HOUR, raisePointAlarm, startPointSimulator } from './points.ts';
import ExcelJS from 'exceljs';
import { api, downloadSigned, taskDone } from '../testing.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { gatewayStatus } from './gateway-data.ts';
import { currentValues, devicesAmong, historyBuckets, writeReading } from './point-data.ts';

describe('point values', () => {
  const p = usePlatform();
  const { call } = p;
  const tick = () => fetch(`${p.s.base}/__test/points/tick`, { method: 'POST' }).then((r) => r.json());
  const db = () => p.s.app.atrium.db;
  const fcu = () =>
    db().prepare("SELECT d.id, d.gateway_id FROM device d JOIN device_model m ON m.id = d.model_id WHERE d.tenant_id = 1 AND m.code = 'FCU100' AND d.status = 'online' AND d.gateway_id IS NOT NULL ORDER BY d.id LIMIT 1").get() as {
      id: number;
      gateway_id: number;
    };

  it('writes values within min and max for every modelled online device, with history', async () => {
    const { admin, admin2 } = p;
    expect((await tick()).data.written).toBeGreaterThan(10);
    await tick();
    const points = (await call(admin, 'GET', `/api/device/${fcu().id}/points`)).data as Array<{ code: string; value: number; min: string; max: string }>;
    expect(points.map((p) => p.code)).toEqual(['temp', 'setpoint', 'fan']);
    for (const p of points) {
      expect(p.value).toBeGreaterThanOrEqual(Number(p.min));
      expect(p.value).toBeLessThanOrEqual(Number(p.max));
    }
    const rows = db().prepare('SELECT COUNT(*) AS n FROM point_history WHERE device_id = ?').get(fcu().id) as { n: number };
    expect(rows.n).toBe(6);
    expect((await call(admin2, 'GET', `/api/device/${fcu().id}/points`)).code).toBe(-1);
  });

  it('a device added with a model on an online gateway comes online and has values after one round; without one it waits', async () => {
    const { admin } = p;
    const model = (await call(admin, 'GET', '/api/device/model/all')).data.find((m: { code: string }) => m.code === 'FCU100');
    const gateways = db().prepare("SELECT id, status FROM gateway WHERE tenant_id = 1 ORDER BY id").all() as Array<{ id: number; status: string }>;
    const online = gateways.find((g) => g.status === 'online')!;
    const offline = gateways.find((g) => g.id !== online.id)!;
    db().prepare("UPDATE gateway SET status = 'offline' WHERE id = ?").run(offline.id);
    const add = async (code: string, gatewayId: number | null) => {
      const made = await call(admin, 'POST', '/api/device', { code, name: code, modelId: model.id, ...(gatewayId ? { gatewayId } : {}) });
      expect(made.code, made.msg).toBe(0);
      return made.data.id as number;
    };
    const fresh = await add('THS-NEW-001', online.id);
    const waiting = await add('THS-NEW-002', offline.id);
    const loose = await add('THS-NEW-003', null);
    const statusOf = (id: number) => (db().prepare('SELECT status FROM device WHERE id = ?').get(id) as { status: string }).status;
    expect(statusOf(fresh)).toBe('unknown');
    await tick();
    expect(statusOf(fresh)).toBe('online');
    const points = (await call(admin, 'GET', `/api/device/${fresh}/points`)).data as Array<{ code: string; value: number | null }>;
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((pt) => typeof pt.value === 'number')).toBe(true);
    // The others wait for what they lack: an online gateway, a gateway at all.
    expect(statusOf(waiting)).toBe('unknown');
    expect(statusOf(loose)).toBe('unknown');
    db().prepare("UPDATE gateway SET status = 'online' WHERE id = ?").run(offline.id);
    await tick();
    expect(statusOf(waiting)).toBe('online');
  });

  it('one excursion of one point raises one alarm until that alarm is cleared or its ban expires', () => {
    const param = { code: 'probe2', name: 'Return temperature', unit: '°C', alarmExpression: 'x > 35' } as never;
    const at = Date.now();
    const first = raisePointAlarm(db(), 1, fcu().id, param, 38, at)!;
    expect(first).toBeGreaterThan(0);
    for (let i = 1; i <= 5; i++) expect(raisePointAlarm(db(), 1, fcu().id, param, 38 + i, at + i * 10_000)).toBeNull();
    // Handled: the next excursion is a new alarm, ban or not.
    db().prepare("UPDATE alarm SET handle_status = 'handled' WHERE id = ?").run(first);
    const second = raisePointAlarm(db(), 1, fcu().id, param, 40, at + 120_000)!;
    expect(second).toBeGreaterThan(first);
    expect(raisePointAlarm(db(), 1, fcu().id, param, 41, at + 130_000)).toBeNull();
  });

  it('a calm building by default: a few excursions an hour across every device; the busy rate is an option', () => {
    // A seeded random, so the count is the same on every run.
    const seeded = (seed: number) => () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
    const hour = (excursionsPerHour: number) => {
      // One alarm per point that ran off (the ban holds the rest back).
      const points = new Set<string>();
      const sim = startPointSimulator(db(), 0, seeded(7), (_t, deviceId, param) => void points.add(`${deviceId}/${param.code}`), excursionsPerHour);
      const start = Date.now();
      // An hour of 10-second rounds would be 360; 60 rounds are ten minutes.
      for (let i = 0; i < 60; i++) sim.tick(start + i * 10_000);
      return points.size;
    };
    expect(DEFAULT_EXCURSIONS_PER_HOUR).toBeLessThanOrEqual(6);
    // Ten calm minutes: at most a handful of values worth an alarm (the demo used to raise ~100).
    expect(hour(DEFAULT_EXCURSIONS_PER_HOUR)).toBeLessThanOrEqual(5);
    expect(hour(600)).toBeGreaterThan(10);
  });

  it('reads many devices at once for the monitoring cards, with their open alarms, inside the tenant only', async () => {
    const { admin, admin2 } = p;
    const id = fcu().id;
    await fetch(`${p.s.base}/__test/points/set`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: id, code: 'temp', value: 19.5 }) });
    const code = (db().prepare('SELECT code FROM device WHERE id = ?').get(id) as { code: string }).code;
    const open = (db().prepare("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = 1 AND device_code = ? AND handle_status != 'handled' AND status != 'closed'").get(code) as { n: number }).n;
    const other = (db().prepare('SELECT id FROM device WHERE tenant_id = 1 AND model_id IS NULL LIMIT 1').get() as { id: number } | undefined)?.id;
    const answer = await call(admin, 'POST', '/api/device/readings', { ids: other ? [id, other] : [id] });
    expect(answer.code).toBe(0);
    const rows = answer.data as Array<{ id: number; readings: Array<{ code: string; value: number | null }>; openAlarms: number | null }>;
    const mine = rows.find((r) => r.id === id)!;
    expect(mine.readings.find((r) => r.code === 'temp')!.value).toBe(19.5);
    expect(mine.openAlarms).toBe(open);
    if (other) expect(rows.find((r) => r.id === other)!.readings).toEqual([]);
    // Another tenant's devices do not exist for admin2; bad lists are refused and change nothing.
    expect((await call(admin2, 'POST', '/api/device/readings', { ids: [id] })).data).toEqual([]);
    expect((await call(admin, 'POST', '/api/device/readings', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).code).not.toBe(0);
    expect((await call(admin, 'POST', '/api/device/readings', { ids: ['1'] })).code).not.toBe(0);
    expect((await call(admin, 'POST', '/api/device/readings', {})).code).not.toBe(0);
  });

  it('raises an alarm for a value its expression flags, once while banned', async () => {
    const { admin } = p;
    // A point of its own: the simulator's rounds may already have banned the model's real ones.
    const param = { code: 'probe', name: 'Supply temperature', unit: '°C', alarmExpression: 'x > 35' } as never;
    const at = Date.now();
    const first = raisePointAlarm(db(), 1, fcu().id, param, 38.5, at);
    expect(first).toBeGreaterThan(0);
    expect(raisePointAlarm(db(), 1, fcu().id, param, 39, at + 60_000)).toBeNull();
    expect(raisePointAlarm(db(), 1, fcu().id, param, 39, at + BAN_MS + 1)).toBeGreaterThan(first!);
    const alarm = (await call(admin, 'GET', '/api/alarm')) as { data: { rows: Array<{ id: number; content: string }> } };
    expect(alarm.data.rows.find((a) => a.id === first)!.content).toBe('Supply temperature out of range: 38.5 °C (x > 35)');
  });

  it('writes a read-write parameter through the gateway, or answers what the gateway did', async () => {
    const { admin, admin2, s } = p;
    const { id, gateway_id } = fcu();
    expect((await call(admin, 'POST', `/api/device/${id}/control`, { code: 'temp', value: 20 })).msg).toBe('parameter temp is read-only');
    expect((await call(admin, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 99 })).msg).toBe('the value must be from 16 to 30');
    const done = await call(admin, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 21 });
    expect(done.data).toMatchObject({ code: 'setpoint', value: 21 });
    const points = (await call(admin, 'GET', `/api/device/${id}/points`)).data as Array<{ code: string; value: number }>;
    expect(points.find((p) => p.code === 'setpoint')!.value).toBe(21);
    const gateway = (mode: string, status = 'online') => fetch(`${s.base}/__test/gateway`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gatewayId: gateway_id, mode, status }) });
    await gateway('normal', 'offline');
    expect((await call(admin, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 22 })).msg).toBe('Gateway offline');
    await gateway('silent');
    expect((await call(admin, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 22 })).msg).toBe('Gateway no answer');
    await gateway('faulty');
    expect((await call(admin, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 22 })).msg).toBe('Gateway exception');
    expect((await call(admin, 'POST', `/api/gateway/${gateway_id}/distribute`)).msg).toBe('Gateway exception');
    await gateway('normal');
    expect((await call(admin2, 'POST', `/api/device/${id}/control`, { code: 'setpoint', value: 22 })).code).toBe(-1);
    // Distributing the configuration goes through the same gateway, and is remembered.
    const distributed = await call(admin, 'POST', `/api/gateway/${gateway_id}/distribute`);
    expect(distributed.data.devices).toBeGreaterThan(0);
    const listed = (await api(s.base, 'GET', '/api/gateway/list', { token: admin, query: { limit: '100' } })).body.data.rows.find((g: { id: number }) => g.id === gateway_id);
    expect(listed.distributedAt).toBe(distributed.data.distributedAt);
    expect((await call(admin2, 'POST', `/api/gateway/${gateway_id}/distribute`)).code).toBe(-1);
  });

  it('answers history downsampled, only within the past 3 months', async () => {
    const { admin, admin2, s } = p;
    const { id } = fcu();
    const insert = db().prepare('INSERT INTO point_history (device_id, code, tenant_id, at, value) VALUES (?, ?, 1, ?, ?)');
    const now = Date.now();
    s.app.atrium.db.exec('BEGIN');
    for (let i = 0; i < 10_000; i++) insert.run(id, 'temp', now - i * 60_000, 20 + (i % 10));
    s.app.atrium.db.exec('COMMIT');
    const pad = (n: number) => String(n).padStart(2, '0');
    const fmt = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    // The end a minute ahead: the newest sample is at `now` to the millisecond, the text format has seconds.
    const answer = await call(admin, 'POST', '/api/device/history', { deviceIds: [id], codes: ['temp'], startTime: fmt(new Date(now - 8 * 86_400_000)), endTime: fmt(new Date(now + 60_000)), maxPoints: 500 });
    expect(answer.data.series).toHaveLength(1);
    expect(answer.data.series[0].points.length).toBeLessThanOrEqual(500);
    expect(answer.data.series[0].samples).toBeGreaterThanOrEqual(10_000);
    // The export holds exactly the points the table shows.
    const query = { deviceIds: [id], codes: ['temp'], startTime: fmt(new Date(now - 8 * 86_400_000)), endTime: fmt(new Date(now + 60_000)), maxPoints: 500 };
    const started = await call(admin, 'POST', '/api/device/history/export', query);
    const item = await taskDone(s.base, admin, started.data.key, started.data.hashKey);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await downloadSigned(s.base, admin, item.download!)).arrayBuffer());
    expect(book.worksheets[0]!.rowCount - 1).toBe(answer.data.series[0].points.length);
    const old = await call(admin, 'POST', '/api/device/history', { deviceIds: [id], codes: ['temp'], startTime: '2020-01-01 00:00:00', endTime: fmt(new Date(now)) });
    expect(old.msg).toBe('Only the past 3 months can be queried');
    expect((await call(admin2, 'POST', '/api/device/history', { deviceIds: [id], codes: ['temp'], startTime: fmt(new Date(now - 3600_000)), endTime: fmt(new Date(now)) })).code).toBe(-1);
  });

  it("the data modules (point-data.ts, gateway-data.ts) work on a tenant's data without HTTP and never reach another tenant's rows", () => {
    const [one, two] = [tenantDataOf(db(), 1), tenantDataOf(db(), 2)];
    const { id, gateway_id: gatewayId } = fcu();
    const at = Date.now();
    one.tx(() => writeReading(one, id, 'setpoint', 21.5, at));
    expect(currentValues(one, id).find((v) => v.code === 'setpoint')).toEqual({ code: 'setpoint', value: 21.5, at });
    expect(historyBuckets(one, id, 'setpoint', at, at, 1)).toEqual([expect.objectContaining({ v: 21.5, t: at, n: 1 })]);
    expect(devicesAmong(one, [id], null).map((d) => d.id)).toEqual([id]);
    expect(gatewayStatus(one, gatewayId)).toEqual(expect.any(String));
    // Tenant 2's data reaches none of tenant 1's device, its values, its history or its gateway.
    expect(currentValues(two, id)).toEqual([]);
    expect(historyBuckets(two, id, 'setpoint', at, at, 1)).toEqual([]);
    expect(devicesAmong(two, [id], null)).toEqual([]);
    expect(gatewayStatus(two, gatewayId)).toBeUndefined();
  });
});
