// Alarm statistics (SPEC §7 "Alarm"): totals by day, level, area (node) and device (machine), and the
// area tree with counts per level — open alarms ("status") or every alarm of the window ("hisStatus").
// All grouped in SQL over the tenant's rows inside the asked days (at most the 3-month window).
import type { FastifyPluginAsync } from 'fastify';
import {
  ALARM_LEVELS,
  ALARM_STAT_MAX_DAYS,
  type AlarmAreaNode,
  type AlarmLevel,
  type AlarmLevelTotal,
  type AlarmMachineTotal,
  type AlarmNodeTotal,
  type AlarmsByDay,
  type AlarmStatQuery,
  type LevelCounts,
} from '../../../shared/api/alarm-types.ts';
import { dayText } from '../../../shared/forms/date-text.ts';
import { ops } from '../../../shared/contract/alarm-stats.ts';
import { route } from '../contract.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf } from '../messages.ts';
import type { SessionUser } from '../context.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { col, shape } from '../shape.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';

export const MAX_DAYS = ALARM_STAT_MAX_DAYS;
export const TEXT = {
  area: { zh: '区域不存在', en: 'no such area' },
} as const;

export const zeros = (): LevelCounts => ({ critical: 0, warning: 0, reminder: 0, normal: 0 });

/** Local midnight `days - 1` days ago: the first instant of a `days`-day span ending today. */
export function spanStart(days: number, now = new Date()): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1)).getTime();
}


/** One entry per local day of a `days`-day span from `start`, oldest first, from (day, level, n) rows. */
export function daySeries(rows: ReadonlyArray<{ day: string; level: AlarmLevel; n: number }>, start: number, days: number): AlarmsByDay {
  const keys = Array.from({ length: days }, (_, i) => {
    const d = new Date(start);
    d.setDate(d.getDate() + i);
    return dayText(d);
  });
  const index = new Map(keys.map((k, i) => [k, i]));
  const series = Object.fromEntries(ALARM_LEVELS.map((l) => [l, keys.map(() => 0)])) as AlarmsByDay['series'];
  for (const r of rows) {
    const i = index.get(r.day);
    if (i !== undefined) series[r.level][i] = r.n;
  }
  return { days: keys, series };
}

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

/** The statistics' conditions over the tenant's alarms (a), for the tenant accessor. */
export function whereOf(data: TenantData, user: SessionUser, q: AlarmStatQuery, fallbackDays: number): { sql: string; args: Array<string | number> } {
  const sql = ['a.tenant_id = $tenant', 'a.occurred_at >= ?'];
  const args: Array<string | number> = [spanStart(q.days ?? fallbackDays)];
  if (q.handleStatus) {
    sql.push('a.handle_status = ?');
    args.push(q.handleStatus);
  }
  // A user narrowed to device groups counts only their devices' alarms.
  const own = alarmScopeSql(data, user);
  return { sql: sql.join(' AND ') + own.sql, args: [...args, ...own.args] };
}

function areaTree(data: TenantData, rootGuid: string | null, open: boolean, since: number, own: { sql: string; args: number[] }): AlarmAreaNode[] {
  const areas = data.all<AreaRow>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant ORDER BY sort, name');
  const counts = data.all<{ guid: string; level: AlarmLevel; n: number }>(
    `SELECT d.area_guid AS guid, a.level AS level, COUNT(*) AS n FROM alarm a
     JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code
     WHERE a.tenant_id = $tenant AND a.occurred_at >= ? ${open ? "AND a.handle_status <> 'handled'" : ''} AND d.area_guid IS NOT NULL${own.sql}
     GROUP BY d.area_guid, a.level`,
    since,
    ...own.args,
  );
  const nodes = new Map<string, AlarmAreaNode>(areas.map((r) => [r.row_guid, { rowGuid: r.row_guid, parentId: r.parent_guid, areaName: r.name, counts: zeros(), children: [] }]));
  for (const c of counts) {
    const node = nodes.get(c.guid);
    if (node) node.counts[c.level] += c.n;
  }
  const roots: AlarmAreaNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  // Roll the counts up: a node counts its own devices' alarms and those of every area below it.
  const roll = (n: AlarmAreaNode): LevelCounts => {
    for (const child of n.children) {
      const below = roll(child);
      for (const level of ALARM_LEVELS) n.counts[level] += below[level];
    }
    return n.counts;
  };
  roots.forEach(roll);
  return rootGuid === null ? roots : (nodes.get(rootGuid)?.children ?? []);
}

/** Open alarms of one area (alarm a, device d; grouped by area), its path read from the tenant's area paths. */
const NODE_TOTAL = shape<AlarmNodeTotal, ReadonlyMap<string, string>>({
  areaGuid: col.value('d.area_guid'),
  areaPath: col.calc('d.area_guid', (guid, paths: ReadonlyMap<string, string>) => (typeof guid === 'string' ? (paths.get(guid) ?? '') : '')),
  total: col.value('COUNT(*)'),
});

/** Alarms of one device (alarm a, grouped by device code), under the name they recorded. */
const MACHINE_TOTAL = shape<AlarmMachineTotal>({ deviceCode: col.value('a.device_code'), deviceName: col.value('MAX(a.device_name)'), total: col.value('COUNT(*)') });

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.byDay, async (request) => {
    const data = tenantData(request);
    const days = request.query.days ?? 14;
    const start = spanStart(days);
    const own = alarmScopeSql(data, userOf(request));
    const rows = data.all<{ day: string; level: AlarmLevel; n: number }>(
      `SELECT strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch', 'localtime') AS day, level, COUNT(*) AS n
       FROM alarm a WHERE a.tenant_id = $tenant AND a.occurred_at >= ?${own.sql} GROUP BY day, level`,
      start,
      ...own.args,
    );
    return ok<AlarmsByDay>(daySeries(rows, start, days));
  });

  route(app, ops.byLevel, async (request) => {
    const data = tenantData(request);
    const where = whereOf(data, userOf(request), request.body, 30);
    const rows = data.all<{ level: AlarmLevel; n: number }>(`SELECT a.level AS level, COUNT(*) AS n FROM alarm a WHERE ${where.sql} GROUP BY a.level`, ...where.args);
    const by = new Map(rows.map((r) => [r.level, r.n]));
    return ok<AlarmLevelTotal[]>(ALARM_LEVELS.map((level) => ({ level, total: by.get(level) ?? 0 })));
  });

  route(app, ops.byNode, async (request) => {
    const data = tenantData(request);
    const where = whereOf(data, userOf(request), request.body, 30);
    const rows = data.all(
      `SELECT ${NODE_TOTAL.select} FROM alarm a
       LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code
       WHERE ${where.sql} GROUP BY d.area_guid ORDER BY COUNT(*) DESC LIMIT ?`,
      ...where.args,
      request.body.limit ?? 10,
    );
    const paths = pathsOf(data.all<AreaRow>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant'));
    return ok<AlarmNodeTotal[]>(NODE_TOTAL.all(rows, paths));
  });

  route(app, ops.byMachine, async (request) => {
    const data = tenantData(request);
    const where = whereOf(data, userOf(request), request.body, 30);
    const rows = data.all(`SELECT ${MACHINE_TOTAL.select} FROM alarm a WHERE ${where.sql} GROUP BY a.device_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, request.body.limit ?? 10);
    // The device's name in the caller's language while it still has the name the alarms recorded.
    const totals = MACHINE_TOTAL.all(rows);
    const names = new Map(
      totals.length
        ? data
            .all<{ code: string; name: string; shown: string }>(`SELECT code, name, loc(name, name_en) AS shown FROM device WHERE tenant_id = $tenant AND code IN (${totals.map(() => '?').join(',')})`, ...totals.map((t) => t.deviceCode))
            .map((d) => [d.code, d] as const)
        : [],
    );
    return ok<AlarmMachineTotal[]>(totals.map((t) => (names.get(t.deviceCode)?.name === t.deviceName ? { ...t, deviceName: names.get(t.deviceCode)!.shown } : t)));
  });

  for (const [op, open] of [[ops.openTree, true], [ops.historyTree, false]] as const) {
    route(app, op, async (request) => {
      const data = tenantData(request);
      const id = request.params.id;
      const root = id === '0' ? null : id;
      if (root !== null && !data.get('SELECT 1 FROM area WHERE row_guid = ? AND tenant_id = $tenant', root)) return fail(TEXT.area[langOf(request)]);
      return ok<AlarmAreaNode[]>(areaTree(data, root, open, spanStart(request.query.days ?? MAX_DAYS), alarmScopeSql(data, userOf(request))));
    });
  }
};

export default plugin;
