// Attendance (attendanceManage): rules, sites (attendance groups) with their devices or location and
// members, day / month / person statistics and their export, fill-in requests and clocking by location.
import Type from 'typebox';
import { DAY_STATUSES, SITE_KINDS } from '../api/attendance-types.ts';
import { ATTENDANCE_BOUNDS as B } from '../validate/attendance.ts';
import { LIMITS } from '../validate/numbers.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, OneOf, Strict, Text, PageOf, PageQueryOf } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Attendance';

const HHmm = (description: string) => Text(1, 5, { description: `HH:mm, local time; ${description}` });
const Day = (description = 'YYYY-MM-DD') => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-rule': 'validate.day', description });
const Month = (description = 'YYYY-MM') => Type.String({ pattern: '^\\d{4}-\\d{2}$', 'x-rule': 'validate.month', description });
const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

const ruleFields = {
  workStart: HHmm('the start of work'),
  workEnd: HHmm('the end of work, after its start'),
  flexMinutes: Int(...B.flexMinutes, { description: 'Arriving up to this many minutes after the start is not late' }),
  lateThreshold: Int(...B.lateThreshold, { description: 'Late by more than this (beyond the flexible minutes): the day counts as absent' }),
  earlyThreshold: Int(...B.earlyThreshold, { description: 'Leaving earlier than this before the end: the day counts as absent' }),
  fillInMinutes: Int(LIMITS.attendanceFillIn[0], LIMITS.attendanceFillIn[1], { description: 'SPEC §5 attendance time fill-in: a fill-in may claim a clock at most this many minutes from the start or end of work' }),
  weekdays: Type.Array(Int(1, 7), { maxItems: 7, description: 'ISO weekdays that count: 1 Monday … 7 Sunday (at least one)' }),
  skipHolidays: Type.Boolean({ description: "Days marked holiday in the linkage calendar do not count (its make-up work days do)" }),
};

export const AttendanceRule = Strict({ id: Id(), name: Type.String(), ...ruleFields, workStart: Type.String(), workEnd: Type.String(), weekdays: Type.Array(Type.Integer()) });
export const AttendanceRuleSave = Strict({ name: Text(...B.name, { description: 'Unique within the tenant' }), ...ruleFields });

export const SiteKind = OneOf(SITE_KINDS, { description: 'Clocks come from access-control devices, or from a location within a radius' });

export const AttendanceSite = Strict({
  id: Id(),
  name: Type.String(),
  ruleId: Id(),
  ruleName: Type.String(),
  kind: SiteKind,
  deviceIds: Type.Array(Id()),
  deviceCodes: Type.Array(Type.String()),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  radiusMeters: Type.Union([Type.Number(), Type.Null()]),
  memberIds: Type.Array(Id()),
  memberNames: Type.Array(Type.String()),
});

export const AttendanceSiteSave = Strict({
  name: Text(...B.name, { description: 'Unique within the tenant' }),
  ruleId: Id({ description: "One of the tenant's rules" }),
  kind: SiteKind,
  deviceIds: Type.Optional(Ids(200, 0, { description: "devices: the tenant's access-control devices (at least one)" })),
  latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()], { description: 'location: -90 to 90' })),
  longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()], { description: 'location: -180 to 180' })),
  radiusMeters: Type.Optional(Type.Union([Int(...B.radiusMeters), Type.Null()], { description: 'location: 10 to 5000 m' })),
  memberIds: Type.Optional(Ids(5000, 0, { description: "The tenant's users; a user belongs to one site" })),
});

export const DayRecord = Strict({
  userId: Id(),
  userName: Type.String(),
  siteName: Type.String(),
  day: Type.String(),
  status: OneOf(DAY_STATUSES, { description: 'pending: a due day still in progress on which the person has not clocked in yet' }),
  firstIn: Type.String({ description: "First clock of the day (HH:mm), '' when none" }),
  lastOut: Type.String({ description: "Last clock of the day (HH:mm), '' when none" }),
  lateMinutes: Count(),
  earlyMinutes: Count(),
  fillIns: Count(),
  workHours: Type.Number({ minimum: 0 }),
});

export const MonthRecord = Strict({
  userId: Id(),
  userName: Type.String(),
  siteName: Type.String(),
  dueDays: Count(),
  presentDays: Count(),
  lateDays: Count(),
  earlyDays: Count(),
  absentDays: Count(),
  fillIns: Count(),
  workHours: Type.Number({ minimum: 0 }),
});

const statsFilter = {
  siteId: Type.Optional(Id({ description: 'The members of one site' })),
  keyword: Type.Optional(Text(0, 64, { description: 'Text in the name or account' })),
};

export const PersonStats = Strict({
  member: Type.Union([Strict({ userId: Id(), userName: Type.String(), siteName: Type.String(), siteKind: SiteKind }), Type.Null()], { description: 'null when the person belongs to no site (or is not the caller and the caller lacks the day or month statistics right)' }),
  rule: Type.Union([AttendanceRule, Type.Null()]),
  rows: Type.Array(DayRecord, { description: 'The days of the month up to today, newest first' }),
});

export const AttendanceChoices = Strict({
  users: Type.Array(Strict({ id: Id(), name: Type.String(), username: Type.String() })),
  devices: Type.Array(Strict({ id: Id(), code: Type.String(), name: Type.String() }), { maxItems: 2000 }),
  sites: Type.Array(Strict({ id: Id(), name: Type.String() })),
});

const nameQuery = PageQueryOf({ keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })) });

const sampleRuleSave = { name: 'Office hours', workStart: '09:00', workEnd: '18:00', flexMinutes: 10, lateThreshold: 60, earlyThreshold: 60, fillInMinutes: 30, weekdays: [1, 2, 3, 4, 5], skipHolidays: true };
const sampleRule = { id: 1, ...sampleRuleSave };

const sampleSite = { id: 1, name: 'Head office', ruleId: 1, ruleName: 'Office hours', kind: 'devices', deviceIds: [3], deviceCodes: ['AC-01'], latitude: null, longitude: null, radiusMeters: null, memberIds: [1], memberNames: ['Administrator'] };
const sampleDay = { userId: 1, userName: 'Administrator', siteName: 'Head office', day: '2026-05-01', status: 'normal', firstIn: '08:55', lastOut: '18:05', lateMinutes: 0, earlyMinutes: 0, fillIns: 0, workHours: 9.2 };
const sampleMonth = { userId: 1, userName: 'Administrator', siteName: 'Head office', dueDays: 20, presentDays: 19, lateDays: 1, earlyDays: 0, absentDays: 1, fillIns: 0, workHours: 171.5 };
const notTenants = "Refused when it is not the tenant's.";

export const ops = {
  rulePage: operation({
    method: 'POST', path: '/api/attendance/rule/page', rights: { anyMenu: ['attendanceRule', 'attendanceSite'] }, tag: TAG,
    summary: "The tenant's attendance rules by name, paged", description: 'The site form picks a rule from these too.',
    body: nameQuery, data: PageOf(AttendanceRule), examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleRule], total: 1 } },
  }),
  ruleCreate: operation({
    method: 'POST', path: '/api/attendance/rule', rights: { menu: 'attendanceRule' }, tag: TAG,
    summary: 'Adds an attendance rule', description: 'Refused for a name in use, times not written HH:mm, an end of work before its start, or no working day; the refusal names the field.',
    body: AttendanceRuleSave, data: AttendanceRule, examples: { body: sampleRuleSave, data: sampleRule },
  }),
  ruleUpdate: operation({
    method: 'PUT', path: '/api/attendance/rule/:id', rights: { menu: 'attendanceRule' }, tag: TAG,
    summary: 'Changes an attendance rule', description: `The same checks as adding. ${notTenants}`,
    params: IdParams, body: AttendanceRuleSave, data: AttendanceRule, examples: { params: { id: 1 }, body: sampleRuleSave, data: sampleRule },
  }),
  ruleDelete: operation({
    method: 'POST', path: '/api/attendance/rule/delete', rights: { menu: 'attendanceRule' }, tag: TAG,
    summary: 'Deletes attendance rules', description: "All or none: an id that is not the tenant's or a rule a site uses refuses the request.",
    body: Strict({ ids: Ids() }), data: Strict({ deleted: Count() }), examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  sitePage: operation({
    method: 'POST', path: '/api/attendance/site/page', rights: { anyMenu: ['attendanceSite', 'dayStats', 'monthStats', 'perStats'] }, tag: TAG,
    summary: "The tenant's attendance sites by name, paged", description: 'With each its rule, devices or location, and members.',
    body: nameQuery, data: PageOf(AttendanceSite), examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleSite], total: 1 } },
  }),
  siteCreate: operation({
    method: 'POST', path: '/api/attendance/site', rights: { menu: 'attendanceSite' }, tag: TAG,
    summary: 'Adds an attendance site', description: "Refused for a name in use, a rule, device or user that is not the tenant's, a devices site without devices, a location site without its position and radius, or a member of another site; the refusal names the field.",
    body: AttendanceSiteSave, data: AttendanceSite, examples: { body: { name: 'Head office', ruleId: 1, kind: 'devices', deviceIds: [3], memberIds: [1] }, data: sampleSite },
  }),
  siteUpdate: operation({
    method: 'PUT', path: '/api/attendance/site/:id', rights: { menu: 'attendanceSite' }, tag: TAG,
    summary: 'Changes an attendance site', description: `The same checks as adding. ${notTenants}`,
    params: IdParams, body: AttendanceSiteSave, data: AttendanceSite, examples: { params: { id: 1 }, body: { name: 'Head office', ruleId: 1, kind: 'devices', deviceIds: [3], memberIds: [1] }, data: sampleSite },
  }),
  siteDelete: operation({
    method: 'POST', path: '/api/attendance/site/delete', rights: { menu: 'attendanceSite' }, tag: TAG,
    summary: 'Deletes attendance sites', description: "All or none: an id that is not the tenant's refuses the request.",
    body: Strict({ ids: Ids() }), data: Strict({ deleted: Count() }), examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  choices: operation({
    method: 'GET', path: '/api/attendance/choices', rights: { anyMenu: ['attendanceSite', 'dayStats', 'monthStats', 'perStats'] }, tag: TAG,
    summary: "What the site form and the statistics filters offer: the tenant's people, devices and sites", description: 'People in the normal state; at most 2000 devices.',
    data: AttendanceChoices, examples: { data: { users: [{ id: 1, name: 'Administrator', username: 'admin' }], devices: [{ id: 3, code: 'AC-01', name: 'Main door' }], sites: [{ id: 1, name: 'Head office' }] } },
  }),
  dayStats: operation({
    method: 'POST', path: '/api/attendance/stats/day', rights: { menu: 'dayStats' }, tag: TAG,
    summary: "One day of every member (or of a site's, or matching a name), paged", description: 'A day still in progress is judged only as far as the rule can yet (pending).',
    body: PageQueryOf({ day: Day(), ...statsFilter }), data: PageOf(DayRecord), examples: { body: { page: 1, limit: 20, day: '2026-05-01' }, data: { rows: [sampleDay], total: 1 } },
  }),
  monthStats: operation({
    method: 'POST', path: '/api/attendance/stats/month', rights: { menu: 'monthStats' }, tag: TAG,
    summary: 'A month of every member, summed, paged', description: 'Up to today for the current month.',
    body: PageQueryOf({ month: Month(), ...statsFilter }), data: PageOf(MonthRecord), examples: { body: { page: 1, limit: 20, month: '2026-05' }, data: { rows: [sampleMonth], total: 1 } },
  }),
  personStats: operation({
    method: 'POST', path: '/api/attendance/stats/person', rights: { menu: 'perStats' }, tag: TAG,
    summary: "One person's days of a month with their rule", description: "Anyone their own; another's with the day or month statistics right (else an empty answer).",
    body: Strict({ month: Month(), userId: Type.Optional(Id({ description: 'Default: the caller' })) }), data: PersonStats,
    examples: { body: { month: '2026-05' }, data: { member: { userId: 1, userName: 'Administrator', siteName: 'Head office', siteKind: 'devices' }, rule: sampleRule, rows: [sampleDay] } },
  }),
  statsExport: operation({
    method: 'POST', path: '/api/attendance/stats/export', rights: { anyMenu: ['dayStats', 'monthStats'] }, tag: TAG,
    summary: 'Exports a day or a month of statistics to a spreadsheet (a background task)', description: 'Needs the right of the kind exported; day needs day, month needs month. Refused while the user runs too many tasks.',
    body: Strict({ kind: OneOf(['day', 'month'] as const), day: Type.Optional(Day()), month: Type.Optional(Month()), siteId: statsFilter.siteId }), data: ProgressKey,
    examples: { body: { kind: 'month', month: '2026-05' }, data: { key: 'attendance-month', hashKey: '0123456789abcdef' } },
  }),
  fillIn: operation({
    method: 'POST', path: '/api/attendance/fill-in', rights: { menu: 'perStats' }, tag: TAG,
    summary: 'Requests a fill-in clock for the caller (an approval request)', description: "Refused for a day to come, a time outside the rule's fill-in window around the start or end of work, a caller of no site, or when the approval form is off; an approved request becomes the clock.",
    body: Strict({ day: Day(), time: HHmm('the clock claimed'), reason: Text(1, 255, { multiline: true }) }), data: Strict({ requestId: Id() }),
    examples: { body: { day: '2026-05-01', time: '09:00', reason: 'Card reader was down' }, data: { requestId: 12 } },
  }),
  clock: operation({
    method: 'POST', path: '/api/attendance/clock', rights: { menu: 'perStats' }, tag: TAG,
    summary: 'Clocks the caller in or out where they stand (a location site)', description: 'Refused with how far off when outside the site\'s radius, or when the caller belongs to no location site.',
    body: Strict({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) }), data: Strict({ site: Type.String(), distanceMeters: Type.Number({ minimum: 0 }) }),
    examples: { body: { latitude: 31.2304, longitude: 121.4737 }, data: { site: 'Head office', distanceMeters: 42 } },
  }),
};
