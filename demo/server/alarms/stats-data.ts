// The alarm statistics' data (alarm-stats.ts, and the areas alarm-breakdown.ts reads): counts grouped
// in SQL over the tenant's alarms inside a window, narrowed to the user's devices (alarmScopeSql), and
// the tenant's areas. Every statement runs through the tenant accessor (TenantData, `$tenant`).
import type { AlarmLevel, AlarmMachineTotal, AlarmNodeTotal } from '../../../shared/api/alarm-types.ts';
import type { SessionUser } from '../context.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

export interface AreaRow {
  row_guid: string;
  parent_guid: string | null;
  name: string;
}

/** Area paths ('Tower A / Floor 3') of one tenant's areas. */
export function pathsOf(rows: readonly AreaRow[]): Map<string, string> {
  const byGuid = new Map(rows.map((r) => [r.row_guid, r]));
  const out = new Map<string, string>();
  for (const r of rows) {
    const names: string[] = [];
    for (let at: AreaRow | undefined = r, steps = 0; at && steps < 64; at = at.parent_guid ? byGuid.get(at.parent_guid) : undefined, steps++) names.unshift(at.name);
    out.set(r.row_guid, names.join(' / '));
  }
  return out;
}

/** The tenant's areas, in their order (sort, then name). */
export const tenantAreas = (data: TenantData): AreaRow[] => data.all<AreaRow>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant ORDER BY sort, name');

/** Whether the area is one of the tenant's. */
export const areaExists = (data: TenantData, guid: string): boolean => Boolean(data.get('SELECT 1 FROM area WHERE row_guid = ? AND tenant_id = $tenant', guid));

/** The statistics' conditions over the user's alarms (a) since `since`, of one handling state when given. */
export function statWhere(data: TenantData, user: SessionUser, since: number, handleStatus: string | undefined): { sql: string; args: Array<string | number> } {
  const sql = ['a.tenant_id = $tenant', 'a.occurred_at >= ?'];
  const args: Array<string | number> = [since];
  if (handleStatus) {
    sql.push('a.handle_status = ?');
    args.push(handleStatus);
  }
  // A user narrowed to device groups counts only their devices' alarms.
  const own = alarmScopeSql(data, user);
  return { sql: sql.join(' AND ') + own.sql, args: [...args, ...own.args] };
}

/** The user's alarms since `start` per local day and level. */
export function countsByDay(data: TenantData, user: SessionUser, start: number): Array<{ day: string; level: AlarmLevel; n: number }> {
  const own = alarmScopeSql(data, user);
  return data.all<{ day: string; level: AlarmLevel; n: number }>(
    `SELECT strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch', 'localtime') AS day, level, COUNT(*) AS n
       FROM alarm a WHERE a.tenant_id = $tenant AND a.occurred_at >= ?${own.sql} GROUP BY day, level`,
    start,
    ...own.args,
  );
}

/** The alarms of the conditions (statWhere) per level. */
export const countsByLevel = (data: TenantData, where: { sql: string; args: Array<string | number> }): Array<{ level: AlarmLevel; n: number }> =>
  data.all<{ level: AlarmLevel; n: number }>(`SELECT a.level AS level, COUNT(*) AS n FROM alarm a WHERE ${where.sql} GROUP BY a.level`, ...where.args);

/** Open alarms of one area (alarm a, device d; grouped by area), its path read from the tenant's area paths. */
const NODE_TOTAL = shape<AlarmNodeTotal, ReadonlyMap<string, string>>({
  areaGuid: col.value('d.area_guid'),
  areaPath: col.calc('d.area_guid', (guid, paths: ReadonlyMap<string, string>) => (typeof guid === 'string' ? (paths.get(guid) ?? '') : '')),
  total: col.value('COUNT(*)'),
});

/** Alarms of one device (alarm a, grouped by device code), under the name they recorded. */
const MACHINE_TOTAL = shape<AlarmMachineTotal>({ deviceCode: col.value('a.device_code'), deviceName: col.value('MAX(a.device_name)'), total: col.value('COUNT(*)') });

/** The areas with most alarms of the conditions, each with its path. */
export function totalsByNode(data: TenantData, where: { sql: string; args: Array<string | number> }, limit: number): AlarmNodeTotal[] {
  const rows = data.all(
    `SELECT ${NODE_TOTAL.select} FROM alarm a
       LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code
       WHERE ${where.sql} GROUP BY d.area_guid ORDER BY COUNT(*) DESC LIMIT ?`,
    ...where.args,
    limit,
  );
  return NODE_TOTAL.all(rows, pathsOf(tenantAreas(data)));
}

/**
 * The devices with most alarms of the conditions. The device's name in the caller's language while it
 * still has the name the alarms recorded.
 */
export function totalsByMachine(data: TenantData, where: { sql: string; args: Array<string | number> }, limit: number): AlarmMachineTotal[] {
  const rows = data.all(`SELECT ${MACHINE_TOTAL.select} FROM alarm a WHERE ${where.sql} GROUP BY a.device_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, limit);
  const totals = MACHINE_TOTAL.all(rows);
  const names = new Map(
    totals.length
      ? data
          .all<{ code: string; name: string; shown: string }>(`SELECT code, name, loc(name, name_en) AS shown FROM device WHERE tenant_id = $tenant AND code IN (${totals.map(() => '?').join(',')})`, ...totals.map((t) => t.deviceCode))
          .map((d) => [d.code, d] as const)
      : [],
  );
  return totals.map((t) => (names.get(t.deviceCode)?.name === t.deviceName ? { ...t, deviceName: names.get(t.deviceCode)!.shown } : t));
}

/** The user's alarms since `since` (open ones only when `open`) per area of their device and level. */
export function areaLevelCounts(data: TenantData, user: SessionUser, since: number, open: boolean): Array<{ guid: string; level: AlarmLevel; n: number }> {
  const own = alarmScopeSql(data, user);
  return data.all<{ guid: string; level: AlarmLevel; n: number }>(
    `SELECT d.area_guid AS guid, a.level AS level, COUNT(*) AS n FROM alarm a
     JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code
     WHERE a.tenant_id = $tenant AND a.occurred_at >= ? ${open ? "AND a.handle_status <> 'handled'" : ''} AND d.area_guid IS NOT NULL${own.sql}
     GROUP BY d.area_guid, a.level`,
    since,
    ...own.args,
  );
}
