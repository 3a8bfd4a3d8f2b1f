// Alarms: the bell's count per tenant, handling lowers it, rights per role, the 3-month window,
// the simulator producing real rows, and the test-only bulk switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarm, startAlarmSimulator } from './simulator.ts';
import { api, login, removeDir, sleep, start, type Running } from './testing.ts';

describe('alarms', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let operator: string;
  let viewer: string;
  beforeAll(async () => {
    process.env.ATRIUM_ALARM_RATE = '0';
    s = await start({ faults: true });
    [admin, admin2, operator, viewer] = await Promise.all([
      login(s.base, 'admin', 'admin123'),
      login(s.base, 'admin2', 'admin123'),
      login(s.base, 'operator', 'operator123'),
      login(s.base, 'viewer', 'viewer123'),
    ]);
  });
  afterAll(async () => {
    delete process.env.ATRIUM_ALARM_RATE;
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
    const again = await api(s.base, 'POST', '/api/alarm/handle', { token: operator, body: { ids: [id], handleStatus: 'handled' } });
    expect(again.body.data.changed).toBe(0);
  });

  it('never touches another tenant\'s alarms', async () => {
    const theirs = await api(s.base, 'GET', '/api/alarm', { token: admin2, query: { limit: '1' } });
    const id = theirs.body.data.rows[0].id as number;
    const tried = await api(s.base, 'POST', '/api/alarm/confirm', { token: admin, body: { ids: [id] } });
    expect(tried.body.data.changed).toBe(0);
    const mine = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { limit: '1000' } });
    expect(mine.body.data.rows.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it('confirms and closes, recording who did it', async () => {
    const list = await api(s.base, 'GET', '/api/alarm', { token: operator, query: { status: 'toBeConfirmed', limit: '2' } });
    const ids = list.body.data.rows.map((r: { id: number }) => r.id) as number[];
    const res = await api(s.base, 'POST', '/api/alarm/confirm', { token: operator, body: { ids, status: 'closed' } });
    expect(res.body.data.changed).toBe(ids.length);
    const after = await api(s.base, 'GET', '/api/alarm', { token: operator, query: { status: 'closed', limit: '1000' } });
    const row = after.body.data.rows.find((r: { id: number }) => r.id === ids[0]);
    expect(row.confirmer).toBe('Olivia Operator');
    expect(row.confirmTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps queries within 3 months and checks the filters', async () => {
    const tooLong = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { startTime: '2024-01-01 00:00:00', endTime: '2024-06-01 00:00:00' } });
    expect(tooLong.body.code).toBe(-1);
    expect(tooLong.body.msg).toContain('3');
    const ok = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { startTime: '2024-01-01 00:00:00', endTime: '2024-03-31 23:59:59' } });
    expect(ok.body.code).toBe(0);
    const badLevel = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { level: 'panic' } });
    expect(badLevel.body.code).toBe(-1);
    const critical = await api(s.base, 'GET', '/api/alarm', { token: admin, query: { level: 'critical', limit: '1000' }, headers: { lang: 'en' } });
    expect(critical.body.data.rows.every((r: { level: string }) => r.level === 'critical')).toBe(true);
    expect(critical.body.data.total).toBe(critical.body.data.rows.length);
  });

  it('handles every open alarm at once', async () => {
    await api(s.base, 'POST', '/api/alarm/handle/all', { token: operator, body: {} });
    expect((await total(operator)).total).toBe(0);
  });

  it('creates many alarms at once under the test switch', async () => {
    const res = await fetch(`${s.base}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 25000 }) });
    expect((await res.json()).data.created).toBe(25000);
    expect((await total(admin)).total).toBe(25000);
  });

  it('simulates alarms over time at the configured rate', async () => {
    const before = (await total(admin)).latestId as number;
    const sim = startAlarmSimulator(s.app.atrium.db, 600); // about one per 100 ms
    await sleep(1000);
    sim.stop();
    const rows = s.app.atrium.db.prepare('SELECT COUNT(*) AS n FROM alarm WHERE id > ?').get(before) as { n: number };
    expect(rows.n).toBeGreaterThanOrEqual(3);
    expect(rows.n).toBeLessThanOrEqual(10);
    await sleep(300);
    const later = s.app.atrium.db.prepare('SELECT COUNT(*) AS n FROM alarm WHERE id > ?').get(before) as { n: number };
    expect(later.n).toBe(rows.n); // stopped means stopped
  });
});
