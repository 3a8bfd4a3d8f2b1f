// Alarms: the bell's count per tenant, handling lowers it, rights per role, the 3-month window,
// the simulator producing real rows, and the test-only bulk switch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readQuery } from './alarm.ts';
import { raiseAlarm, startAlarmSimulator } from './alarm-simulator.ts';
import { alarmStates, listAlarms, newestAlarm } from './alarm-data.ts';
import type { SessionUser } from '../context.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { api, login, removeDir, sleep, start, type Running } from '../testing.ts';

describe('alarms', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let operator: string;
  let viewer: string;
  beforeAll(async () => {
    s = await start({ faults: true });
    [admin, admin2, operator, viewer] = await Promise.all([
      login(s.base, 'admin', 'admin123'),
      login(s.base, 'admin2', 'admin123'),
      login(s.base, 'operator', 'operator123'),
      login(s.base, 'viewer', 'viewer123'),
    ]);
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const total = async (token: string) => (await api(s.base, 'GET', '/api/alarm/total/tenant', { token })).body.data;

  it('answers the unhandled count and the newest alarm of the caller\'s tenant only', async () => {
    const one = await total(admin);
    const two = await total(admin2);
    expect(one.total).toBeGreaterThan(0); // the seeded week of history
    expect(two.total).toBeGreaterThan(0);
    expect(one.latestId).not.toBe(two.latestId);
    const id = raiseAlarm(s.app.atrium.db, Math.random, 1)!;
    const after = await total(admin);
    expect(after.total).toBe(one.total + 1);
    expect(after.latestId).toBe(id);
    expect(after.latest.id).toBe(id);
    expect((await total(admin2)).total).toBe(two.total);
  });

  it('lowers the count when an alarm is handled, and a viewer may count but not handle', async () => {
    const before = await total(viewer);
    const list = await api(s.base, 'GET', '/api/alarm', { token: viewer, query: { handleStatus: 'unhandled', limit: '1' } });
    expect(list.body.code).toBe(0);
    const id = list.body.data.rows[0].id as number;
    const denied = await api(s.base, 'POST', '/api/alarm/handle', { token: viewer, body: { ids: [id], handleStatus: 'handled' } });
    expect(denied.body.code).toBe(40301);
    const done = await api(s.base, 'POST', '/api/alarm/handle', { token: operator, body: { ids: [id], handleStatus: 'handled', note: 'reset' } });
    expect(done.body.data.changed).toBe(1);
    expect((await total(viewer)).total).toBe(before.total - 1);
    const again = await api(s.base, 'POST', '/api/alarm/handle', { token: operator, body: { ids: [id], handleStatus: 'handled' }, headers: { lang: 'en' } });
    expect(again.body).toMatchObject({ code: -1, msg: `the alarm is already handled: ${id}` });
  });

  it('keeps each alarm\'s history of actions, with who, when and the note', async () => {
    const list = await api(s.base, 'GET', '/api/alarm', { token: operator, query: { handleStatus: 'unhandled', limit: '1' } });
    const id = list.body.data.rows[0].id as number;
    await api(s.base, 'POST', '/api/alarm/handle', { token: operator, body: { ids: [id], handleStatus: 'handling', note: 'on my way' } });
    await api(s.base, 'POST', '/api/alarm/handle', { token: admin, body: { ids: [id], handleStatus: 'handled', note: 'valve reset' } });
    await api(s.base, 'POST', '/api/alarm/confirm', { token: admin, body: { ids: [id] } });
    const history = (await api(s.base, 'GET', `/api/alarm/${id}/actions`, { token: viewer })).body.data as Array<{ action: string; user: string; note: string }>;
    expect(history.map((h) => [h.action, h.user, h.note])).toEqual([
      ['raised', '', ''],
      ['handling', 'Olivia Operator', 'on my way'],
      ['handled', 'Demo Admin', 'valve reset'],
      ['confirmed', 'Demo Admin', ''],
    ]);
    // Closing a confirmed alarm is allowed once; confirming or closing a closed one is refused.
    expect((await api(s.base, 'POST', '/api/alarm/confirm', { token: admin, body: { ids: [id], status: 'closed' } })).body.data.changed).toBe(1);
    const closed = await api(s.base, 'POST', '/api/alarm/confirm', { token: admin, body: { ids: [id] }, headers: { lang: 'en' } });
    expect(closed.body).toMatchObject({ code: -1, msg: `the alarm is closed and cannot be confirmed or closed again: ${id}` });
    // The current list leaves closed alarms out; history keeps them.
    const current = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { limit: '1000', status: 'closed' } });
    expect(current.body.data.total).toBe(0);
    const his = await api(s.base, 'GET', '/api/alarm/his', { token: admin, query: { limit: '1000', status: 'closed' } });
    expect(his.body.data.rows.some((r: { id: number }) => r.id === id)).toBe(true);
    expect((await api(s.base, 'GET', `/api/alarm/${id}/actions`, { token: admin2 })).body.code).toBe(-1);
  });

  it('never touches another tenant\'s alarms', async () => {
    const theirs = await api(s.base, 'GET', '/api/alarm', { token: admin2, query: { limit: '1' } });
    const id = theirs.body.data.rows[0].id as number;
    const tried = await api(s.base, 'POST', '/api/alarm/confirm', { token: admin, body: { ids: [id] }, headers: { lang: 'en' } });
    expect(tried.body).toMatchObject({ code: -1, msg: `no such alarm: ${id}` });
    const handled = await api(s.base, 'POST', '/api/alarm/handle', { token: admin, body: { ids: [id], handleStatus: 'handled' } });
    expect(handled.body.code).toBe(-1);
    const still = await api(s.base, 'GET', '/api/alarm/his', { token: admin2, query: { limit: '1000' } });
    const row = still.body.data.rows.find((r: { id: number }) => r.id === id);
    expect([row.status, row.confirmer]).toEqual([theirs.body.data.rows[0].status, theirs.body.data.rows[0].confirmer]);
    const mine = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { limit: '1000' } });
    expect(mine.body.data.rows.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it('confirms and closes, recording who did it', async () => {
    const list = await api(s.base, 'GET', '/api/alarm', { token: operator, query: { status: 'toBeConfirmed', limit: '2' } });
    const ids = list.body.data.rows.map((r: { id: number }) => r.id) as number[];
    const res = await api(s.base, 'POST', '/api/alarm/confirm', { token: operator, body: { ids, status: 'closed' } });
    expect(res.body.data.changed).toBe(ids.length);
    const after = await api(s.base, 'GET', '/api/alarm/his', { token: operator, query: { status: 'closed', limit: '1000' } });
    const row = after.body.data.rows.find((r: { id: number }) => r.id === ids[0]);
    expect(row.confirmer).toBe('Olivia Operator');
    expect(row.confirmTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps queries within 3 months and checks the filters', async () => {
    const tooOld = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { startTime: '2024-01-01 00:00:00', endTime: '2024-03-31 23:59:59' }, headers: { lang: 'en' } });
    expect(tooOld.body).toMatchObject({ code: -1, msg: 'Only the past 3 months can be queried' });
    const future = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { startTime: '2999-01-01 00:00:00', endTime: '2999-01-02 00:00:00' }, headers: { lang: 'en' } });
    expect(future.body).toMatchObject({ code: -1, msg: 'The start time cannot be in the future' });
    const pad = (n: number) => String(n).padStart(2, '0');
    const fmt = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    const ok = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { startTime: fmt(new Date(Date.now() - 30 * 86_400_000)), endTime: fmt(new Date()) } });
    expect(ok.body.code).toBe(0);
    const badLevel = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { level: 'panic' } });
    expect(badLevel.body.code).toBe(-1);
    const critical = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { level: 'critical', limit: '1000' }, headers: { lang: 'en' } });
    expect(critical.body.data.rows.length).toBeGreaterThan(0);
    expect(critical.body.data.rows.every((r: { level: string }) => r.level === 'critical')).toBe(true);
    expect(critical.body.data.total).toBe(critical.body.data.rows.length);
  });

  // The same boundaries, with the same fixed clocks, as the search form's rule (shared/validate/dates.test.ts).
  it.each([
    ['May 31 (leap year)', new Date(2024, 4, 31, 10), '2024-02-29 10:00:00', '2024-02-29 09:59:59'],
    ['May 31', new Date(2023, 4, 31, 10), '2023-02-28 10:00:00', '2023-02-28 09:59:59'],
    ['Feb 29', new Date(2024, 1, 29, 0, 0, 30), '2023-11-29 00:00:30', '2023-11-29 00:00:29'],
    ['Feb 28', new Date(2023, 1, 28, 23, 59, 59), '2022-11-28 23:59:59', '2022-11-28 23:59:58'],
    ['Dec 31', new Date(2024, 11, 31, 12), '2024-09-30 12:00:00', '2024-09-30 11:59:59'],
    ['Mar 31', new Date(2024, 2, 31, 8), '2023-12-31 08:00:00', '2023-12-31 07:59:59'],
  ])('on %s the platform accepts exactly three calendar months back', (_day, clock, earliest, tooEarly) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const end = `${clock.getFullYear()}-${pad(clock.getMonth() + 1)}-${pad(clock.getDate())} ${pad(clock.getHours())}:${pad(clock.getMinutes())}:${pad(clock.getSeconds())}`;
    expect(typeof readQuery({ startTime: earliest, endTime: end }, 'en', clock.getTime())).toBe('object');
    expect(readQuery({ startTime: tooEarly, endTime: end }, 'en', clock.getTime())).toBe('Only the past 3 months can be queried');
  });

  it("the alarms' data module lists a tenant's own alarms without HTTP; another tenant's alarm is not among them", () => {
    const db = s.app.atrium.db;
    const everything = (tenantId: number): SessionUser => ({ id: 0, tenantId, username: 'probe', name: 'probe', superAdmin: true, menus: new Set(), elements: new Set() });
    const window = { from: Date.now() - 3_600_000, to: Date.now() + 60_000 };
    const theirs = raiseAlarm(db, Math.random, 2)!;
    const ours = raiseAlarm(db, Math.random, 1)!;
    const one = tenantDataOf(db, 1);
    const two = tenantDataOf(db, 2);
    const page = (data: typeof one, tenantId: number) => listAlarms(data, everything(tenantId), window, undefined, true, 1, 1000).rows.map((r) => r.id);
    expect(page(one, 1)).toContain(ours);
    expect(page(one, 1)).not.toContain(theirs);
    expect(page(two, 2)).toContain(theirs);
    expect(page(two, 2)).not.toContain(ours);
    // The bound tenant decides, not the user handed in: tenant 1's data with a tenant-2 user still reads tenant 1.
    expect(page(one, 2)).not.toContain(theirs);
    expect(alarmStates(one, everything(1), [ours, theirs]).map((r) => r.id)).toEqual([ours]);
    expect(newestAlarm(two, everything(2))!.id).toBe(theirs);
  });

  it('counts alarms by day, level, area and device, and rolls counts up the area tree', async () => {
    const byDay = (await api(s.base, 'GET', '/api/alarm/total/by/day', { token: viewer, query: { days: '14' } })).body.data;
    expect(byDay.days).toHaveLength(14);
    const dayTotal = byDay.series.critical.concat(byDay.series.warning, byDay.series.reminder, byDay.series.normal).reduce((a: number, b: number) => a + b, 0);
    const levels = (await api(s.base, 'POST', '/api/alarm/total/by/level', { token: viewer, body: { days: 14 } })).body.data as Array<{ level: string; total: number }>;
    expect(levels.map((l) => l.level)).toEqual(['critical', 'warning', 'reminder', 'normal']);
    expect(levels.reduce((a, l) => a + l.total, 0)).toBe(dayTotal);
    expect(dayTotal).toBeGreaterThan(0);
    // Alarms come from real seeded devices, so they have areas.
    const nodes = (await api(s.base, 'POST', '/api/alarm/total/node', { token: viewer, body: { days: 14, limit: 100 } })).body.data as Array<{ areaPath: string; total: number }>;
    expect(nodes.reduce((a, n) => a + n.total, 0)).toBe(dayTotal);
    expect(nodes[0]!.areaPath).toMatch(/ \/ /);
    // The area filter of the list covers the area and everything below it.
    const top = (await api(s.base, 'GET', '/api/alarm/area/by/level/hisStatus/0/tree', { token: viewer, query: { days: '14' } })).body.data[0] as { rowGuid: string; counts: Record<string, number> };
    const inArea = await api(s.base, 'GET', '/api/alarm/his', { token: viewer, query: { areaGuid: top.rowGuid, startTime: byDay.days[0] + ' 00:00:00', limit: '1' } });
    expect(inArea.body.data.total).toBe(Object.values(top.counts).reduce((a, b) => a + b, 0));
    const machines = (await api(s.base, 'POST', '/api/alarm/total/machine', { token: viewer, body: { days: 14, limit: 3 } })).body.data as Array<{ total: number }>;
    expect(machines).toHaveLength(3);
    expect(machines[0]!.total).toBeGreaterThanOrEqual(machines[2]!.total);
    const tree = (await api(s.base, 'GET', '/api/alarm/area/by/level/hisStatus/0/tree', { token: viewer, query: { days: '14' } })).body.data as Array<{ counts: Record<string, number>; children: Array<{ counts: Record<string, number> }> }>;
    const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(tree.reduce((a, n) => a + sum(n.counts), 0)).toBe(dayTotal);
    for (const n of tree) expect(sum(n.counts)).toBeGreaterThanOrEqual(n.children.reduce((a, c) => a + sum(c.counts), 0));
    const open = (await api(s.base, 'GET', '/api/alarm/area/by/level/status/0/tree', { token: viewer })).body.data as Array<{ counts: Record<string, number> }>;
    const openCount = async (handleStatus: string) => (await api(s.base, 'GET', '/api/alarm/his', { token: viewer, query: { handleStatus, limit: '1' } })).body.data.total as number;
    expect(open.reduce((a, n) => a + sum(n.counts), 0)).toBe((await openCount('unhandled')) + (await openCount('handling')));
    // The second tenant's numbers are its own; bad input is refused.
    const theirs = (await api(s.base, 'POST', '/api/alarm/total/machine', { token: admin2, body: { days: 92, limit: 100 } })).body.data as Array<{ deviceCode: string }>;
    const mine = (await api(s.base, 'POST', '/api/alarm/total/machine', { token: admin, body: { days: 92, limit: 100 } })).body.data as Array<{ deviceCode: string }>;
    expect(theirs.some((t) => mine.some((m) => m.deviceCode === t.deviceCode))).toBe(false);
    expect((await api(s.base, 'GET', '/api/alarm/total/by/day', { token: viewer, query: { days: '93' } })).body.code).toBe(-1);
    expect((await api(s.base, 'POST', '/api/alarm/total/by/level', { token: viewer, body: { days: 0 } })).body.code).toBe(-1);
    expect((await api(s.base, 'GET', '/api/alarm/area/by/level/status/nope/tree', { token: viewer })).body.code).toBe(-1);
  });

  it('handles every open alarm the filters match at once', async () => {
    const critical = await api(s.base, 'POST', '/api/alarm/handle/all', { token: operator, body: { level: 'critical', note: 'shift end' } });
    expect(critical.body.data.task).toBeNull();
    const left = await api(s.base, 'GET', '/api/alarm', { token: operator, query: { level: 'critical', handleStatus: 'unhandled' } });
    expect(left.body.data.total).toBe(0);
    const bad = await api(s.base, 'POST', '/api/alarm/handle/all', { token: operator, body: { level: 'panic' } });
    expect(bad.body.code).toBe(-1);
    await api(s.base, 'POST', '/api/alarm/handle/all', { token: operator, body: {} });
    expect((await total(operator)).total).toBe(0);
  });

  it('keeps event types per tenant with a positive whole original event number', async () => {
    const en = { lang: 'en' };
    const made = await api(s.base, 'POST', '/api/alarm/event-type', { token: admin, body: { number: 101, name: 'Door forced', description: 'Door opened without a badge' } });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id as number;
    for (const number of [0, 1.5, -3, '7']) {
      const bad = await api(s.base, 'POST', '/api/alarm/event-type', { token: admin, body: { number, name: 'Bad' }, headers: en });
      expect(bad.body.code, String(number)).toBe(-1);
    }
    const zero = await api(s.base, 'POST', '/api/alarm/event-type', { token: admin, body: { number: 0, name: 'Bad' }, headers: en });
    expect(zero.body.msg).toContain('positive integer');
    const twice = await api(s.base, 'POST', '/api/alarm/event-type', { token: admin, body: { number: 101, name: 'Again' }, headers: en });
    expect(twice.body).toMatchObject({ code: -1, msg: 'original event number 101 already exists', data: { field: 'number' } });
    // Another tenant may use the same number, and sees none of the first tenant's types.
    expect((await api(s.base, 'POST', '/api/alarm/event-type', { token: admin2, body: { number: 101, name: 'Theirs' } })).body.code).toBe(0);
    const theirs = await api(s.base, 'POST', '/api/alarm/event-type/page', { token: admin2, body: { page: 1, limit: 100 } });
    expect(theirs.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Theirs']);
    expect((await api(s.base, 'PUT', `/api/alarm/event-type/${id}`, { token: admin2, body: { number: 5, name: 'Mine now' } })).body.code).toBe(-1);
    expect((await api(s.base, 'POST', '/api/alarm/event-type/delete', { token: admin2, body: { ids: [id] } })).body.code).toBe(-1);
    // An event type in use by an alarm is kept; the alarm list filters by it.
    const alarmId = raiseAlarm(s.app.atrium.db, Math.random, 1)!;
    s.app.atrium.db.prepare('UPDATE alarm SET event_type_id = ? WHERE id = ?').run(id, alarmId);
    const byType = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { eventTypeId: String(id) } });
    expect(byType.body.data.rows.map((r: { id: number; eventTypeName: string }) => [r.id, r.eventTypeName])).toEqual([[alarmId, 'Door forced']]);
    const inUse = await api(s.base, 'POST', '/api/alarm/event-type/delete', { token: admin, body: { ids: [id] }, headers: en });
    expect(inUse.body).toMatchObject({ code: -1, msg: 'the event type is used by 1 alarm and cannot be deleted' });
    const edited = await api(s.base, 'PUT', `/api/alarm/event-type/${id}`, { token: admin, body: { number: 102, name: 'Door forced open' } });
    expect(edited.body.data).toMatchObject({ id, number: 102, name: 'Door forced open' });
    expect((await api(s.base, 'POST', '/api/alarm/event-type/page', { token: viewer, body: { page: 1, limit: 10 } })).body.code).toBe(40301);
  });

  // The bulk switch, and handling every open alarm as a background task, on alarms this test makes
  // (it runs alone as well as after the others). 25,000 alarms within 10 s is a benchmark:
  // tests/bench/units/alarm-bulk.test.ts (`npm run bench units`).
  it('creates many alarms at once under the test switch, and handles every open one as a background task', async () => {
    const before = (await total(admin)).total as number;
    const theirs = (await total(admin2)).total as number;
    expect(theirs).toBeGreaterThan(0);
    const res = await fetch(`${s.base}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 2000 }) });
    expect((await res.json()).data.created).toBe(2000);
    expect((await total(admin)).total).toBe(before + 2000);
    const handled = await api(s.base, 'POST', '/api/alarm/handle/all', { token: admin, body: {} });
    expect(handled.body.data.task).toMatch(/^[0-9a-f]{16}$/);
    while ((await total(admin)).total > 0) await sleep(50);
    expect((await total(admin)).total).toBe(0);
    // The other tenant's open alarms are not the caller's to handle.
    expect((await total(admin2)).total).toBe(theirs);
  });

  it('simulates alarms over time at the configured rate', async () => {
    const before = (await total(admin)).latestId as number;
    const count = () => (s.app.atrium.db.prepare('SELECT COUNT(*) AS n FROM alarm WHERE id > ?').get(before) as { n: number }).n;
    // The simulator's own clock is driven: 10 s of it at 600 a minute, gaps of at least 100 ms
    // (a mean gap of about 137 ms, so about 73 alarms).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sim = startAlarmSimulator(s.app.atrium.db, 600);
      vi.advanceTimersByTime(10_000);
      sim.stop();
      const raised = count();
      expect(raised).toBeGreaterThanOrEqual(40);
      expect(raised).toBeLessThanOrEqual(100);
      vi.advanceTimersByTime(10_000);
      expect(count()).toBe(raised); // stopped means stopped
    } finally {
      vi.useRealTimers();
    }
  });
});
