// The alarms' data (alarm.ts's routes): the bell's count and newest alarm, the list and history pages
// with their filter conditions, an alarm's actions, and handling and confirming with each alarm's
// actions kept. Every statement runs through the tenant accessor (TenantData, `$tenant`); the caller's
// data authority over devices (alarmScopeSql) narrows what a user sees.
import type { Alarm, AlarmAction } from '../../../shared/api/alarm-types.ts';
import type { SessionUser } from '../context.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { COUNT_CAP, inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** The area path of a device's area guid ('Tower A / Floor 3'), looked up once per answer. */
type AreaPath = (guid: string | null) => string;

/**
 * An alarm as the API answers it (alarm a, event type e, device d). The device's name is the one the
 * alarm recorded, in the caller's language while it is still the device's name.
 */
const ALARM = shape<Alarm, AreaPath>({
  id: col.value('a.id'),
  deviceCode: col.value('a.device_code'),
  deviceName: col.value('CASE WHEN d.name = a.device_name THEN loc(d.name, d.name_en) ELSE a.device_name END'),
  modelId: col.value('a.model_id'),
  level: col.value('a.level'),
  status: col.value('a.status'),
  handleStatus: col.value('a.handle_status'),
  content: col.value('loc(a.content_zh, a.content_en)'),
  time: col.time('a.occurred_at'),
  handler: col.value('a.handler'),
  handleTime: col.time('a.handled_at'),
  handleNote: col.value('a.handle_note'),
  confirmer: col.value('a.confirmer'),
  confirmTime: col.time('a.confirmed_at'),
  eventTypeId: col.value('a.event_type_id'),
  eventTypeName: col.value("COALESCE(e.name, '')"),
  areaPath: col.calc('d.area_guid', (guid, pathOf: AreaPath) => pathOf(typeof guid === 'string' ? guid : null)),
});

/** What was done to an alarm (alarm_action). */
const ACTION = shape<AlarmAction>({ action: col.value('action'), user: col.value('user_name'), time: col.time('at'), note: col.value('note') });

const FROM = `alarm a LEFT JOIN alarm_event_type e ON e.id = a.event_type_id
    LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code`;

/** Area paths of one tenant ('Tower A / Floor 3'), computed once per answer. */
function areaPaths(data: TenantData): AreaPath {
  const rows = data.all<{ row_guid: string; parent_guid: string | null; name: string }>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant');
  const byGuid = new Map(rows.map((r) => [r.row_guid, r]));
  const cache = new Map<string, string>();
  return (guid) => {
    if (!guid) return '';
    const hit = cache.get(guid);
    if (hit !== undefined) return hit;
    const names: string[] = [];
    for (let at = byGuid.get(guid), steps = 0; at && steps < 64; at = at.parent_guid ? byGuid.get(at.parent_guid) : undefined, steps++) names.unshift(at.name);
    const path = names.join(' / ');
    cache.set(guid, path);
    return path;
  };
}

/** The user's unhandled alarms. */
export function openAlarmCount(data: TenantData, user: SessionUser): number {
  const own = alarmScopeSql(data, user);
  return data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm a WHERE a.tenant_id = $tenant AND a.handle_status = 'unhandled'${own.sql}`, ...own.args)!.n;
}

/** The user's newest alarm (without its area path), or null. */
export function newestAlarm(data: TenantData, user: SessionUser): Alarm | null {
  const own = alarmScopeSql(data, user);
  const row = data.get(`SELECT ${ALARM.select} FROM ${FROM} WHERE a.tenant_id = $tenant${own.sql} ORDER BY a.id DESC LIMIT 1`, ...own.args);
  return row ? ALARM.read(row, () => '') : null;
}

/** A list query's values, checked by the route (alarm.ts readQuery): each given one narrows the list. */
export interface AlarmFilter {
  level?: string;
  status?: string;
  handleStatus?: string;
  deviceCode?: string;
  modelId?: number;
  areaGuid?: string;
  eventTypeId?: number;
  keyword?: string;
  /** The window (epoch ms, both included). */
  from: number;
  to: number;
}

/** Whether an area (and the areas below it) holds more than a twentieth of the tenant's devices. */
const broadArea = (data: TenantData, guid: string): boolean =>
  data.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND area_guid IN (
        WITH RECURSIVE below(guid) AS (SELECT row_guid FROM area WHERE row_guid = ? AND tenant_id = $tenant
          UNION ALL SELECT ar.row_guid FROM area ar JOIN below ON ar.parent_guid = below.guid)
        SELECT guid FROM below)`,
    guid,
  )!.n *
    20 >
  data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant')!.n;

/**
 * A filter as SQL conditions over `a` (alarm), for a statement of the tenant's data (the area filter
 * names the tenant's devices and areas by `$tenant`). `timeOrderForBroadAreas`: an area holding many
 * of the devices is read in time order (the list's page query).
 */
export function alarmConditions(data: TenantData, f: AlarmFilter, timeOrderForBroadAreas: boolean): { where: string[]; args: Array<string | number> } {
  const where: string[] = [];
  const args: Array<string | number> = [];
  const add = (clause: string, ...values: Array<string | number>) => {
    where.push(clause);
    args.push(...values);
  };
  if (f.level !== undefined) add('a.level = ?', f.level);
  if (f.status !== undefined) add('a.status = ?', f.status);
  if (f.handleStatus !== undefined) add('a.handle_status = ?', f.handleStatus);
  if (f.deviceCode) add('a.device_code = ?', f.deviceCode);
  if (f.modelId !== undefined) add('a.model_id = ?', f.modelId);
  if (f.areaGuid) {
    // The devices of the area and of every area below it.
    // Not correlated with the alarm row, so it is worked out once per query rather than once per alarm.
    // An area holding many of the devices is read in time order (the unary + keeps the device index
    // out), so the first page is found among the newest alarms instead of sorting all of the area's.
    add(
      `${timeOrderForBroadAreas && broadArea(data, f.areaGuid) ? '+' : ''}a.device_code IN (SELECT code FROM device WHERE tenant_id = $tenant AND area_guid IN (
      WITH RECURSIVE below(guid) AS (SELECT row_guid FROM area WHERE row_guid = ? AND tenant_id = $tenant
        UNION ALL SELECT ar.row_guid FROM area ar JOIN below ON ar.parent_guid = below.guid)
      SELECT guid FROM below))`,
      f.areaGuid,
    );
  }
  if (f.eventTypeId !== undefined) add('a.event_type_id = ?', f.eventTypeId);
  if (f.keyword) {
    const like = likePattern(f.keyword);
    add("(a.content_zh LIKE ? ESCAPE '\\' OR a.content_en LIKE ? ESCAPE '\\' OR a.device_name LIKE ? ESCAPE '\\' OR a.device_code LIKE ? ESCAPE '\\')", like, like, like, like);
  }
  add('a.occurred_at BETWEEN ? AND ?', f.from, f.to);
  return { where, args };
}

/**
 * A keyword of three characters or more that few alarms hold is looked up in the trigram index
 * first, so the list reads only the alarms that can match instead of every alarm of the window; a
 * keyword many alarms hold is found soon enough by the time-ordered scan itself. (The index holds
 * every tenant's text; the list's own statement keeps the tenant's alarms among the candidates.)
 */
function textCandidates(data: TenantData, keyword: string | undefined): { where: string[]; args: string[] } {
  if (!keyword || [...keyword].length < 3) return { where: [], args: [] };
  const phrase = `"${keyword.replace(/"/g, '""')}"`;
  if (data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT rowid FROM alarm_text WHERE alarm_text MATCH ? LIMIT ${COUNT_CAP})`, phrase)!.n >= COUNT_CAP) return { where: [], args: [] };
  return { where: ['a.id IN (SELECT rowid FROM alarm_text WHERE alarm_text MATCH ?)'], args: [phrase] };
}

/**
 * One page of the user's alarms the filter matches, newest first; `current` leaves closed alarms out.
 * `keyword`: the query's keyword as given (its trigram candidates). The total stops at COUNT_CAP (SPEC §9: 20000+).
 */
export function listAlarms(data: TenantData, user: SessionUser, filter: AlarmFilter, keyword: string | undefined, current: boolean, page: number, limit: number): { total: number; rows: Alarm[] } {
  const read = alarmConditions(data, filter, true);
  const text = textCandidates(data, keyword);
  const own = alarmScopeSql(data, user);
  const where = ['a.tenant_id = $tenant', ...(current ? ["a.status <> 'closed'"] : []), ...read.where, ...text.where].join(' AND ') + own.sql;
  const args = [...read.args, ...text.args, ...own.args];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM alarm a WHERE ${where} LIMIT ${COUNT_CAP})`, ...args)!.n;
  const rows = data.all(`SELECT ${ALARM.select} FROM ${FROM} WHERE ${where} ORDER BY a.occurred_at DESC, a.id DESC LIMIT ? OFFSET ?`, ...args, limit, (page - 1) * limit);
  return { total, rows: ALARM.all(rows, areaPaths(data)) };
}

/** When one of the user's alarms was raised, or undefined when it is not theirs. */
export function alarmRaisedAt(data: TenantData, user: SessionUser, id: number): number | undefined {
  const own = alarmScopeSql(data, user, 'device_code');
  return data.get<{ occurred_at: number }>(`SELECT occurred_at FROM alarm WHERE id = ? AND tenant_id = $tenant${own.sql}`, id, ...own.args)?.occurred_at;
}

/** What was done to an alarm, oldest first. */
export function alarmActions(data: TenantData, id: number): AlarmAction[] {
  return ACTION.all(data.all(`SELECT ${ACTION.select} FROM alarm_action WHERE alarm_id = ? AND tenant_id = $tenant ORDER BY at, id`, id));
}

/** The states of the user's alarms among `ids` (an id that is not theirs is not among the rows). */
export function alarmStates(data: TenantData, user: SessionUser, ids: readonly number[]): Array<{ id: number; status: string; handle_status: string }> {
  const own = alarmScopeSql(data, user, 'device_code');
  return data.all<{ id: number; status: string; handle_status: string }>(`SELECT id, status, handle_status FROM alarm WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${own.sql}`, ...ids, ...own.args);
}

const record = (data: TenantData, id: number, action: string, userName: string, at: number, note: string) =>
  data.run('INSERT INTO alarm_action (alarm_id, tenant_id, action, user_name, at, note) VALUES (?, $tenant, ?, ?, ?, ?)', id, action, userName, at, note);

/** Sets the handling of alarms, each with its action kept, in one transaction; answers how many changed. */
export function handleAlarms(data: TenantData, ids: readonly number[], handleStatus: string, userName: string, now: number, note: string): number {
  return data.tx(() => {
    const result = data.run(
      `UPDATE alarm SET handle_status = ?, handler = ?, handled_at = ?, handle_note = ? WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`,
      handleStatus,
      userName,
      handleStatus === 'handled' ? now : null,
      note,
      ...ids,
    );
    for (const id of ids) record(data, id, handleStatus, userName, now, note);
    return Number(result.changes);
  });
}

/** The ids of the user's alarms the filter matches that are not handled yet, in id order. */
export function unhandledAlarmIds(data: TenantData, user: SessionUser, filter: AlarmFilter): number[] {
  const read = alarmConditions(data, filter, false);
  const own = alarmScopeSql(data, user);
  const where = ['a.tenant_id = $tenant', "a.handle_status <> 'handled'", ...read.where].join(' AND ') + own.sql;
  return data.all<{ id: number }>(`SELECT a.id FROM alarm a WHERE ${where} ORDER BY a.id`, ...read.args, ...own.args).map((r) => r.id);
}

/** Handles the alarms among `chunk` that are not handled yet, each with its action kept, in one transaction. */
export function handleAlarmChunk(data: TenantData, chunk: readonly number[], userName: string, note: string): number {
  return data.tx(() => {
    const now = Date.now();
    const result = data.run(
      `UPDATE alarm SET handle_status = 'handled', handler = ?, handled_at = ?, handle_note = ?
             WHERE tenant_id = $tenant AND handle_status <> 'handled' AND id IN (${inList(chunk.length)})`,
      userName,
      now,
      note,
      ...chunk,
    );
    for (const id of chunk) record(data, id, 'handled', userName, now, note);
    return Number(result.changes);
  });
}

/** Confirms (or closes) alarms, each with its action kept, in one transaction; answers how many changed. */
export function confirmAlarms(data: TenantData, ids: readonly number[], status: string, userName: string, now: number): number {
  return data.tx(() => {
    const result = data.run(`UPDATE alarm SET status = ?, confirmer = ?, confirmed_at = ? WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, status, userName, now, ...ids);
    for (const id of ids) record(data, id, status, userName, now, '');
    return Number(result.changes);
  });
}
