// The alarm breakdowns' data (alarm-breakdown.ts): counts grouped in SQL over the tenant's alarms
// inside a scope (window, open or not, handling state, areas, model, device, the user's devices), by
// device, area, resource point, event type, product model and gateway; one device's statistics; a
// device's action log. Every statement runs through the tenant accessor (TenantData, `$tenant`).
import type {
  AlarmApplyLogEntry,
  AlarmGatewayCount,
  AlarmLevel,
  AlarmMachineByLevel,
  AlarmMachineRow,
  AlarmModelTotal,
  AlarmNodeRow,
  AlarmResourceTotal,
  AlarmTypeTotal,
  LevelCounts,
} from '../../../shared/api/alarm-types.ts';
import type { SessionUser } from '../context.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { col, shape, type Shape, type Spec } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';
import { pathsOf, tenantAreas, type AreaRow } from './stats-data.ts';

export type Key = string | number | null;

/** Which alarms a breakdown counts: alarm `a` and its device `d` (joined by code). */
export interface Scope {
  /** The tenant's data (tenantData(request)): every statement of the scope filters by its $tenant. */
  data: TenantData;
  since: number;
  open: boolean;
  handleStatus?: string;
  areaGuids?: readonly string[];
  modelId?: number;
  deviceCode?: string;
  /** The user whose data authority over devices narrows the alarms (alarmScopeSql); null: every alarm of the tenant. */
  user: SessionUser | null;
}

function scopeSql(s: Scope): { sql: string; args: Array<string | number> } {
  const sql = ['a.tenant_id = $tenant', 'a.occurred_at >= ?'];
  const args: Array<string | number> = [s.since];
  if (s.open) sql.push("a.handle_status <> 'handled'");
  if (s.handleStatus) {
    sql.push('a.handle_status = ?');
    args.push(s.handleStatus);
  }
  if (s.areaGuids) {
    sql.push(`d.area_guid IN (${s.areaGuids.map(() => '?').join(',') || 'NULL'})`);
    args.push(...s.areaGuids);
  }
  if (s.modelId !== undefined) {
    sql.push('a.model_id = ?');
    args.push(s.modelId);
  }
  if (s.deviceCode !== undefined) {
    sql.push('a.device_code = ?');
    args.push(s.deviceCode);
  }
  const own = ownOf(s);
  return { sql: sql.join(' AND ') + own.sql, args: [...args, ...own.args] };
}

/** The user's data authority over devices, read once per scope: a breakdown runs several statements of one scope. */
const owned = new WeakMap<Scope, { sql: string; args: number[] }>();

function ownOf(s: Scope): { sql: string; args: number[] } {
  let own = owned.get(s);
  if (!own) owned.set(s, (own = s.user ? alarmScopeSql(s.data, s.user) : { sql: '', args: [] }));
  return own;
}

const JOIN_DEVICE = 'LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code';

export type Areas = ReturnType<typeof areasOf>;

/** The tenant's areas: rows, paths, and each area's descendants (itself included). */
export function areasOf(data: TenantData) {
  const rows = tenantAreas(data);
  const children = new Map<string | null, AreaRow[]>();
  for (const r of rows) children.set(r.parent_guid, [...(children.get(r.parent_guid) ?? []), r]);
  const below = (guid: string): string[] => [guid, ...(children.get(guid) ?? []).flatMap((c) => below(c.row_guid))];
  const known = new Set(rows.map((r) => r.row_guid));
  return { rows, paths: pathsOf(rows), childrenOf: (guid: string | null) => children.get(guid) ?? [], below, known };
}

/** Whether the product model is one of the tenant's. */
export const modelExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = $tenant', id));

/** Parameter names per model, for naming resource points. */
export function paramNames(data: TenantData): (modelId: number | null, code: string | null) => string {
  const names = new Map<string, string>();
  for (const p of data.all<{ model_id: number; code: string; name: string }>('SELECT model_id, code, loc(name, name_en) AS name FROM model_param WHERE tenant_id = $tenant')) {
    names.set(`${p.model_id}/${p.code}`, p.name);
  }
  return (modelId, code) => (code === null ? '' : (names.get(`${modelId}/${code}`) ?? code));
}

/** Area paths by area guid, and names of parameters by model: what answers are read with. */
type AreaPaths = ReadonlyMap<string, string>;
type ParamName = ReturnType<typeof paramNames>;

const areaPathOf = (guid: string) => col.calc(guid, (value, paths: AreaPaths) => (typeof value === 'string' ? (paths.get(value) ?? '') : ''));

/** Counts per level of a group of alarms (a). */
const LEVEL_COUNTS = {
  critical: col.value("SUM(a.level = 'critical')"),
  warning: col.value("SUM(a.level = 'warning')"),
  reminder: col.value("SUM(a.level = 'reminder')"),
  normal: col.value("SUM(a.level = 'normal')"),
} satisfies Spec<LevelCounts>;

/** The alarms of one device (alarm a, device d; grouped by device code). */
const MACHINE_ROW = shape<AlarmMachineRow, AreaPaths>({
  deviceId: col.value('MAX(d.id)'),
  deviceCode: col.value('a.device_code'),
  deviceName: col.value("COALESCE(MAX(a.device_name), '')"),
  areaPath: areaPathOf('MAX(d.area_guid)'),
  counts: LEVEL_COUNTS,
  total: col.value('COUNT(*)'),
  lastAt: col.value('MAX(a.occurred_at)'),
});

/** The alarms of one area's own devices (grouped by area). */
const NODE_ROW = shape<AlarmNodeRow, AreaPaths>({
  areaGuid: col.value('d.area_guid'),
  areaPath: areaPathOf('d.area_guid'),
  counts: LEVEL_COUNTS,
  total: col.value('COUNT(*)'),
  lastAt: col.value('MAX(a.occurred_at)'),
});

/** A device's alarms, before its items are added (grouped by device code). */
const MACHINE_TOTAL = shape<Omit<AlarmMachineByLevel, 'items'>, AreaPaths>({
  deviceCode: col.value('a.device_code'),
  deviceName: col.value('MAX(a.device_name)'),
  areaPath: areaPathOf('MAX(d.area_guid)'),
  total: col.value('COUNT(*)'),
});

/** The alarms of one resource point: a device's parameter, or the device as a whole (grouped by both). */
const RESOURCE = shape<AlarmResourceTotal, ParamName>({
  deviceCode: col.value('a.device_code'),
  deviceName: col.value('MAX(a.device_name)'),
  paramCode: col.value('a.param_code'),
  paramName: col.from(['MAX(a.model_id)', 'a.param_code'], ([model, param], name: ParamName) => name(model === null ? null : Number(model), param === null ? null : String(param))),
  total: col.value('COUNT(*)'),
});

/** Resource points of a scope, most alarms first. */
export function resources(scope: Scope, limit: number): AlarmResourceTotal[] {
  const where = scopeSql(scope);
  const name = paramNames(scope.data);
  const rows = scope.data.all(`SELECT ${RESOURCE.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY a.device_code, a.param_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, limit);
  return RESOURCE.all(rows, name);
}

/** What an area breakdown groups by: resource point (model/param), event type, product model. */
const AREA_KEYS = { point: "a.model_id || '/' || COALESCE(a.param_code, '')", type: 'a.event_type_id', model: 'a.model_id' } as const;
export type AreaKey = keyof typeof AREA_KEYS;

/** Counts grouped by (area of the device, key), rolled up the area tree. */
function byArea(scope: Scope, areas: Areas, key: AreaKey): Map<string, Map<Key, number>> {
  const where = scopeSql(scope);
  const rows = scope.data.all<{ guid: string; k: Key; n: number }>(`SELECT d.area_guid AS guid, ${AREA_KEYS[key]} AS k, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND d.area_guid IS NOT NULL GROUP BY d.area_guid, k`, ...where.args);
  const parent = new Map(areas.rows.map((r) => [r.row_guid, r.parent_guid]));
  const out = new Map<string, Map<Key, number>>();
  for (const r of rows) {
    // Each count goes to its own area and to every area above it.
    for (let at: string | null | undefined = r.guid, steps = 0; at && steps < 64; at = parent.get(at), steps++) {
      const counts = out.get(at) ?? new Map<Key, number>();
      counts.set(r.k, (counts.get(r.k) ?? 0) + r.n);
      out.set(at, counts);
    }
  }
  return out;
}

/** The areas under `root` (null: the top areas), each with its items named and sorted, most first. */
export function areaBreakdown<T extends { total: number }>(scope: Scope, areas: Areas, root: string | null, key: AreaKey, item: (k: Key, n: number) => T, keep = Infinity): Array<{ rowGuid: string; areaName: string; total: number; items: T[] }> {
  const counts = byArea(scope, areas, key);
  return areas.childrenOf(root).map((area) => {
    const items = [...(counts.get(area.row_guid) ?? new Map<Key, number>())].map(([k, n]) => item(k, n)).sort((x, y) => y.total - x.total);
    return { rowGuid: area.row_guid, areaName: area.name, total: items.reduce((sum, i) => sum + i.total, 0), items: items.slice(0, keep) };
  });
}

/** Names event types (by id) of the tenant's. */
export function typeNames(data: TenantData): (k: Key, n: number) => AlarmTypeTotal {
  const names = new Map(data.all<{ id: number; name: string }>('SELECT id, name FROM alarm_event_type WHERE tenant_id = $tenant').map((t) => [t.id, t.name]));
  return (k, n) => ({ eventTypeId: k === null ? null : Number(k), name: k === null ? '' : (names.get(Number(k)) ?? ''), total: n });
}

/** Names product models (by id) of the tenant's. */
export function modelNames(data: TenantData): (k: Key, n: number) => AlarmModelTotal {
  const names = new Map(data.all<{ id: number; name: string }>('SELECT id, loc(name, name_en) AS name FROM device_model WHERE tenant_id = $tenant').map((m) => [m.id, m.name]));
  return (k, n) => ({ modelId: k === null ? null : Number(k), modelName: k === null ? '' : (names.get(Number(k)) ?? ''), total: n });
}

/** The scope's alarms grouped by `key` (SQL over `a` and `d`), most first, read as `rows` shows a group. */
function levelsBy<T>(scope: Scope, limit: number, key: string, rows: Shape<T, AreaPaths>): T[] {
  const where = scopeSql(scope);
  const found = scope.data.all(`SELECT ${rows.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY ${key} ORDER BY COUNT(*) DESC, ${key} LIMIT ?`, ...where.args, limit);
  return rows.all(found, areasOf(scope.data).paths);
}

/** The devices with most alarms in the scope, with their counts per level. */
export const machineRows = (scope: Scope, limit: number): AlarmMachineRow[] => levelsBy(scope, limit, 'a.device_code', MACHINE_ROW);

/** The areas whose own devices have most alarms in the scope, with their counts per level. */
export const nodeRows = (scope: Scope, limit: number): AlarmNodeRow[] => levelsBy(scope, limit, 'd.area_guid', NODE_ROW);

/** One of the user's devices (by id), or undefined. */
export function visibleDevice(data: TenantData, user: SessionUser, id: number): { id: number; code: string; name: string; model_id: number | null } | undefined {
  const own = alarmScopeSql(data, user, 'code');
  return data.get<{ id: number; code: string; name: string; model_id: number | null }>(`SELECT id, code, name, model_id FROM device WHERE id = ? AND tenant_id = $tenant${own.sql}`, id, ...own.args);
}

/** Whether the device (by code) is one of the user's. */
export function deviceVisible(data: TenantData, user: SessionUser, code: string): boolean {
  const own = alarmScopeSql(data, user, 'code');
  return Boolean(data.get(`SELECT 1 FROM device WHERE tenant_id = $tenant AND code = ?${own.sql}`, code, ...own.args));
}

/** One device's alarms since `since` (open ones only when `open`) per level. */
export function deviceLevelCounts(data: TenantData, code: string, since: number, open: boolean): Array<{ level: AlarmLevel; n: number }> {
  return data.all<{ level: AlarmLevel; n: number }>(
    `SELECT level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? ${open ? "AND handle_status <> 'handled'" : ''} GROUP BY level`,
    code,
    since,
  );
}

/** One device's alarms since `since` per event type, most first. */
export const deviceTypeCounts = (data: TenantData, code: string, since: number): Array<{ k: Key; n: number }> =>
  data.all<{ k: Key; n: number }>('SELECT event_type_id AS k, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? GROUP BY k ORDER BY n DESC', code, since);

/** One device's alarms since `since` per local day and level. */
export const deviceDayCounts = (data: TenantData, code: string, since: number): Array<{ day: string; level: AlarmLevel; n: number }> =>
  data.all<{ day: string; level: AlarmLevel; n: number }>(
    `SELECT strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch', 'localtime') AS day, level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? GROUP BY day, level`,
    code,
    since,
  );

/** The scope's alarms per gateway of their device and level. */
export const gatewayLevelCounts = (scope: Scope): Array<{ gw: number; level: AlarmLevel; n: number }> => {
  const where = scopeSql(scope);
  return scope.data.all<{ gw: number; level: AlarmLevel; n: number }>(
    `SELECT d.gateway_id AS gw, a.level AS level, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND d.gateway_id IS NOT NULL GROUP BY d.gateway_id, a.level`,
    ...where.args,
  );
};

/** The tenant's gateways, by code. */
export const tenantGateways = (data: TenantData): Array<{ id: number; code: string; name: string; status: AlarmGatewayCount['status']; area_guid: string | null }> =>
  data.all<{ id: number; code: string; name: string; status: AlarmGatewayCount['status']; area_guid: string | null }>('SELECT id, code, name, status, area_guid FROM gateway WHERE tenant_id = $tenant ORDER BY code');

/** What a device breakdown groups each device's alarms by. */
const DEVICE_KEYS = { level: 'a.level', param: 'a.param_code', type: 'a.event_type_id' } as const;

/** (device, key, n) rows for the given devices inside the scope. */
function perDevice(scope: Scope, codes: string[], key: keyof typeof DEVICE_KEYS) {
  const where = scopeSql(scope);
  return scope.data.all<{ code: string; k: Key; model: number | null; n: number }>(
    `SELECT a.device_code AS code, ${DEVICE_KEYS[key]} AS k, MAX(a.model_id) AS model, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND a.device_code IN (${codes.map(() => '?').join(',') || 'NULL'}) GROUP BY a.device_code, k ORDER BY n DESC`,
    ...where.args,
    ...codes,
  );
}

function group<T>(rows: ReadonlyArray<{ code: string }>, item: (r: never) => T, keep = Infinity): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.code) ?? [];
    if (list.length < keep) list.push(item(r as never));
    out.set(r.code, list);
  }
  return out;
}

/**
 * Devices with alarms in the scope, most first, each with its alarms grouped by `key` (`item` reads a
 * group: its key k, the device's model and the count n), at most `keep` items each.
 */
export function machineBreakdown<T>(scope: Scope, limit: number, key: keyof typeof DEVICE_KEYS, item: (r: { k: Key; model: number | null; n: number }) => T, keep = Infinity): Array<Omit<AlarmMachineByLevel, 'items'> & { items: T[] }> {
  const where = scopeSql(scope);
  const devices = MACHINE_TOTAL.all(
    scope.data.all(`SELECT ${MACHINE_TOTAL.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY a.device_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, limit),
    areasOf(scope.data).paths,
  );
  const items = group(perDevice(scope, devices.map((d) => d.deviceCode), key), item, keep);
  return devices.map((d) => ({ ...d, items: items.get(d.deviceCode) ?? [] }));
}

/** One entry of a device's action log, in both languages. */
export interface ActionLogRow {
  id: number;
  level: AlarmLevel;
  content_zh: string;
  content_en: string;
  action: AlarmApplyLogEntry['action'];
  user_name: string;
  at: number;
  note: string;
}

/** What was done to a device's alarms since `since`, newest first, one page. */
export function deviceActionLog(data: TenantData, code: string, since: number, page: { limit: number; offset: number }): { total: number; rows: ActionLogRow[] } {
  const from = `FROM alarm_action x JOIN alarm a ON a.id = x.alarm_id AND a.tenant_id = x.tenant_id WHERE a.tenant_id = $tenant AND a.device_code = ? AND x.at >= ?`;
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, code, since)!.n;
  const rows = data.all<ActionLogRow>(`SELECT a.id, a.level, a.content_zh, a.content_en, x.action, x.user_name, x.at, x.note ${from} ORDER BY x.at DESC, x.id DESC LIMIT ? OFFSET ?`, code, since, page.limit, page.offset);
  return { total, rows };
}
