// Attendance (attendanceManage: rules, sites, day/month/personal statistics). A rule holds the work
// hours, flexible minutes, late and early thresholds, the SPEC §5 fill-in window (0–99 minutes) and
// the days that count (weekdays; the linkage calendar's holidays skipped, its make-up days counted).
// A site is an attendance group: its members clock at its access-control devices or within a radius of
// a location. Clocks come from a simulator of access-control events (ATRIUM_ATTENDANCE_SIM_MS, 60 s by
// default, 0 off) or, for a missed clock, from a fill-in that goes through the approval workflow and
// becomes a clock when approved. Statistics are computed from the clocks by shared/attendance/stats.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AttendanceRuleSave, AttendanceSiteSave, DayRecord, MonthRecord } from '../../../shared/api/attendance-types.ts';
import { ops } from '../../../shared/contract/attendance.ts';
import type { FieldValues } from '../../../shared/api/workflow-types.ts';
import { distanceMeters, offsetBy, type Position } from '../../../shared/attendance/geo.ts';
import { dayResult, fillInAllowed, isDueDay, minuteText, toMinute, type Clock } from '../../../shared/attendance/stats.ts';
import { dayText } from '../../../shared/forms/date-text.ts';
import type { Db } from '../db.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { offsetOf, startExport, tooManyTasks } from '../resource.ts';
import { workflowOf } from '../workflow/workflow.ts';
import {
  allTenantIds,
  calendarBetween,
  choicesOf,
  clocksBetween,
  deleteRules,
  deleteSites,
  devicesFound,
  fillInForm,
  insertDeviceClock,
  insertFillInClock,
  insertLocationClock,
  insertRule,
  memberElsewhere,
  members,
  memberSite,
  readRule,
  ruleExists,
  ruleNamed,
  rulePage,
  rulesWithUse,
  saveSite as saveSiteRows,
  simulatorRows,
  siteNamed,
  siteOf,
  sitePage,
  updateRule,
  usersFound,
  type Member,
  type RuleValues,
  type SiteValues,
} from './attendance-data.ts';
import { FILL_IN_KIND } from './attendance-seed.ts';

export { seed } from './attendance-seed.ts';

/** A day's status as the export writes it (the console's attendance.status texts). */
const DAY_STATUS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  normal: { zh: '正常', en: 'Normal' },
  late: { zh: '迟到', en: 'Late' },
  early: { zh: '早退', en: 'Left early' },
  lateEarly: { zh: '迟到且早退', en: 'Late and left early' },
  absent: { zh: '缺勤', en: 'Absent' },
  rest: { zh: '休息', en: 'Rest day' },
  pending: { zh: '尚未打卡', en: 'Not yet clocked in' },
};

const TEXT = {
  nameTaken: { zh: '名称已存在', en: 'Name already exists' },
  time: { zh: '时间格式须为 HH:mm', en: 'Times are written HH:mm' },
  endBeforeStart: { zh: '下班时间须晚于上班时间', en: 'The end of work must come after its start' },
  weekdays: { zh: '请至少选择一个工作日', en: 'Choose at least one working day' },
  noRule: { zh: '考勤规则不存在', en: 'No such attendance rule' },
  ruleUsed: { zh: '规则 {name} 正被考勤地点使用，不能删除', en: 'The rule {name} is used by an attendance site and cannot be deleted' },
  noSite: { zh: '考勤地点不存在', en: 'No such attendance site' },
  noDevice: { zh: '设备不存在', en: 'No such device' },
  noDevices: { zh: '请选择至少一台门禁设备', en: 'Choose at least one access-control device' },
  location: { zh: '请填写纬度（-90 到 90）、经度（-180 到 180）和半径（10 到 5000 米）', en: 'Give a latitude (-90 to 90), a longitude (-180 to 180) and a radius (10 to 5000 m)' },
  noUser: { zh: '用户不存在', en: 'No such user' },
  memberElsewhere: { zh: '{name} 已属于考勤地点 {site}', en: '{name} already belongs to the attendance site {site}' },
  day: { zh: '日期格式须为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  month: { zh: '月份格式须为 YYYY-MM', en: 'Months are written YYYY-MM' },
  notMember: { zh: '你不属于任何考勤地点', en: 'You do not belong to an attendance site' },
  notLocation: { zh: '你的考勤地点按门禁设备打卡，不能按位置打卡', en: 'Your attendance site clocks at its access-control devices, not by location' },
  outside: { zh: '你距离 {site} {distance} 米，需在 {radius} 米以内才能打卡', en: 'You are {distance} m from {site}; clocking in there needs {radius} m or less' },
  future: { zh: '不能为未来的日期补卡', en: 'A fill-in cannot be for a day still to come' },
  window: { zh: '补卡时间须在上班（{start}）或下班（{end}）前后 {minutes} 分钟内', en: 'A fill-in must lie within {minutes} minutes of the start ({start}) or the end ({end}) of work' },
  noForm: { zh: '补卡审批表单不可用', en: 'The fill-in approval form is not available' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** Local midnight of a YYYY-MM-DD day, in ms. */
const dayStart = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
};

const isoWeekday = (day: string): number => ((new Date(dayStart(day)).getDay() + 6) % 7) + 1;
const realDay = (day: string): boolean => DAY.test(day) && dayText(dayStart(day)) === day;
/** The days of a YYYY-MM month, up to and including `until` (YYYY-MM-DD). */
function daysOf(month: string, until: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const out: string[] = [];
  for (let d = 1; d <= new Date(y!, m!, 0).getDate(); d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (day > until) break;
    out.push(day);
  }
  return out;
}

/**
 * One round of simulated access-control events at `now`: a member of a device site who has not
 * clocked in today may clock in from 45 minutes before the start to 30 after (most on time), and one
 * who is in may clock out from the end to 90 minutes after; each with a chance per round, so the day
 * fills like a real door's log.
 */
/** Where a member of a location site clocks: within the site's radius, or refused with how far off. */
export function clockAtLocation(data: TenantData, userId: number, at: Position, now: number): { ok: true; distance: number; site: string } | { ok: false; key: 'notMember' | 'notLocation' | 'outside'; distance?: number; site?: string; radius?: number } {
  const site = memberSite(data, userId);
  if (!site) return { ok: false, key: 'notMember' };
  if (site.kind !== 'location' || site.latitude === null || site.longitude === null || site.radius_m === null) return { ok: false, key: 'notLocation' };
  const distance = Math.round(distanceMeters(at, { latitude: site.latitude, longitude: site.longitude }));
  if (distance > site.radius_m) return { ok: false, key: 'outside', distance, site: site.name, radius: site.radius_m };
  insertLocationClock(data, userId, now);
  return { ok: true, distance, site: site.name };
}

export function simulateRound(db: Db, now: number, random = Math.random): number {
  let made = 0;
  // The simulator walks every tenant (a platform read of the tenant list); each tenant's members clock
  // through that tenant's data.
  for (const id of allTenantIds(db)) made += simulateTenant(tenantDataOf(db, id), now, random);
  return made;
}

/** One round of the simulator in one tenant. */
function simulateTenant(data: TenantData, now: number, random: () => number): number {
  const today = dayText(now);
  const minute = Math.floor((now - dayStart(today)) / 60_000);
  const rows = simulatorRows(data, dayStart(today));
  let made = 0;
  for (const r of rows) {
    if (r.kind === 'location') {
      if (r.latitude === null || r.longitude === null || r.radius_m === null) continue;
      const start = toMinute(r.work_start);
      const end = toMinute(r.work_end);
      const due = (r.clocks === 0 && minute >= start - 45 && minute <= start + 30 && random() < 0.25) || (r.clocks === 1 && minute >= end && minute <= end + 90 && random() < 0.2);
      if (!due) continue;
      // A phone's position: mostly inside the radius, now and then just outside it (then refused, as a person would be).
      const at = offsetBy({ latitude: r.latitude, longitude: r.longitude }, r.radius_m * (random() < 0.9 ? random() * 0.8 : 1.1 + random() * 0.5), random() * 360);
      if (clockAtLocation(data, r.user_id, at, now).ok) made += 1;
      continue;
    }
    if (r.device_id === null) continue;
    const start = toMinute(r.work_start);
    const end = toMinute(r.work_end);
    const arriving = r.clocks === 0 && minute >= start - 45 && minute <= start + 30 && random() < 0.25;
    const leaving = r.clocks === 1 && minute >= end && minute <= end + 90 && random() < 0.2;
    if (arriving || leaving) {
      insertDeviceClock(data, r.user_id, now, r.device_id);
      made += 1;
    }
  }
  return made;
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The platform's database for the platform's own machinery only: the background-task table of an
  // export (resource.ts, per user), the workflow service's key, and the simulator over every tenant.
  const db = platformData(app, 'background tasks, the workflow service and the clock simulator over every tenant');

  // ---- rules ------------------------------------------------------------------------------------

  const ruleProblem = (request: FastifyRequest, b: AttendanceRuleSave): ReturnType<typeof failField> | null => {
    const lang = langOf(request);
    if (!HHMM.test(b.workStart)) return failField(say(lang, 'time'), 'workStart');
    if (!HHMM.test(b.workEnd)) return failField(say(lang, 'time'), 'workEnd');
    if (toMinute(b.workEnd) <= toMinute(b.workStart)) return failField(say(lang, 'endBeforeStart'), 'workEnd');
    if (b.weekdays.length === 0) return failField(say(lang, 'weekdays'), 'weekdays');
    return null;
  };

  route(app, ops.rulePage, async (request) => ok(rulePage(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body))));

  const saveRule = (request: FastifyRequest<{ Body: AttendanceRuleSave }>, id: number | null) => {
    const data = tenantData(request);
    const b = request.body;
    const problem = ruleProblem(request, b);
    if (problem) return problem;
    const name = b.name.trim();
    const taken = ruleNamed(data, name);
    if (taken && taken.id !== id) return failField(say(langOf(request), 'nameTaken'), 'name');
    const values: RuleValues = [name, b.workStart, b.workEnd, b.flexMinutes, b.lateThreshold, b.earlyThreshold, b.fillInMinutes, [...new Set(b.weekdays)].sort().join(','), b.skipHolidays ? 1 : 0];
    if (id === null) id = insertRule(data, values);
    else updateRule(data, id, values);
    return ok(readRule(data, id));
  };
  route(app, ops.ruleCreate, async (request) => saveRule(request, null));
  route(app, ops.ruleUpdate, async (request) => {
    const { id } = request.params;
    if (!ruleExists(tenantData(request), id)) return fail(say(langOf(request), 'noRule'));
    return saveRule(request, id);
  });
  route(app, ops.ruleDelete, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const ids = [...new Set(request.body.ids)];
    const rules = rulesWithUse(data, ids);
    if (rules.length !== ids.length) return fail(say(lang, 'noRule'));
    const used = rules.find((r) => r.used > 0);
    if (used) return fail(say(lang, 'ruleUsed', { name: used.name }));
    return ok({ deleted: deleteRules(data, ids) });
  });

  // ---- sites ------------------------------------------------------------------------------------

  route(app, ops.sitePage, async (request) => ok(sitePage(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body))));

  const saveSite = (request: FastifyRequest<{ Body: AttendanceSiteSave }>, id: number | null) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (!ruleExists(data, b.ruleId)) return failField(say(lang, 'noRule'), 'ruleId');
    const deviceIds = [...new Set(b.deviceIds ?? [])];
    const memberIds = [...new Set(b.memberIds ?? [])];
    if (b.kind === 'devices') {
      if (deviceIds.length === 0) return failField(say(lang, 'noDevices'), 'deviceIds');
      if (devicesFound(data, deviceIds) !== deviceIds.length) return failField(say(lang, 'noDevice'), 'deviceIds');
    } else {
      const fine = typeof b.latitude === 'number' && Math.abs(b.latitude) <= 90 && typeof b.longitude === 'number' && Math.abs(b.longitude) <= 180 && typeof b.radiusMeters === 'number';
      if (!fine) return failField(say(lang, 'location'), 'latitude');
    }
    if (memberIds.length) {
      if (usersFound(data, memberIds) !== memberIds.length) return failField(say(lang, 'noUser'), 'memberIds');
      const elsewhere = memberElsewhere(data, memberIds, id);
      if (elsewhere) return failField(say(lang, 'memberElsewhere', { name: elsewhere.name, site: elsewhere.site }), 'memberIds');
    }
    const name = b.name.trim();
    const taken = siteNamed(data, name);
    if (taken && taken.id !== id) return failField(say(lang, 'nameTaken'), 'name');
    const location: SiteValues['location'] = b.kind === 'location' ? [b.latitude ?? null, b.longitude ?? null, b.radiusMeters ?? null] : [null, null, null];
    const siteId = saveSiteRows(data, id, { name, ruleId: b.ruleId, kind: b.kind, location, deviceIds, memberIds });
    return ok(siteOf(data, siteId)!);
  };
  route(app, ops.siteCreate, async (request) => saveSite(request, null));
  route(app, ops.siteUpdate, async (request) => {
    const { id } = request.params;
    if (!siteOf(tenantData(request), id)) return fail(say(langOf(request), 'noSite'));
    return saveSite(request, id);
  });
  route(app, ops.siteDelete, async (request) => {
    const data = tenantData(request);
    const ids = [...new Set(request.body.ids)];
    const deleted = deleteSites(data, ids);
    return deleted === null ? fail(say(langOf(request), 'noSite')) : ok({ deleted });
  });

  /** What the site form and the statistics filters offer: the tenant's people, devices and sites. */
  route(app, ops.choices, async (request) => ok(choicesOf(tenantData(request))));

  // ---- statistics -------------------------------------------------------------------------------

  /** Every member's days between two days (inclusive), from one read of the clocks and the calendar. */
  function days(data: TenantData, who: readonly Member[], from: string, to: string): Map<number, DayRecord[]> {
    const start = dayStart(from);
    const end = dayStart(to) + 24 * 3600 * 1000;
    const calendar = new Map(calendarBetween(data, from, to).map((h) => [h.day, h.kind]));
    const clocks = new Map<string, Clock[]>();
    const wanted = new Set(who.map((m) => m.userId));
    for (const c of clocksBetween(data, start, end)) {
      if (!wanted.has(c.user_id)) continue;
      const day = dayText(c.at);
      const key = `${c.user_id}/${day}`;
      const list = clocks.get(key) ?? [];
      list.push({ minute: Math.floor((c.at - dayStart(day)) / 60_000), fillIn: c.source === 'fillIn' });
      clocks.set(key, list);
    }
    const dayList: string[] = [];
    for (let at = start; at < end; at += 24 * 3600 * 1000) dayList.push(dayText(at + 12 * 3600 * 1000));
    // A day still in progress (or to come) is judged only as far as the rule can yet.
    const nowAt = Date.now();
    const today = dayText(nowAt);
    const nowOf = (day: string): number | null => (day < today ? null : day > today ? -1 : Math.floor((nowAt - dayStart(today)) / 60_000));
    const out = new Map<number, DayRecord[]>();
    for (const m of who) {
      out.set(
        m.userId,
        [...new Set(dayList)].map((day) => {
          const r = dayResult(m.rule, isDueDay(m.rule, isoWeekday(day), calendar.get(day) ?? null), clocks.get(`${m.userId}/${day}`) ?? [], nowOf(day));
          return { userId: m.userId, userName: m.userName, siteName: m.siteName, day, status: r.status, firstIn: minuteText(r.firstIn), lastOut: minuteText(r.lastOut), lateMinutes: r.lateMinutes, earlyMinutes: r.earlyMinutes, fillIns: r.fillIns, workHours: r.workHours };
        }),
      );
    }
    return out;
  }

  function monthRows(data: TenantData, who: readonly Member[], month: string): MonthRecord[] {
    const today = dayText(Date.now());
    const list = daysOf(month, today);
    if (list.length === 0) return who.map((m) => ({ userId: m.userId, userName: m.userName, siteName: m.siteName, dueDays: 0, presentDays: 0, lateDays: 0, earlyDays: 0, absentDays: 0, fillIns: 0, workHours: 0 }));
    const all = days(data, who, list[0]!, list[list.length - 1]!);
    return who.map((m) => {
      const ds = all.get(m.userId) ?? [];
      const due = ds.filter((d) => d.status !== 'rest');
      return {
        userId: m.userId,
        userName: m.userName,
        siteName: m.siteName,
        dueDays: due.length,
        presentDays: due.filter((d) => d.status !== 'absent' && d.status !== 'pending').length,
        lateDays: due.filter((d) => d.status === 'late' || d.status === 'lateEarly').length,
        earlyDays: due.filter((d) => d.status === 'early' || d.status === 'lateEarly').length,
        absentDays: due.filter((d) => d.status === 'absent').length,
        fillIns: ds.reduce((n, d) => n + d.fillIns, 0),
        workHours: Math.round(ds.reduce((n, d) => n + d.workHours, 0) * 10) / 10,
      };
    });
  }

  /** A day or month of the calendar (the schema checks the form, this the date itself). */
  const badDay = (request: FastifyRequest, day: string | undefined) => (day !== undefined && !realDay(day) ? failField(say(langOf(request), 'day'), 'day') : null);
  const badMonth = (request: FastifyRequest, month: string | undefined) => (month !== undefined && !(MONTH.test(month) && realDay(`${month}-01`)) ? failField(say(langOf(request), 'month'), 'month') : null);

  route(app, ops.dayStats, async (request) => {
    const data = tenantData(request);
    const bad = badDay(request, request.body.day);
    if (bad) return bad;
    const who = members(data, request.body);
    const page = who.slice(offsetOf(request.body), offsetOf(request.body) + request.body.limit);
    const rows = [...days(data, page, request.body.day, request.body.day).values()].map((d) => d[0]!);
    return ok({ rows, total: who.length });
  });

  route(app, ops.monthStats, async (request) => {
    const data = tenantData(request);
    const bad = badMonth(request, request.body.month);
    if (bad) return bad;
    const who = members(data, request.body);
    const page = who.slice(offsetOf(request.body), offsetOf(request.body) + request.body.limit);
    return ok({ rows: monthRows(data, page, request.body.month), total: who.length });
  });

  /** One person's days of a month: anyone their own; another's with the day or month statistics right. */
  route(app, ops.personStats, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const bad = badMonth(request, request.body.month);
    if (bad) return bad;
    const userId = request.body.userId ?? user.id;
    const mayOthers = user.menus.has('dayStats') || user.menus.has('monthStats');
    const who = userId === user.id || mayOthers ? members(data, { userId }) : [];
    if (who.length === 0) return ok({ member: null, rule: null, rows: [] });
    const list = daysOf(request.body.month, dayText(Date.now()));
    const rows = list.length ? (days(data, who, list[0]!, list[list.length - 1]!).get(userId) ?? []) : [];
    return ok({ member: { userId, userName: who[0]!.userName, siteName: who[0]!.siteName, siteKind: who[0]!.siteKind }, rule: who[0]!.rule, rows: rows.reverse() });
  });

  route(
    app,
    ops.statsExport,
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const lang = langOf(request);
      const bad = badDay(request, request.body.day) ?? badMonth(request, request.body.month);
      if (bad) return bad;
      const busy = tooManyTasks(request, db, user);
      if (busy) return fail(busy);
      const b = request.body;
      if (!user.menus.has(b.kind === 'day' ? 'dayStats' : 'monthStats')) return fail(translate(lang, 'http.noPermission'), 40301);
      if (b.kind === 'day' && !b.day) return failField(say(lang, 'day'), 'day');
      if (b.kind === 'month' && !b.month) return failField(say(lang, 'month'), 'month');
      const who = members(data, b);
      const zh = lang === 'zh';
      const columns =
        b.kind === 'day'
          ? [
              { key: 'userName', header: zh ? '姓名' : 'Name' },
              { key: 'siteName', header: zh ? '考勤地点' : 'Site' },
              { key: 'day', header: zh ? '日期' : 'Day' },
              { key: 'status', header: zh ? '状态' : 'Status', text: (v: unknown) => DAY_STATUS[String(v)]?.[lang] ?? v },
              { key: 'firstIn', header: zh ? '上班打卡' : 'In' },
              { key: 'lastOut', header: zh ? '下班打卡' : 'Out' },
              { key: 'lateMinutes', header: zh ? '迟到（分钟）' : 'Late (min)' },
              { key: 'earlyMinutes', header: zh ? '早退（分钟）' : 'Early (min)' },
              { key: 'fillIns', header: zh ? '补卡' : 'Fill-ins' },
              { key: 'workHours', header: zh ? '工时' : 'Hours' },
            ]
          : [
              { key: 'userName', header: zh ? '姓名' : 'Name' },
              { key: 'siteName', header: zh ? '考勤地点' : 'Site' },
              { key: 'dueDays', header: zh ? '应出勤天数' : 'Due days' },
              { key: 'presentDays', header: zh ? '出勤天数' : 'Present' },
              { key: 'lateDays', header: zh ? '迟到' : 'Late' },
              { key: 'earlyDays', header: zh ? '早退' : 'Early' },
              { key: 'absentDays', header: zh ? '缺勤' : 'Absent' },
              { key: 'fillIns', header: zh ? '补卡' : 'Fill-ins' },
              { key: 'workHours', header: zh ? '工时' : 'Hours' },
            ];
      const period = b.kind === 'day' ? b.day! : b.month!;
      const key = startExport(db, config.dataDir, user, {
        key: `attendance-${b.kind}`,
        title: { zh: `考勤${b.kind === 'day' ? '日' : '月'}统计导出 ${period}`, en: `Attendance ${b.kind === 'day' ? 'day' : 'month'} statistics ${period}` },
        sheet: period,
        fileName: `attendance-${period}.xlsx`,
        columns,
        total: who.length,
        load: () => (b.kind === 'day' ? [...days(data, who, b.day!, b.day!).values()].map((d) => d[0]!) : monthRows(data, who, b.month!)),
        done: (n) => ({ zh: `已导出 ${n} 人`, en: `${n} people exported` }),
      });
      return ok(key);
    },
  );

  // ---- fill-ins ---------------------------------------------------------------------------------

  route(
    app,
    ops.fillIn,
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const lang = langOf(request);
      const b = request.body;
      const bad = badDay(request, b.day);
      if (bad) return bad;
      if (!HHMM.test(b.time)) return failField(say(lang, 'time'), 'time');
      const me = members(data, { userId: user.id })[0];
      if (!me) return fail(say(lang, 'notMember'));
      if (b.day > dayText(Date.now())) return failField(say(lang, 'future'), 'day');
      if (!fillInAllowed(me.rule, toMinute(b.time))) return failField(say(lang, 'window', { minutes: me.rule.fillInMinutes, start: me.rule.workStart, end: me.rule.workEnd }), 'time');
      const form = fillInForm(data);
      const service = workflowOf(db);
      if (!form || !service) return fail(say(lang, 'noForm'));
      const started = service.start(data, user.id, form.id, { day: b.day, time: b.time, reason: b.reason.trim() }, lang);
      return 'id' in started ? ok({ requestId: started.id }) : failField(started.refusal, started.field);
    },
  );

  // Clocking in by location (a member of a location site, from a phone's position).
  route(
    app,
    ops.clock,
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      const done = clockAtLocation(tenantData(request), user.id, request.body, Date.now());
      // No form to point into: the message (how far off, or why not) is the answer.
      if (!done.ok) return fail(say(lang, done.key, { distance: done.distance ?? 0, site: done.site ?? '', radius: done.radius ?? 0 }));
      return ok({ site: done.site, distanceMeters: done.distance });
    },
  );

  // An approved fill-in becomes the clock it claims (in the approval's own transaction).
  workflowOf(db)?.onApproved((r) => {
    if (r.formKind !== FILL_IN_KIND) return;
    const v = r.values as FieldValues;
    const day = String(v.day ?? '');
    const time = String(v.time ?? '');
    if (!realDay(day) || !HHMM.test(time)) return;
    insertFillInClock(r.data, r.initiatorId, dayStart(day) + toMinute(time) * 60_000, r.requestId);
  });

  // ---- clocks -----------------------------------------------------------------------------------

  const interval = config.tuning.attendanceSimMs;
  if (interval > 0) {
    const timer = setInterval(() => simulateRound(db, Date.now()), interval);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

};

export default plugin;
