// Alarm statistics (SPEC §7 "Alarm"): totals by day, level, area (node) and device (machine), and the
// area tree with counts per level — open alarms ("status") or every alarm of the window ("hisStatus").
// All grouped in SQL over the tenant's rows inside the asked days (at most the 3-month window).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { tenantData, type TenantData } from '../tenant-data.ts';
import { areaExists, areaLevelCounts, countsByDay, countsByLevel, statWhere, tenantAreas, totalsByMachine, totalsByNode } from './stats-data.ts';

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

function areaTree(data: TenantData, user: SessionUser, rootGuid: string | null, open: boolean, since: number): AlarmAreaNode[] {
  const areas = tenantAreas(data);
  const counts = areaLevelCounts(data, user, since, open);
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

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.byDay, async (request) => {
    const days = request.query.days ?? 14;
    const start = spanStart(days);
    return ok<AlarmsByDay>(daySeries(countsByDay(tenantData(request), userOf(request), start), start, days));
  });

  /** The body's window (30 days unless given) and handling state over the user's alarms. */
  const whereOf = (request: FastifyRequest<{ Body: AlarmStatQuery }>) => statWhere(tenantData(request), userOf(request), spanStart(request.body.days ?? 30), request.body.handleStatus);

  route(app, ops.byLevel, async (request) => {
    const by = new Map(countsByLevel(tenantData(request), whereOf(request)).map((r) => [r.level, r.n]));
    return ok<AlarmLevelTotal[]>(ALARM_LEVELS.map((level) => ({ level, total: by.get(level) ?? 0 })));
  });

  route(app, ops.byNode, async (request) => ok<AlarmNodeTotal[]>(totalsByNode(tenantData(request), whereOf(request), request.body.limit ?? 10)));

  route(app, ops.byMachine, async (request) => ok<AlarmMachineTotal[]>(totalsByMachine(tenantData(request), whereOf(request), request.body.limit ?? 10)));

  for (const [op, open] of [[ops.openTree, true], [ops.historyTree, false]] as const) {
    route(app, op, async (request) => {
      const data = tenantData(request);
      const id = request.params.id;
      const root = id === '0' ? null : id;
      if (root !== null && !areaExists(data, root)) return fail(TEXT.area[langOf(request)]);
      return ok<AlarmAreaNode[]>(areaTree(data, userOf(request), root, open, spanStart(request.query.days ?? MAX_DAYS)));
    });
  }
};

export default plugin;
