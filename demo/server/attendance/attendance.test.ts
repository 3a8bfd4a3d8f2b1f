// Attendance on the platform: rules and sites refuse bad input (a fill-in window of 100 minutes, a
// member of another site); with clocks at fixed times the day statistics mark exactly the seeded late,
// early and absent people; a fill-in goes through the approval workflow and, approved, fixes the day;
// the month adds up and exports; the second tenant sees none of it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { offsetBy } from '../../../shared/attendance/geo.ts';
import { simulateRound } from './attendance.ts';
import { members, rulePage, siteOf } from './attendance-data.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { api, downloadSigned, taskDone } from '../testing.ts';

// A Wednesday in a month wholly past: the month's sums do not depend on the hour the suite runs (today's
// day would count as due but not yet absent while its work is under way).
const DAY = '2026-10-14';
const at = (day: string, hhmm: string) => {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  return new Date(y!, m! - 1, d!, h!, min!).getTime();
};

describe('attendance', () => {
  const p = usePlatform();
  const { call } = p;
  const db = () => p.s.app.atrium.db;
  const clock = (clocks: Array<{ userId: number; at: number }>) =>
    fetch(`${p.s.base}/__test/attendance/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clocks }) }).then((r) => r.json());
  const people: number[] = [];
  let ruleId = 0;
  let siteId = 0;
  const shift = { name: 'Shift', workStart: '08:00', workEnd: '17:00', flexMinutes: 5, lateThreshold: 30, earlyThreshold: 30, fillInMinutes: 20, weekdays: [1, 2, 3, 4, 5], skipHolidays: true };

  it('refuses a rule with a fill-in window of 100 minutes, or an end before its start', async () => {
    // SPEC §5 fill-in 0–99: refused by the call's declaration, naming the field and the bounds.
    const wide = await call(p.admin, 'POST', '/api/attendance/rule', { ...shift, fillInMinutes: 100 });
    expect(wide).toMatchObject({ code: -1, data: { field: 'fillInMinutes' } });
    expect(wide.msg).toMatch(/0.*99/);
    expect((await call(p.admin, 'POST', '/api/attendance/rule', { ...shift, workEnd: '07:00' })).msg).toBe('The end of work must come after its start');
    expect((await call(p.admin, 'POST', '/api/attendance/rule', { ...shift, workStart: '8:00' })).msg).toBe('Times are written HH:mm');
    const made = await call(p.admin, 'POST', '/api/attendance/rule', shift);
    expect(made.data).toMatchObject({ name: 'Shift', fillInMinutes: 20, weekdays: [1, 2, 3, 4, 5] });
    ruleId = made.data.id;
  });

  it('refuses a member of another site; a site of devices needs devices', async () => {
    for (let i = 0; i < 4; i++) people.push(Number(db().prepare("INSERT INTO user (tenant_id, username, password_hash, name) VALUES (1, ?, 'x', ?)").run(`att.${i}`, `Att ${i}`).lastInsertRowid));
    const device = (db().prepare('SELECT id FROM device WHERE tenant_id = 1 ORDER BY id LIMIT 1').get() as { id: number }).id;
    const site = { name: 'Plant', ruleId, kind: 'devices', deviceIds: [device], latitude: null, longitude: null, radiusMeters: null, memberIds: people };
    expect((await call(p.admin, 'POST', '/api/attendance/site', { ...site, deviceIds: [] })).msg).toBe('Choose at least one access-control device');
    const admin = (db().prepare("SELECT id FROM user WHERE username = 'admin'").get() as { id: number }).id;
    expect((await call(p.admin, 'POST', '/api/attendance/site', { ...site, memberIds: [...people, admin] })).msg).toMatch(/already belongs to the attendance site Head office$/);
    const made = await call(p.admin, 'POST', '/api/attendance/site', site);
    expect(made.data).toMatchObject({ name: 'Plant', ruleName: 'Shift', memberIds: people });
    siteId = made.data.id;
    expect((await call(p.admin, 'POST', '/api/attendance/rule/delete', { ids: [ruleId] })).msg).toBe('The rule Shift is used by an attendance site and cannot be deleted');
  });

  it('marks exactly the seeded late, early and absent people of a day', async () => {
    const [onTime, late, absent, early] = people as [number, number, number, number];
    await clock([
      { userId: onTime, at: at(DAY, '08:03') },
      { userId: onTime, at: at(DAY, '17:05') },
      { userId: late, at: at(DAY, '08:20') },
      { userId: late, at: at(DAY, '17:00') },
      { userId: early, at: at(DAY, '07:58') },
      { userId: early, at: at(DAY, '16:10') },
    ]);
    const rows = (await call(p.admin, 'POST', '/api/attendance/stats/day', { page: 1, limit: 50, day: DAY, siteId })).data.rows as Array<{ userId: number; status: string; lateMinutes: number; earlyMinutes: number; firstIn: string; lastOut: string; workHours: number }>;
    const of = (id: number) => rows.find((r) => r.userId === id)!;
    expect(of(onTime)).toMatchObject({ status: 'normal', firstIn: '08:03', lastOut: '17:05', workHours: 9 });
    expect(of(late)).toMatchObject({ status: 'late', lateMinutes: 15 });
    expect(of(absent)).toMatchObject({ status: 'absent', firstIn: '' });
    expect(of(early)).toMatchObject({ status: 'absent', earlyMinutes: 50 });
    // The Saturday after is a rest day for everyone.
    const saturday = (await call(p.admin, 'POST', '/api/attendance/stats/day', { page: 1, limit: 50, day: '2026-11-21', siteId })).data.rows as Array<{ status: string }>;
    expect(new Set(saturday.map((r) => r.status))).toEqual(new Set(['rest']));
    expect((await call(p.admin, 'POST', '/api/attendance/stats/day', { page: 1, limit: 50, day: '2026-02-30' })).code).toBe(-1);
  });

  /** An answer in Chinese (call asks in English). */
  const inChinese = async (method: string, path: string, body?: unknown) => (await api(p.s.base, method, path, { token: p.admin, ...(body ? { body } : {}), headers: { lang: 'zh' } })).body.data;

  it('a fill-in outside its window is refused; an approved one fixes the day', async () => {
    const adminId = (db().prepare("SELECT id FROM user WHERE username = 'admin'").get() as { id: number }).id;
    expect((await call(p.admin, 'POST', '/api/attendance/fill-in', { day: DAY, time: '13:00', reason: 'forgot' })).msg).toBe('A fill-in must lie within 30 minutes of the start (09:00) or the end (18:00) of work');
    expect((await call(p.admin, 'POST', '/api/attendance/fill-in', { day: '2999-01-01', time: '09:00', reason: 'x' })).msg).toBe('A fill-in cannot be for a day still to come');
    const { requestId } = (await call(p.admin, 'POST', '/api/attendance/fill-in', { day: DAY, time: '09:00', reason: 'reader down' })).data;
    const before = (await call(p.admin, 'POST', '/api/attendance/stats/person', { month: DAY.slice(0, 7) })).data.rows.find((r: { day: string }) => r.day === DAY);
    expect(before.status).toBe('absent');
    // The tenant super admin approves fill-ins until the form says otherwise.
    const task = (await call(p.admin, 'POST', '/api/workflow/list', { page: 1, limit: 10, box: 'my' })).data.rows.find((r: { id: number }) => r.id === requestId);
    // The request reads in the reader's language: its form, its fields' labels, its step.
    expect(task).toMatchObject({ formName: 'Attendance fill-in', stepName: 'Approval' });
    const zhTask = (await inChinese('POST', '/api/workflow/list', { page: 1, limit: 10, box: 'my' })).rows.find((r: { id: number }) => r.id === requestId);
    expect(zhTask).toMatchObject({ formName: '补卡申请', stepName: '审批' });
    const shown = (d: { formName: string; fields: Array<{ label: string }>; steps: Array<{ name: string }>; timeline: Array<{ stepName: string }> }) => [d.formName, d.fields.map((f) => f.label), d.steps.map((s) => s.name), d.timeline.at(-1)!.stepName];
    expect(shown((await call(p.admin, 'GET', `/api/workflow/request/${requestId}`)).data)).toEqual(['Attendance fill-in', ['Date', 'Time', 'Reason'], ['Approval'], 'Approval']);
    expect(shown(await inChinese('GET', `/api/workflow/request/${requestId}`))).toEqual(['补卡申请', ['日期', '时间', '原因'], ['审批'], '审批']);
    expect((await call(p.admin, 'POST', `/api/workflow/task/${task.taskId}/approve`, {})).code).toBe(0);
    await clock([{ userId: adminId, at: at(DAY, '18:03') }]);
    const after = (await call(p.admin, 'POST', '/api/attendance/stats/person', { month: DAY.slice(0, 7) })).data.rows.find((r: { day: string }) => r.day === DAY);
    expect(after).toMatchObject({ status: 'normal', firstIn: '09:00', lastOut: '18:03', fillIns: 1 });
  });

  it('seeds the fill-in approval form in both languages; sent back as shown it keeps both, typed texts replace them', async () => {
    type Form = { id: number; name: string; description: string; version: number; enabled: boolean; fields: Array<{ name: string; label: string; type: string; required: boolean }>; process: { steps: Array<{ name: string; mode: string; approvers: unknown }>; cc: number[] } };
    const read = async (lang: 'en' | 'zh'): Promise<Form> => (lang === 'en' ? (await call(p.admin, 'POST', '/api/workflow/form/page', { page: 1, limit: 10 })).data : await inChinese('POST', '/api/workflow/form/page', { page: 1, limit: 10 })).rows[0];
    const texts = (f: Form) => [f.name, f.description, f.fields.map((x) => x.label), f.process.steps.map((x) => x.name)];
    const en = await read('en');
    expect(texts(en)).toEqual(['Attendance fill-in', 'For a missed clock; it counts once approved', ['Date', 'Time', 'Reason'], ['Approval']]);
    expect(texts(await read('zh'))).toEqual(['补卡申请', '忘记打卡时申请补记，审批通过后计入考勤', ['日期', '时间', '原因'], ['审批']]);
    // The seeded form is found by its name in either language.
    expect((await call(p.admin, 'POST', '/api/workflow/form/page', { page: 1, limit: 10, keyword: '补卡' })).data.total).toBe(1);
    expect((await call(p.admin, 'POST', '/api/workflow/form/page', { page: 1, limit: 10, keyword: 'fill-in' })).data.total).toBe(1);
    // An English admin saves it unchanged: still Chinese in Chinese, and no new version.
    const save = (form: Form) => call(p.admin, 'PUT', `/api/workflow/form/${form.id}`, { name: form.name, description: form.description, enabled: form.enabled, fields: form.fields, process: form.process });
    expect((await save(en)).code).toBe(0);
    const zh = await read('zh');
    expect(texts(zh)).toEqual(['补卡申请', '忘记打卡时申请补记，审批通过后计入考勤', ['日期', '时间', '原因'], ['审批']]);
    expect(zh.version).toBe(en.version);
    // A label typed in Chinese is that label in both languages; the untouched ones keep both.
    const typed = { ...zh, fields: zh.fields.map((f) => (f.name === 'reason' ? { ...f, label: '补卡原因' } : f)) };
    const saved = await api(p.s.base, 'PUT', `/api/workflow/form/${zh.id}`, { token: p.admin, body: { name: typed.name, description: typed.description, enabled: typed.enabled, fields: typed.fields, process: typed.process }, headers: { lang: 'zh' } });
    expect(saved.body.code, saved.body.msg).toBe(0);
    expect((await read('en')).fields.map((x) => x.label)).toEqual(['Date', 'Time', '补卡原因']);
  });

  it('adds up the month and exports it', async () => {
    const month = (await call(p.admin, 'POST', '/api/attendance/stats/month', { page: 1, limit: 50, month: DAY.slice(0, 7), siteId })).data.rows as Array<{ userId: number; lateDays: number; absentDays: number; presentDays: number; dueDays: number }>;
    const late = month.find((r) => r.userId === people[1])!;
    expect(late.lateDays).toBe(1);
    expect(late.presentDays).toBe(1);
    expect(late.absentDays).toBe(late.dueDays - 1);
    const key = (await call(p.admin, 'POST', '/api/attendance/stats/export', { kind: 'day', day: DAY, siteId })).data;
    const item = await taskDone(p.s.base, p.admin, key.key, key.hashKey);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await downloadSigned(p.s.base, p.admin, item.download!)).arrayBuffer());
    expect(book.worksheets[0]!.rowCount).toBe(people.length + 1);
  });

  it('shows the second tenant none of it', async () => {
    expect((await call(p.admin2, 'POST', '/api/attendance/rule/page', { page: 1, limit: 50 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/attendance/site/page', { page: 1, limit: 50 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/attendance/stats/day', { page: 1, limit: 50, day: DAY })).data.total).toBe(0);
    expect((await call(p.admin2, 'PUT', `/api/attendance/site/${siteId}`, { name: 'Mine', ruleId, kind: 'devices', deviceIds: [], memberIds: [] })).msg).toBe('No such attendance site');
  });

  it('clocks a member of a location site in within its radius, refuses one outside it, and simulates phones there', async () => {
    const adminId = (db().prepare("SELECT id FROM user WHERE tenant_id = 1 AND username = 'admin'").get() as { id: number }).id;
    const yard = { latitude: 31.2304, longitude: 121.4737 };
    // The demo seats admin at a site of doors: that site clocks at its devices, not by position.
    expect((await call(p.admin, 'POST', '/api/attendance/clock', yard)).msg).toBe('Your attendance site clocks at its access-control devices, not by location');
    db().prepare('DELETE FROM att_member WHERE user_id = ?').run(adminId);
    expect((await call(p.admin, 'POST', '/api/attendance/clock', yard)).msg).toBe('You do not belong to an attendance site');
    const site = await call(p.admin, 'POST', '/api/attendance/site', { name: 'Yard', ruleId, kind: 'location', deviceIds: [], ...yard, radiusMeters: 200, memberIds: [adminId] });
    expect(site.code, site.msg).toBe(0);
    const clocks = () => (db().prepare("SELECT COUNT(*) AS n FROM att_clock WHERE user_id = ? AND source = 'location'").get(adminId) as { n: number }).n;

    const near = offsetBy(yard, 150, 80);
    expect((await call(p.admin, 'POST', '/api/attendance/clock', near)).data).toEqual({ site: 'Yard', distanceMeters: 150 });
    expect(clocks()).toBe(1);
    const far = offsetBy(yard, 420, 10);
    expect(await call(p.admin, 'POST', '/api/attendance/clock', far)).toMatchObject({ code: -1, msg: 'You are 420 m from Yard; clocking in there needs 200 m or less' });
    expect((await call(p.admin, 'POST', '/api/attendance/clock', { latitude: 91, longitude: 0 })).data.field).toBe('latitude');
    expect(clocks()).toBe(1);
    // The simulator's phones: at the start of work a member who has not clocked in today does so from inside the radius.
    db().prepare('DELETE FROM att_clock WHERE user_id = ?').run(adminId);
    const today = new Date();
    const eight = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 8, 0).getTime();
    simulateRound(db(), eight, () => 0.1);
    expect(clocks()).toBe(1);
  });

  it('answers through its data module without HTTP, bound to one tenant', () => {
    const tenantOf = (username: string) => (db().prepare('SELECT tenant_id AS t FROM user WHERE username = ?').get(username) as { t: number }).t;
    const [one, two] = [tenantDataOf(db(), tenantOf('admin')), tenantDataOf(db(), tenantOf('admin2'))];
    expect(rulePage(one, 'Shift', 10, 0).rows.map((r) => r.name)).toEqual(['Shift']);
    expect(rulePage(two, 'Shift', 10, 0)).toEqual({ rows: [], total: 0 });
    expect(siteOf(one, siteId)).toMatchObject({ name: 'Plant', ruleName: 'Shift', memberIds: people });
    expect(siteOf(two, siteId)).toBeNull();
    expect(members(one, { siteId }).map((m) => m.userId).sort((a, b) => a - b)).toEqual([...people].sort((a, b) => a - b));
    // Another tenant's data finds none of these members, even asked for the site by its id.
    expect(members(two, { siteId })).toEqual([]);
    expect(members(two, { userId: people[0]! })).toEqual([]);
  });
});
