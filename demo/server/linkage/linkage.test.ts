// Linkage: strategies refuse what cannot work (unknown point, foreign operator, a period ending before
// it starts, a target of another tenant, an action that would fire its own strategy); the engine fires
// after the hit count, writes through the gateway and raises the alarm, records both attempts, skips
// disabled strategies and holidays, retries important ones until the gateway answers, and stops a
// chain that runs too deep; quick scenes run step by step and a cancel stops the rest.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start } from '../testing.ts';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { deleteGroups, groupById, holidaysOf, insertGroup, isHoliday, listGroups, nameTaken, putHoliday } from './linkage-data.ts';

interface Device {
  id: number;
  name: string;
  gateway_id: number;
}

describe('linkage', () => {
  const p = usePlatform();
  const { call } = p;
  const post = (path: string, body: unknown) => fetch(`${p.s.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const setPoint = (deviceId: number, code: string, value: number) => post('/__test/points/set', { deviceId, code, value });
  const settle = (at?: number) => post('/__test/linkage/settle', at ? { at } : {});
  const db = () => p.s.app.atrium.db;
  const fcus = () =>
    db().prepare("SELECT d.id, d.name, d.gateway_id FROM device d JOIN device_model m ON m.id = d.model_id WHERE d.tenant_id = 1 AND m.code = 'FCU100' ORDER BY d.id").all() as unknown as Device[];
  const point = (deviceId: number, code: string) => (db().prepare('SELECT value FROM point_current WHERE device_id = ? AND code = ?').get(deviceId, code) as { value: number } | undefined)?.value;
  const records = (strategyId: number) => call(p.admin, 'POST', '/api/link/record/page', { page: 1, limit: 50, strategyId }).then((r) => r.data);
  const online = async (device: Device) => post('/__test/gateway', { gatewayId: device.gateway_id, status: 'online', mode: 'normal' });
  // The device simulator flips random devices and gateways: held still, so a gateway these tests set
  // online stays online through their writes (a quick scene's third step once found its gateway
  // offline).
  beforeAll(async () => void (await post('/__test/device/simulator', { sharePerMinute: 0 })));

  let groupId = 0;
  // Every test can run alone (-t): the strategies' group is made before them, not by the first test.
  beforeAll(async () => {
    groupId = (await call(p.admin, 'POST', '/api/link/group', { name: 'Tests' })).data.id;
  });
  const strategy = (device: Device, more: Record<string, unknown> = {}) => ({
    groupId,
    name: `S${Math.random().toString(36).slice(2, 8)}`,
    deviceId: device.id,
    expression: 'temp > 30',
    hits: 3,
    level: 'common',
    retrySeconds: 5,
    periodStart: '',
    periodEnd: '',
    skipHolidays: false,
    enabled: true,
    actions: [
      { kind: 'write', deviceId: device.id, code: 'fan', value: 1 },
      { kind: 'alarm', deviceId: device.id, level: 'warning', content: 'Too warm' },
    ],
    ...more,
  });

  it('refuses strategies that cannot work, with a message naming the problem', async () => {
    groupId = (await call(p.admin, 'POST', '/api/link/group', { name: 'HVAC', note: 'fan coils' })).data.id;
    expect((await call(p.admin, 'POST', '/api/link/group', { name: 'HVAC' })).msg).toBe('a strategy group with this name already exists');
    const [d] = fcus();
    const body = strategy(d!);
    const refuse = async (more: Record<string, unknown>) => (await call(p.admin, 'POST', '/api/link/strategy', { ...body, ...more })).msg as string;
    expect(await refuse({ expression: 'temp ** 2' })).toContain('At character 6');
    expect(await refuse({ expression: 'tmp > 30' })).toBe(`the device “${d!.name}” has no point tmp; it has: temp, setpoint, fan`);
    expect(await refuse({ periodStart: '18:00', periodEnd: '08:00' })).toContain('The period must end after it starts');
    expect(await refuse({ periodStart: '18:00' })).toContain('Fill in both times or neither');
    expect(await refuse({ actions: [] })).toContain('Add 1 to 20 actions');
    expect(await refuse({ actions: [{ kind: 'write', deviceId: d!.id, code: 'temp', value: 1 }] })).toBe(`action 1: the device “${d!.name}” has no writable point temp`);
    expect(await refuse({ actions: [{ kind: 'write', deviceId: d!.id, code: 'setpoint', value: 99 }] })).toBe('action 1: the value must be from 16 to 30');
    expect(await refuse({ expression: 'fan == 0', actions: [{ kind: 'write', deviceId: d!.id, code: 'fan', value: 1 }] })).toBe(
      `action 1 writes fan of ${d!.name}, which this strategy’s source reads: the strategy would fire itself`,
    );
    // Through a scene: the scene writes the point the strategy reads.
    const scene = (await call(p.admin, 'POST', '/api/link/scene', { name: 'Fan on', steps: [{ delaySeconds: 1, action: { kind: 'write', deviceId: d!.id, code: 'fan', value: 1 } }] })).data;
    expect(await refuse({ expression: 'fan == 0', actions: [{ kind: 'scene', sceneId: scene.id }] })).toContain('runs a scene that writes fan');
    // Another tenant: neither its group nor its device may be named.
    expect((await call(p.admin2, 'POST', '/api/link/strategy', body)).msg).toBe('no such strategy group');
    const group2 = (await call(p.admin2, 'POST', '/api/link/group', { name: 'Mine' })).data.id;
    expect((await call(p.admin2, 'POST', '/api/link/strategy', { ...body, groupId: group2 })).msg).toBe('no such device');
    const d2 = db().prepare('SELECT id FROM device WHERE tenant_id = 2 LIMIT 1').get() as { id: number };
    expect((await call(p.admin2, 'POST', '/api/link/strategy', { ...body, groupId: group2, deviceId: d2.id, expression: '1 > 0' })).msg).toBe('action 1: no such device');
    // Nothing was stored by any refusal.
    expect((await call(p.admin, 'POST', '/api/link/strategy/page', { page: 1, limit: 10 })).data.total).toBe(0);
  });

  it('fires after the hit count, writes and raises, records both attempts; disabled and holidays do not fire', async () => {
    const d = fcus()[1]!;
    await online(d);
    await setPoint(d.id, 'fan', 0);
    const made = (await call(p.admin, 'POST', '/api/link/strategy', strategy(d, { name: 'Too warm' }))).data;
    expect(made).toMatchObject({ name: 'Too warm', hits: 3, enabled: true, deviceName: d.name });
    await setPoint(d.id, 'temp', 31);
    await setPoint(d.id, 'temp', 32);
    await settle();
    expect((await records(made.id)).total).toBe(0);
    await setPoint(d.id, 'temp', 33);
    await settle();
    let page = await records(made.id);
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ result: 'success', strategyName: 'Too warm', values: { temp: 33, fan: 0 } });
    expect(page.rows[0].attempts.map((a: { label: string; ok: boolean; attempt: number }) => [a.label, a.ok, a.attempt])).toEqual([
      [`write ${d.name} fan = 1`, true, 1],
      [`alarm on ${d.name} (warning)`, true, 1],
    ]);
    expect(point(d.id, 'fan')).toBe(1);
    expect(db().prepare("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = 1 AND device_name = ? AND content_en = 'Too warm'").get(d.name)).toMatchObject({ n: 1 });
    // Still holding: no second firing until the source stops holding.
    await setPoint(d.id, 'temp', 34);
    await settle();
    expect((await records(made.id)).total).toBe(1);
    await setPoint(d.id, 'temp', 20);
    for (const v of [31, 31, 31]) await setPoint(d.id, 'temp', v);
    await settle();
    expect((await records(made.id)).total).toBe(2);

    // Disabled: no firing.
    await call(p.admin, 'POST', `/api/link/strategy/${made.id}/enabled`, { enabled: false });
    await setPoint(d.id, 'temp', 20);
    for (const v of [31, 31, 31]) await setPoint(d.id, 'temp', v);
    await settle();
    expect((await records(made.id)).total).toBe(2);

    // Not on holidays: today marked a holiday, it skips; unmarked, it fires.
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await call(p.admin, 'PUT', `/api/link/strategy/${made.id}`, { ...strategy(d, { name: 'Too warm' }), skipHolidays: true });
    expect((await call(p.admin, 'PUT', '/api/link/holiday', { day, kind: 'holiday', name: 'Test day' })).code).toBe(0);
    expect((await call(p.admin, 'GET', '/api/link/holiday', undefined, { year: day.slice(0, 4) })).data).toContainEqual({ day, kind: 'holiday', name: 'Test day' });
    expect((await call(p.admin2, 'GET', '/api/link/holiday', undefined, { year: day.slice(0, 4) })).data).toEqual([]);
    for (const v of [20, 31, 31, 31]) await setPoint(d.id, 'temp', v);
    await settle();
    expect((await records(made.id)).total).toBe(2);
    await call(p.admin, 'PUT', '/api/link/holiday', { day, kind: '' });
    for (const v of [20, 31, 31, 31]) await setPoint(d.id, 'temp', v);
    await settle();
    expect((await records(made.id)).total).toBe(3);
    expect((await call(p.admin, 'PUT', '/api/link/holiday', { day: '2026-02-30', kind: 'holiday' })).msg).toBe('the day must be YYYY-MM-DD');

    // The other tenant sees none of it and cannot change it.
    expect((await call(p.admin2, 'POST', '/api/link/strategy/page', { page: 1, limit: 10 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/link/record/page', { page: 1, limit: 10 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/link/strategy/delete', { ids: [made.id] })).code).toBe(-1);
    expect((await call(p.admin2, 'GET', `/api/link/record/${page.rows[0].id}`)).code).toBe(-1);
    page = await records(made.id);
    expect(page.rows).toHaveLength(3);
  });

  it('retries an important strategy until its gateway comes back, recording each attempt', async () => {
    const d = fcus()[2]!;
    await online(d);
    await setPoint(d.id, 'temp', 20);
    const made = (await call(p.admin, 'POST', '/api/link/strategy', strategy(d, { level: 'important', hits: 1, retrySeconds: 5, actions: [{ kind: 'write', deviceId: d.id, code: 'setpoint', value: 18 }] }))).data;
    await post('/__test/gateway', { gatewayId: d.gateway_id, status: 'offline' });
    await setPoint(d.id, 'temp', 35);
    await settle();
    let rec = (await records(made.id)).rows[0];
    expect(rec.result).toBe('retrying');
    expect(rec.attempts).toMatchObject([{ ok: false, attempt: 1, message: 'Gateway offline' }]);
    // Not due yet: nothing happens; due while still offline: a second failed attempt.
    await settle(Date.now() + 1000);
    expect((await records(made.id)).rows[0].attempts).toHaveLength(1);
    await settle(Date.now() + 6000);
    rec = (await records(made.id)).rows[0];
    expect(rec.attempts.map((a: { ok: boolean }) => a.ok)).toEqual([false, false]);
    await online(d);
    await settle(Date.now() + 20_000);
    rec = (await records(made.id)).rows[0];
    expect(rec.result).toBe('success');
    expect(rec.attempts.map((a: { ok: boolean; attempt: number }) => [a.ok, a.attempt])).toEqual([
      [false, 1],
      [false, 2],
      [true, 3],
    ]);
    expect(point(d.id, 'setpoint')).toBe(18);
    await call(p.admin, 'POST', '/api/link/strategy/delete', { ids: [made.id] });
  });

  // SPEC §4 "common runs once; important retries until success": a failing common strategy is
  // recorded failed after its one attempt, and neither a later due time nor the gateway coming back
  // runs it again.
  it('does not retry a failing common strategy', async () => {
    const d = fcus()[3]!;
    await online(d);
    await setPoint(d.id, 'temp', 20);
    await setPoint(d.id, 'setpoint', 22);
    const made = (await call(p.admin, 'POST', '/api/link/strategy', strategy(d, { level: 'common', hits: 1, retrySeconds: 5, actions: [{ kind: 'write', deviceId: d.id, code: 'setpoint', value: 17 }] }))).data;
    // Its own firings, by name: a strategy id freed by a deletion is given again, with the old records.
    const firings = async () => (await records(made.id)).rows.filter((r: { strategyName: string }) => r.strategyName === made.name);
    await post('/__test/gateway', { gatewayId: d.gateway_id, status: 'offline' });
    await setPoint(d.id, 'temp', 35);
    await settle();
    let rows = await firings();
    expect(rows).toHaveLength(1);
    expect(rows[0].result).toBe('failed');
    expect(rows[0].attempts).toMatchObject([{ ok: false, attempt: 1, message: 'Gateway offline' }]);
    // Well past its retry interval, offline and then online again: still the one attempt.
    await settle(Date.now() + 6000);
    await online(d);
    await settle(Date.now() + 60_000);
    rows = await firings();
    expect(rows).toHaveLength(1);
    expect(rows[0].result).toBe('failed');
    expect(rows[0].attempts.map((a: { ok: boolean; attempt: number }) => [a.ok, a.attempt])).toEqual([[false, 1]]);
    expect(point(d.id, 'setpoint')).toBe(22);
    await call(p.admin, 'POST', '/api/link/strategy/delete', { ids: [made.id] });
  });

  it('stops a firing chain that runs deeper than the limit and records it', async () => {
    const chain = fcus().slice(3, 11);
    for (const d of chain) {
      await online(d);
      await setPoint(d.id, 'setpoint', 20);
    }
    // Each device's set point above 25 writes the next device's set point to 26.
    for (const [i, d] of chain.slice(0, -1).entries()) {
      const next = chain[i + 1]!;
      const made = await call(p.admin, 'POST', '/api/link/strategy', strategy(d, { name: `Chain ${i}`, expression: 'setpoint > 25', hits: 1, actions: [{ kind: 'write', deviceId: next.id, code: 'setpoint', value: 26 }] }));
      expect(made.code).toBe(0);
    }
    await setPoint(chain[0]!.id, 'setpoint', 26);
    for (let i = 0; i < 10; i++) await settle();
    const stopped = (await call(p.admin, 'POST', '/api/link/record/page', { page: 1, limit: 50, result: 'stopped' })).data.rows;
    expect(stopped).toHaveLength(1);
    expect(stopped[0].note).toBe('the firing chain went deeper than 5 levels and was stopped');
    // The chain ran until the limit: the device after the stopped one kept its value.
    const at = chain.findIndex((d) => d.id === stopped[0].deviceId);
    expect(point(chain[at]!.id, 'setpoint')).toBe(26);
    expect(point(chain[at + 1]!.id, 'setpoint')).toBe(20);
  });

  it('runs a quick scene step by step as a background task; a cancel stops the remaining steps', async () => {
    const [a, b, c] = fcus().slice(12, 15) as [Device, Device, Device];
    for (const d of [a, b, c]) {
      await online(d);
      await setPoint(d.id, 'setpoint', 20);
    }
    const step = (d: Device) => ({ delaySeconds: 1, action: { kind: 'write', deviceId: d.id, code: 'setpoint', value: 22 } });
    expect((await call(p.admin, 'POST', '/api/link/scene', { name: 'Bad', steps: [{ ...step(a), delaySeconds: 0 }] })).msg).toContain('The delay must be 1 to 300 seconds');
    expect((await call(p.admin, 'POST', '/api/link/scene', { name: 'Bad', steps: [{ ...step(a), delaySeconds: 301 }] })).msg).toContain('The delay must be 1 to 300 seconds');
    expect((await call(p.admin, 'POST', '/api/link/scene', { name: 'Bad', steps: [{ delaySeconds: 1, action: { kind: 'scene', sceneId: 1 } }] })).msg).toContain('Action 1 is incomplete');
    const scene = (await call(p.admin, 'POST', '/api/link/scene', { name: 'Morning', steps: [step(a), step(b), step(c)] })).data;
    expect((await call(p.admin2, 'POST', `/api/link/scene/${scene.id}/run`, {})).msg).toBe('no such quick scene');

    const run = (await call(p.admin, 'POST', `/api/link/scene/${scene.id}/run`, {})).data;
    const item = async () => (await call(p.admin, 'GET', '/api/admin/progress')).data.find((i: { hashKey: string }) => i.hashKey === run.hashKey);
    for (let i = 0; i < 50 && point(a.id, 'setpoint') !== 22; i++) await new Promise((r) => setTimeout(r, 100));
    expect(point(a.id, 'setpoint')).toBe(22);
    expect((await call(p.admin, 'POST', '/api/admin/progress/cancel', run)).data).toEqual({ cancelled: true });
    await new Promise((r) => setTimeout(r, 2500));
    expect([point(b.id, 'setpoint'), point(c.id, 'setpoint')]).toEqual([20, 20]);
    expect(await item()).toMatchObject({ title: 'Morning', status: 2, msg: 'cancelled; the remaining steps did not run', totalSize: 3 });
    expect((await call(p.admin, 'POST', '/api/admin/progress/cancel', run)).msg).toBe('the task has finished or does not exist');

    // Run to the end: each step is a progress step.
    const full = (await call(p.admin, 'POST', `/api/link/scene/${scene.id}/run`, {})).data;
    let done: { status: number; currentSize: number; msg: string } | undefined;
    for (let i = 0; i < 60; i++) {
      done = (await call(p.admin, 'GET', '/api/admin/progress')).data.find((x: { hashKey: string }) => x.hashKey === full.hashKey);
      if (done?.status === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toMatchObject({ status: 0, currentSize: 3, msg: 'all 3 steps done' });
    expect([point(b.id, 'setpoint'), point(c.id, 'setpoint')]).toEqual([22, 22]);
  });

  it("the linkage data module works without HTTP, bound to one tenant: tenant 2's group and holiday are not tenant 1's", () => {
    const one = tenantDataOf(db(), 1);
    const two = tenantDataOf(db(), 2);
    const id = insertGroup(two, 'Only tenant 2', 'data module');
    expect(listGroups(two, 'Only tenant 2', { limit: 10, offset: 0 })).toEqual({ total: 1, rows: [{ id, name: 'Only tenant 2', note: 'data module', strategies: 0 }] });
    expect(listGroups(one, 'Only tenant 2', { limit: 10, offset: 0 })).toEqual({ total: 0, rows: [] });
    expect(groupById(one, id)).toBeUndefined();
    expect(nameTaken('link_group', one, 'Only tenant 2')).toBe(false);
    expect(deleteGroups(one, [id])).toBe(0);
    expect(groupById(two, id)?.name).toBe('Only tenant 2');
    putHoliday(two, '2037-05-01', 'holiday', 'Labour day');
    expect(isHoliday(two, '2037-05-01')).toBe(true);
    expect(isHoliday(one, '2037-05-01')).toBe(false);
    expect(holidaysOf(one, 2037)).toEqual([]);
    putHoliday(two, '2037-05-01', '', '');
    expect(holidaysOf(two, 2037)).toEqual([]);
    expect(deleteGroups(two, [id])).toBe(1);
  });

  it('imports a year of holidays from xlsx, all or nothing', async () => {
    const file = async (rows: Array<[unknown, string, string]>) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('holidays');
      sheet.addRow(['Date', 'Kind', 'Name']);
      for (const r of rows) sheet.addRow(r);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const upload = async (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'holidays.xlsx');
      return (await api(p.s.base, 'POST', '/api/link/holiday/import', { token: p.admin, form, headers: { lang: 'en' } })).body;
    };
    const bad = await upload(await file([['2031-10-01', 'holiday', 'National Day'], ['2031-10-32', 'holiday', 'Nope']]));
    expect(bad.msg).toBe('row 3: the day must be YYYY-MM-DD');
    expect((await call(p.admin, 'GET', '/api/link/holiday', undefined, { year: '2031' })).data).toEqual([]);
    const good = await upload(await file([[new Date(Date.UTC(2031, 9, 1)), '节假日', 'National Day'], ['2031-10-12', 'workday', 'Make-up day']]));
    expect(good.data.imported).toBe(2);
    expect((await call(p.admin, 'GET', '/api/link/holiday', undefined, { year: '2031' })).data).toEqual([
      { day: '2031-10-01', kind: 'holiday', name: 'National Day' },
      { day: '2031-10-12', kind: 'workday', name: 'Make-up day' },
    ]);
    expect((await call(p.admin2, 'GET', '/api/link/holiday', undefined, { year: '2031' })).data).toEqual([]);
  });
});

describe('linkage across a restart', () => {
  it('neither fires again what fired nor forgets a retry that was due', async () => {
    const first = await start({ faults: true });
    const dir = first.dir;
    try {
      const post = (base: string, path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      const token = await login(first.base, 'admin', 'admin123');
      const call = async (base: string, method: string, path: string, body?: unknown) => (await api(base, method, path, { token, body, headers: { lang: 'en' } })).body;
      const db = first.app.atrium.db;
      const [a, b] = db.prepare("SELECT d.id, d.gateway_id FROM device d JOIN device_model m ON m.id = d.model_id WHERE d.tenant_id = 1 AND m.code = 'FCU100' ORDER BY d.id LIMIT 2").all() as Array<{ id: number; gateway_id: number }>;
      await post(first.base, '/__test/gateway', { gatewayId: a!.gateway_id, status: 'online', mode: 'normal' });
      const group = (await call(first.base, 'POST', '/api/link/group', { name: 'Restart group' })).data.id;
      // A retry 10 minutes away: no real timer reaches it while the platform restarts, however slowly
      // (at 5 s a slow restart let one more failed attempt in); the test moves the clock there itself.
      const base = { groupId: group, hits: 1, level: 'common', retrySeconds: 600, periodStart: '', periodEnd: '', skipHolidays: false, enabled: true };
      const once = (await call(first.base, 'POST', '/api/link/strategy', { ...base, name: 'Once', deviceId: a!.id, expression: 'temp > 30', actions: [{ kind: 'alarm', deviceId: a!.id, level: 'reminder', content: 'hot' }] })).data;
      await post(first.base, '/__test/points/set', { deviceId: a!.id, code: 'temp', value: 35 });
      // An important strategy whose gateway is offline: it waits to retry when the platform stops.
      await post(first.base, '/__test/gateway', { gatewayId: b!.gateway_id, status: 'offline' });
      const retry = (await call(first.base, 'POST', '/api/link/strategy', { ...base, name: 'Retry', level: 'important', deviceId: b!.id, expression: 'temp > 30', actions: [{ kind: 'write', deviceId: b!.id, code: 'fan', value: 1 }] })).data;
      await post(first.base, '/__test/points/set', { deviceId: b!.id, code: 'temp', value: 35 });
      await post(first.base, '/__test/linkage/settle', {});
      expect((await call(first.base, 'POST', '/api/link/record/page', { page: 1, limit: 10 })).data.rows.map((r: { strategyName: string; result: string }) => [r.strategyName, r.result])).toEqual([
        ['Retry', 'retrying'],
        ['Once', 'success'],
      ]);
      await first.stop();

      const second = await start({ faults: true, dataDir: dir });
      try {
        const records = async (strategyId: number) => (await api(second.base, 'POST', '/api/link/record/page', { token: await login(second.base, 'admin', 'admin123'), body: { page: 1, limit: 10, strategyId }, headers: { lang: 'en' } })).body.data.rows;
        // Still holding after the restart: no second firing.
        await post(second.base, '/__test/points/set', { deviceId: a!.id, code: 'temp', value: 36 });
        await post(second.base, '/__test/linkage/settle', {});
        expect(await records(once.id)).toHaveLength(1);
        // The retry resumes: the gateway back, the due retry succeeds.
        expect((await records(retry.id))[0].result).toBe('retrying');
        await post(second.base, '/__test/gateway', { gatewayId: b!.gateway_id, status: 'online', mode: 'normal' });
        await post(second.base, '/__test/linkage/settle', { at: Date.now() + 610_000 });
        const [rec] = await records(retry.id);
        expect(rec.result).toBe('success');
        expect(rec.attempts.map((x: { ok: boolean }) => x.ok)).toEqual([false, true]);
      } finally {
        await second.stop();
      }
    } finally {
      removeDir(dir);
    }
  });
});
