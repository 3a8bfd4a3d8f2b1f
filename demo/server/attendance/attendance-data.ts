// The attendance domain's SQL (issue 39): rules, sites with their devices and members, clocks, the
// calendar the statistics read, and the rows the clock simulator works on. Every function takes a
// tenant's data (tenant-data.ts), bound to one tenant; the simulator's walk over every tenant reads the
// tenant list from the platform's database. attendance.ts checks requests, computes the statistics
// (shared/attendance/stats.ts) and answers.
import type { AttendanceRule, AttendanceSite } from '../../../shared/api/attendance-types.ts';
import type { Db } from '../db.ts';
import { namesAfterEdit } from '../local-names.ts';
import { inList, likePattern, tenantNameKeyword } from '../resource.ts';
import { col, shape, type Spec } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';
import { FILL_IN_KIND } from './attendance-seed.ts';

/** A rule as the API answers it (att_rule r). */
const RULE_FIELDS = {
  id: col.value('r.id'),
  name: col.value('loc(r.name, r.name_en)'),
  workStart: col.value('r.work_start'),
  workEnd: col.value('r.work_end'),
  flexMinutes: col.value('r.flex_minutes'),
  lateThreshold: col.value('r.late_threshold'),
  earlyThreshold: col.value('r.early_threshold'),
  fillInMinutes: col.value('r.fill_in_minutes'),
  weekdays: col.ids('r.weekdays'),
  skipHolidays: col.flag('r.skip_holidays'),
} satisfies Spec<AttendanceRule>;
const RULE = shape<AttendanceRule>(RULE_FIELDS);

/** A member of a site, with the site's rule. */
export interface Member {
  userId: number;
  userName: string;
  siteName: string;
  siteKind: 'devices' | 'location';
  rule: AttendanceRule;
}

/** A member (att_member m, user u, site s) with the rule r of their site. */
const MEMBER = shape<Member>({ userId: col.value('m.user_id'), userName: col.value('u.name'), siteName: col.value('loc(s.name, s.name_en)'), siteKind: col.value('s.kind'), rule: RULE_FIELDS });

// ---- rules ----------------------------------------------------------------------------------------

/** A page of rules, by name; a keyword narrows by name. */
export function rulePage(td: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: AttendanceRule[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM att_rule WHERE ${where}`, ...args)!.n;
  const rows = td.all(`SELECT ${RULE.select} FROM att_rule r WHERE ${where} ORDER BY r.name LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: RULE.all(rows), total };
}

export const ruleNamed = (td: TenantData, name: string): { id: number } | undefined => td.get<{ id: number }>('SELECT id FROM att_rule WHERE tenant_id = $tenant AND name = ?', name);

export const ruleExists = (td: TenantData, id: number): boolean => Boolean(td.get('SELECT 1 FROM att_rule WHERE id = ? AND tenant_id = $tenant', id));

/** A rule's columns in the order insertRule and updateRule take them: name, work start and end, flex, late, early, fill-in, weekdays, skip holidays. */
export type RuleValues = [name: string, workStart: string, workEnd: string, flex: number, late: number, early: number, fillIn: number, weekdays: string, skipHolidays: number];

/** A new rule: its id. */
export const insertRule = (td: TenantData, values: RuleValues): number =>
  Number(td.run('INSERT INTO att_rule (name, work_start, work_end, flex_minutes, late_threshold, early_threshold, fill_in_minutes, weekdays, skip_holidays, tenant_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, $tenant)', ...values).lastInsertRowid);

/** Changes a rule; a name sent back as shown keeps its other language (namesAfterEdit). */
export function updateRule(td: TenantData, id: number, values: RuleValues): void {
  const kept = td.get<{ name: string; name_en: string }>('SELECT name, name_en FROM att_rule WHERE id = ? AND tenant_id = $tenant', id);
  const names = kept ? namesAfterEdit(kept, values[0]) : { name: values[0], name_en: '' };
  const changed: RuleValues = [...values];
  changed[0] = names.name;
  // One statement: both names and the times change together or not at all.
  td.run('UPDATE att_rule SET name = ?, work_start = ?, work_end = ?, flex_minutes = ?, late_threshold = ?, early_threshold = ?, fill_in_minutes = ?, weekdays = ?, skip_holidays = ?, name_en = ? WHERE id = ? AND tenant_id = $tenant', ...changed, names.name_en, id);
}

/** A rule as answered. */
export const readRule = (td: TenantData, id: number): AttendanceRule => RULE.read(td.get(`SELECT ${RULE.select} FROM att_rule r WHERE r.id = ? AND r.tenant_id = $tenant`, id)!);

/** The rules to delete with their names and how many sites use each. */
export const rulesWithUse = (td: TenantData, ids: readonly number[]) =>
  td.all<{ id: number; name: string; used: number }>(`SELECT id, name, (SELECT COUNT(*) FROM att_site s WHERE s.rule_id = r.id) AS used FROM att_rule r WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);

export const deleteRules = (td: TenantData, ids: readonly number[]): number => Number(td.run(`DELETE FROM att_rule WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes);

// ---- sites ----------------------------------------------------------------------------------------

/** A site as answered, with its rule's name, devices and members (null when not the tenant's). */
export function siteOf(td: TenantData, id: number): AttendanceSite | null {
  const s = td.get<{ id: number; name: string; rule_id: number; rule_name: string; kind: 'devices' | 'location'; latitude: number | null; longitude: number | null; radius_m: number | null }>(
    'SELECT s.id, loc(s.name, s.name_en) AS name, s.rule_id, s.kind, s.latitude, s.longitude, s.radius_m, loc(r.name, r.name_en) AS rule_name FROM att_site s JOIN att_rule r ON r.id = s.rule_id WHERE s.tenant_id = $tenant AND s.id = ?',
    id,
  );
  if (!s) return null;
  const devices = td.all<{ id: number; code: string }>('SELECT d.id, d.code FROM att_site_device sd JOIN device d ON d.id = sd.device_id WHERE sd.site_id = ? AND d.tenant_id = $tenant ORDER BY d.code', s.id);
  const members = td.all<{ id: number; name: string }>('SELECT u.id, u.name FROM att_member m JOIN user u ON u.id = m.user_id WHERE m.site_id = ? AND m.tenant_id = $tenant ORDER BY u.name', s.id);
  return {
    id: s.id,
    name: s.name,
    ruleId: s.rule_id,
    ruleName: s.rule_name,
    kind: s.kind,
    deviceIds: devices.map((d) => d.id),
    deviceCodes: devices.map((d) => d.code),
    latitude: s.latitude,
    longitude: s.longitude,
    radiusMeters: s.radius_m,
    memberIds: members.map((m) => m.id),
    memberNames: members.map((m) => m.name),
  };
}

/** A page of sites, by name; a keyword narrows by name. */
export function sitePage(td: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: AttendanceSite[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM att_site WHERE ${where}`, ...args)!.n;
  const ids = td.all<{ id: number }>(`SELECT id FROM att_site WHERE ${where} ORDER BY name LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: ids.map((r) => siteOf(td, r.id)!), total };
}

/** How many of the devices are the tenant's. */
export const devicesFound = (td: TenantData, ids: readonly number[]): number => td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;

/** How many of the users are the tenant's. */
export const usersFound = (td: TenantData, ids: readonly number[]): number => td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;

/** One of the users who belongs to a site other than `siteId` (any site when null), with that site's name. */
export const memberElsewhere = (td: TenantData, userIds: readonly number[], siteId: number | null) =>
  td.get<{ name: string; site: string }>(
    `SELECT u.name, loc(s.name, s.name_en) AS site FROM att_member m JOIN user u ON u.id = m.user_id JOIN att_site s ON s.id = m.site_id WHERE m.tenant_id = $tenant AND m.user_id IN (${inList(userIds.length)}) AND m.site_id IS NOT ? LIMIT 1`,
    ...userIds,
    siteId,
  );

export const siteNamed = (td: TenantData, name: string): { id: number } | undefined => td.get<{ id: number }>('SELECT id FROM att_site WHERE tenant_id = $tenant AND name = ?', name);

/** What a site is saved as (the location is null for a site of devices). */
export interface SiteValues {
  name: string;
  ruleId: number;
  kind: 'devices' | 'location';
  location: [latitude: number | null, longitude: number | null, radius: number | null];
  deviceIds: readonly number[];
  memberIds: readonly number[];
}

/** Creates (id null) or changes a site with its devices and members, in one transaction: its id. */
export function saveSite(td: TenantData, id: number | null, site: SiteValues): number {
  const { name, ruleId, kind, location, deviceIds, memberIds } = site;
  return td.tx(() => {
    let sid = id;
    if (sid === null) sid = Number(td.run('INSERT INTO att_site (tenant_id, name, rule_id, kind, latitude, longitude, radius_m) VALUES ($tenant, ?, ?, ?, ?, ?, ?)', name, ruleId, kind, ...location).lastInsertRowid);
    else {
      const kept = td.get<{ name: string; name_en: string }>('SELECT name, name_en FROM att_site WHERE id = ? AND tenant_id = $tenant', sid);
      const names = kept ? namesAfterEdit(kept, name) : { name, name_en: '' };
      td.run('UPDATE att_site SET name = ?, name_en = ?, rule_id = ?, kind = ?, latitude = ?, longitude = ?, radius_m = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, ruleId, kind, ...location, sid);
    }
    td.run('DELETE FROM att_site_device WHERE site_id = ?', sid);
    if (kind === 'devices') for (const d of deviceIds) td.run('INSERT INTO att_site_device (site_id, device_id) VALUES (?, ?)', sid, d);
    td.run('DELETE FROM att_member WHERE site_id = ? AND tenant_id = $tenant', sid);
    for (const u of memberIds) td.run('INSERT INTO att_member (tenant_id, user_id, site_id) VALUES ($tenant, ?, ?)', u, sid);
    return sid;
  });
}

/** Deletes the sites in one transaction: how many, or null (nothing deleted) when one is not the tenant's. */
export const deleteSites = (td: TenantData, ids: readonly number[]): number | null =>
  td.tx(() => {
    const found = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM att_site WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;
    if (found !== ids.length) return null;
    return Number(td.run(`DELETE FROM att_site WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes);
  });

/** What the site form and the statistics filters offer: the tenant's people, devices and sites. */
export const choicesOf = (td: TenantData) => ({
  users: td.all<{ id: number; name: string; username: string }>("SELECT id, name, username FROM user WHERE tenant_id = $tenant AND status = 'normal' ORDER BY name"),
  devices: td.all<{ id: number; code: string; name: string }>('SELECT id, code, loc(name, name_en) AS name FROM device WHERE tenant_id = $tenant ORDER BY code LIMIT 2000'),
  sites: td.all<{ id: number; name: string }>('SELECT id, loc(name, name_en) AS name FROM att_site WHERE tenant_id = $tenant ORDER BY name'),
});

// ---- members, clocks, the calendar ------------------------------------------------------------------

/** The members a statistics call covers (a site, a user, a name), with their rules, by name. */
export function members(td: TenantData, filter: { siteId?: number; keyword?: string; userId?: number }): Member[] {
  const where = ['m.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (filter.siteId) {
    where.push('m.site_id = ?');
    args.push(filter.siteId);
  }
  if (filter.userId) {
    where.push('m.user_id = ?');
    args.push(filter.userId);
  }
  if (filter.keyword?.trim()) {
    where.push("(u.name LIKE ? ESCAPE '\\' OR u.username LIKE ? ESCAPE '\\')");
    args.push(likePattern(filter.keyword.trim()), likePattern(filter.keyword.trim()));
  }
  const rows = td.all(`SELECT ${MEMBER.select} FROM att_member m JOIN user u ON u.id = m.user_id JOIN att_site s ON s.id = m.site_id JOIN att_rule r ON r.id = s.rule_id WHERE ${where.join(' AND ')} ORDER BY u.name, u.id`, ...args);
  return MEMBER.all(rows);
}

/** The calendar's holidays and make-up days between two days (inclusive). */
export const calendarBetween = (td: TenantData, from: string, to: string) =>
  td.all<{ day: string; kind: 'holiday' | 'workday' }>('SELECT day, kind FROM holiday WHERE tenant_id = $tenant AND day >= ? AND day <= ?', from, to);

/** Every clock of the tenant from `start` (inclusive) to `end` (exclusive), in ms. */
export const clocksBetween = (td: TenantData, start: number, end: number) =>
  td.all<{ user_id: number; at: number; source: string }>('SELECT user_id, at, source FROM att_clock WHERE tenant_id = $tenant AND at >= ? AND at < ?', start, end);

/** The site a user clocks at by location: its name, kind and circle (none when not a member). */
export const memberSite = (td: TenantData, userId: number) =>
  td.get<{ name: string; kind: string; latitude: number | null; longitude: number | null; radius_m: number | null }>(
    'SELECT loc(s.name, s.name_en) AS name, s.kind, s.latitude, s.longitude, s.radius_m FROM att_member m JOIN att_site s ON s.id = m.site_id WHERE m.user_id = ? AND m.tenant_id = $tenant',
    userId,
  );

export const insertLocationClock = (td: TenantData, userId: number, at: number): void => void td.run("INSERT INTO att_clock (tenant_id, user_id, at, source) VALUES ($tenant, ?, ?, 'location')", userId, at);

export const insertDeviceClock = (td: TenantData, userId: number, at: number, deviceId: number): void =>
  void td.run("INSERT INTO att_clock (tenant_id, user_id, at, source, device_id) VALUES ($tenant, ?, ?, 'device', ?)", userId, at, deviceId);

export const insertFillInClock = (td: TenantData, userId: number, at: number, requestId: number): void =>
  void td.run("INSERT INTO att_clock (tenant_id, user_id, at, source, request_id) VALUES ($tenant, ?, ?, 'fillIn', ?)", userId, at, requestId);

/** The enabled fill-in approval form of the tenant, if any. */
export const fillInForm = (td: TenantData): { id: number } | undefined => td.get<{ id: number }>('SELECT id FROM wf_form WHERE tenant_id = $tenant AND kind = ? AND enabled = 1', FILL_IN_KIND);

// ---- the clock simulator --------------------------------------------------------------------------

/** Every tenant's id (the simulator walks them all; a platform-wide read of the platform's database). */
export const allTenantIds = (db: Db): number[] => db.prepare('SELECT id FROM tenant ORDER BY id').all<{ id: number }>().map((t) => t.id);

/** Each member with their rule's hours, their site's first device or circle, and their clocks since `since`. */
export const simulatorRows = (td: TenantData, since: number) =>
  td.all<{ user_id: number; work_start: string; work_end: string; device_id: number | null; clocks: number; kind: 'devices' | 'location'; latitude: number | null; longitude: number | null; radius_m: number | null }>(
    `SELECT m.user_id, r.work_start, r.work_end, (SELECT device_id FROM att_site_device sd WHERE sd.site_id = s.id ORDER BY device_id LIMIT 1) AS device_id,
       (SELECT COUNT(*) FROM att_clock c WHERE c.user_id = m.user_id AND c.tenant_id = $tenant AND c.at >= ?) AS clocks,
       s.kind, s.latitude, s.longitude, s.radius_m
     FROM att_member m JOIN att_site s ON s.id = m.site_id JOIN att_rule r ON r.id = s.rule_id WHERE m.tenant_id = $tenant`,
    since,
  );
