// Alarm breakdowns (SPEC §7 "Alarm", beside the totals of alarm-stats.ts): lists by device (machine)
// and area (node), one device's statistics, alarms per resource point, the area trees with their
// gateways, areas and devices broken down by top resource point, event type and product model, and a
// device's alarm action log (pmis applyLog). Every count is grouped in SQL over the tenant's rows
// inside the window; areas count their own devices and every area below them.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALARM_LEVELS,
  type AlarmApplyLogEntry,
  type AlarmAreaGatewayNode,
  type AlarmGatewayCount,
  type AlarmLevel,
  type AlarmMachineByLevel,
  type AlarmMachineRow,
  type AlarmMachineStat,
  type AlarmModelTotal,
  type AlarmNodeRow,
  type AlarmResourceTotal,
  type AlarmScopeQuery,
  type AlarmTypeTotal,
  type LevelCounts,
} from '../../../shared/api/alarm-types.ts';
import { ops, TOP_ITEMS } from '../../../shared/contract/alarm-breakdown.ts';
import { route } from '../contract.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, textsOf } from '../messages.ts';
import { offsetOf } from '../resource.ts';
import { col, shape, type Shape, type Spec } from '../shape.ts';
import { daySeries, MAX_DAYS, pathsOf, spanStart, TEXT as STAT_TEXT, zeros, type AreaRow } from './alarm-stats.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';

const TEXT = {
  ...STAT_TEXT,
  device: { zh: '设备不存在', en: 'no such device' },
  model: { zh: '设备不是该型号', en: 'the device is not of this model' },
  noModel: { zh: '型号不存在', en: 'no such model' },
} as const;

type Key = string | number | null;

/** The window's filters as SQL over `a` (alarm) and `d` (its device, joined by code). */
interface Scope {
  /** The tenant's data (tenantData(request)): every statement of the scope filters by its $tenant. */
  data: TenantData;
  since: number;
  open: boolean;
  handleStatus?: string;
  areaGuids?: readonly string[];
  modelId?: number;
  deviceCode?: string;
  /** The caller's data authority over devices (alarmScopeSql): their alarms only. */
  own: { sql: string; args: number[] };
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
  return { sql: sql.join(' AND ') + s.own.sql, args: [...args, ...s.own.args] };
}

const JOIN_DEVICE = 'LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code';

type Areas = ReturnType<typeof areasOf>;

/** The tenant's areas: rows, paths, and each area's descendants (itself included). */
function areasOf(data: TenantData) {
  const rows = data.all<AreaRow>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant ORDER BY sort, name');
  const children = new Map<string | null, AreaRow[]>();
  for (const r of rows) children.set(r.parent_guid, [...(children.get(r.parent_guid) ?? []), r]);
  const below = (guid: string): string[] => [guid, ...(children.get(guid) ?? []).flatMap((c) => below(c.row_guid))];
  const known = new Set(rows.map((r) => r.row_guid));
  return { rows, paths: pathsOf(rows), childrenOf: (guid: string | null) => children.get(guid) ?? [], below, known };
}

/** Levels counted from (level, n) rows. */
function levelCounts(rows: ReadonlyArray<{ level: AlarmLevel; n: number }>): LevelCounts {
  const counts = zeros();
  for (const r of rows) counts[r.level] += r.n;
  return counts;
}


/** Parameter names per model, for naming resource points. */
function paramNames(data: TenantData): (modelId: number | null, code: string | null) => string {
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

const plugin: FastifyPluginAsync = async (app) => {
  const say = textsOf(TEXT);

  /** Validates a body's area and model against the tenant; answers the scope or a message. */
  const scopeOf = (request: FastifyRequest, q: AlarmScopeQuery, open: boolean): Scope | string => {
    const data = tenantData(request);
    const scope: Scope = { data, since: spanStart(q.days ?? 30), open, own: alarmScopeSql(data, userOf(request)), ...(q.handleStatus ? { handleStatus: q.handleStatus } : {}) };
    if (q.areaGuid !== undefined) {
      const areas = areasOf(data);
      if (!areas.known.has(q.areaGuid)) return say(request, 'area');
      scope.areaGuids = areas.below(q.areaGuid);
    }
    if (q.modelId !== undefined) {
      if (!data.get('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = $tenant', q.modelId)) return say(request, 'noModel');
      scope.modelId = q.modelId;
    }
    return scope;
  };

  /** Resource points of a scope, most alarms first. */
  const resources = (scope: Scope, limit: number): AlarmResourceTotal[] => {
    const where = scopeSql(scope);
    const name = paramNames(scope.data);
    const rows = scope.data.all(`SELECT ${RESOURCE.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY a.device_code, a.param_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, limit);
    return RESOURCE.all(rows, name);
  };

  /** Counts grouped by (area of the device, key), rolled up the area tree. */
  const byArea = (scope: Scope, areas: Areas, keySql: string): Map<string, Map<Key, number>> => {
    const where = scopeSql(scope);
    const rows = scope.data.all<{ guid: string; k: Key; n: number }>(`SELECT d.area_guid AS guid, ${keySql} AS k, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND d.area_guid IS NOT NULL GROUP BY d.area_guid, k`, ...where.args);
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
  };

  /** The areas under `root` (null: the top areas), each with its items named and sorted, most first. */
  const areaBreakdown = <T extends { total: number }>(scope: Scope, areas: Areas, root: string | null, keySql: string, item: (k: Key, n: number) => T, keep = Infinity): Array<{ rowGuid: string; areaName: string; total: number; items: T[] }> => {
    const counts = byArea(scope, areas, keySql);
    return areas
      .childrenOf(root)
      .map((area) => {
        const items = [...(counts.get(area.row_guid) ?? new Map<Key, number>())].map(([k, n]) => item(k, n)).sort((x, y) => y.total - x.total);
        return { rowGuid: area.row_guid, areaName: area.name, total: items.reduce((sum, i) => sum + i.total, 0), items: items.slice(0, keep) };
      });
  };

  const typeNames = (data: TenantData) => {
    const names = new Map(data.all<{ id: number; name: string }>('SELECT id, name FROM alarm_event_type WHERE tenant_id = $tenant').map((t) => [t.id, t.name]));
    return (k: Key, n: number): AlarmTypeTotal => ({ eventTypeId: k === null ? null : Number(k), name: k === null ? '' : (names.get(Number(k)) ?? ''), total: n });
  };
  const modelNames = (data: TenantData) => {
    const names = new Map(data.all<{ id: number; name: string }>('SELECT id, loc(name, name_en) AS name FROM device_model WHERE tenant_id = $tenant').map((m) => [m.id, m.name]));
    return (k: Key, n: number): AlarmModelTotal => ({ modelId: k === null ? null : Number(k), modelName: k === null ? '' : (names.get(Number(k)) ?? ''), total: n });
  };

  // ---- totals and lists ------------------------------------------------------------------------

  const listScope = (request: FastifyRequest<{ Querystring: { days?: number; limit?: number; handleStatus?: string } }>): { scope: Scope; limit: number } => {
    const { days = 30, limit = 10, handleStatus } = request.query;
    const data = tenantData(request);
    return { scope: { data, since: spanStart(days), open: false, own: alarmScopeSql(data, userOf(request)), ...(handleStatus ? { handleStatus } : {}) }, limit };
  };

  /** The scope's alarms grouped by `key` (SQL over `a` and `d`), most first, read as `rows` shows a group. */
  const levelsBy = <T>(scope: Scope, limit: number, key: string, rows: Shape<T, AreaPaths>): T[] => {
    const where = scopeSql(scope);
    const found = scope.data.all(`SELECT ${rows.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY ${key} ORDER BY COUNT(*) DESC, ${key} LIMIT ?`, ...where.args, limit);
    return rows.all(found, areasOf(scope.data).paths);
  };

  route(app, ops.listMachine, async (request) => {
    const { scope, limit } = listScope(request);
    return ok<AlarmMachineRow[]>(levelsBy(scope, limit, 'a.device_code', MACHINE_ROW));
  });

  route(app, ops.listNode, async (request) => {
    const { scope, limit } = listScope(request);
    return ok<AlarmNodeRow[]>(levelsBy(scope, limit, 'd.area_guid', NODE_ROW));
  });

  // ---- one device, and resource points ---------------------------------------------------------

  route(
    app,
    ops.machineStat,
    async (request) => {
      const data = tenantData(request);
      const days = request.query.days ?? 30;
      const { id } = request.params;
      const own = alarmScopeSql(data, userOf(request), 'code');
      const device = data.get<{ id: number; code: string; name: string; model_id: number | null }>(`SELECT id, code, name, model_id FROM device WHERE id = ? AND tenant_id = $tenant${own.sql}`, id, ...own.args);
      if (!device) return fail(say(request, 'device'));
      const modelId = request.query.modelId;
      if (modelId !== undefined && modelId !== device.model_id) return fail(say(request, 'model'));
      const since = spanStart(days);
      const scope: Scope = { data, since, open: false, deviceCode: device.code, own: { sql: '', args: [] } };
      const levels = (open: boolean) =>
        levelCounts(
          data.all<{ level: AlarmLevel; n: number }>(
            `SELECT level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? ${open ? "AND handle_status <> 'handled'" : ''} GROUP BY level`,
            device.code,
            since,
          ),
        );
      const named = typeNames(data);
      const types = data
        .all<{ k: Key; n: number }>('SELECT event_type_id AS k, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? GROUP BY k ORDER BY n DESC', device.code, since)
        .map((r) => named(r.k, r.n));
      const perDay = data.all<{ day: string; level: AlarmLevel; n: number }>(
        `SELECT strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch', 'localtime') AS day, level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND occurred_at >= ? GROUP BY day, level`,
        device.code,
        since,
      );
      return ok<AlarmMachineStat>({
        deviceId: device.id,
        deviceCode: device.code,
        deviceName: device.name,
        modelId: device.model_id,
        counts: levels(false),
        openCounts: levels(true),
        resources: resources(scope, 100),
        types,
        byDay: daySeries(perDay, since, days),
      });
    },
  );

  route(
    app,
    ops.resources,
    async (request) => {
      const scope = scopeOf(request, request.body, false);
      if (typeof scope === 'string') return fail(scope);
      return ok<AlarmResourceTotal[]>(resources(scope, request.body.limit ?? 10));
    },
  );

  // ---- area trees with gateways ----------------------------------------------------------------

  type AreaRequest = FastifyRequest<{ Params: { id: string | number }; Querystring: { days?: number; areaGuid?: string } }>;
  /** An area route: the root area checked (path id, or areaGuid in the query; 0 or absent: the top), then `build` over the window. */
  const areaRoute = <T>(open: boolean, build: (scope: Scope, root: string | null, areas: Areas) => T, rootFromPath = true) => async (request: AreaRequest) => {
    const data = tenantData(request);
    const areas = areasOf(data);
    const rootRaw = String(rootFromPath ? request.params.id : (request.query.areaGuid ?? '0'));
    const root = rootRaw === '0' ? null : rootRaw;
    if (root !== null && !areas.known.has(root)) return fail(say(request, 'area'));
    return ok(build({ data, since: spanStart(request.query.days ?? MAX_DAYS), open, own: alarmScopeSql(data, userOf(request)) }, root, areas));
  };

  const gatewayTree = (open: boolean) =>
    areaRoute(open, (scope, root, areas) => {
      const where = scopeSql(scope);
      const perGateway = scope.data.all<{ gw: number; level: AlarmLevel; n: number }>(
        `SELECT d.gateway_id AS gw, a.level AS level, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND d.gateway_id IS NOT NULL GROUP BY d.gateway_id, a.level`,
        ...where.args,
      );
      const gateways = scope.data.all<{ id: number; code: string; name: string; status: AlarmGatewayCount['status']; area_guid: string | null }>('SELECT id, code, name, status, area_guid FROM gateway WHERE tenant_id = $tenant ORDER BY code');
      const countsOf = new Map<number, LevelCounts>();
      for (const r of perGateway) {
        const c = countsOf.get(r.gw) ?? zeros();
        c[r.level] += r.n;
        countsOf.set(r.gw, c);
      }
      const build = (area: AreaRow): AlarmAreaGatewayNode => {
        const children = areas.childrenOf(area.row_guid).map(build);
        const own = gateways.filter((g) => g.area_guid === area.row_guid).map((g) => ({ gatewayId: g.id, code: g.code, name: g.name, status: g.status, counts: countsOf.get(g.id) ?? zeros() }));
        const counts = zeros();
        for (const level of ALARM_LEVELS) counts[level] = own.reduce((n, g) => n + g.counts[level], 0) + children.reduce((n, c) => n + c.counts[level], 0);
        return { rowGuid: area.row_guid, parentId: area.parent_guid, areaName: area.name, counts, gateways: own, children };
      };
      return areas.childrenOf(root).map(build);
    });
  route(app, ops.openGatewayTree, gatewayTree(true));
  route(app, ops.historyGatewayTree, gatewayTree(false));

  // ---- areas broken down -----------------------------------------------------------------------

  for (const [byPoint, byType, byModel, open] of [
    [ops.openAreaByPoint, ops.openAreaByType, ops.openAreaByModel, true],
    [ops.historyAreaByPoint, ops.historyAreaByType, ops.historyAreaByModel, false],
  ] as const) {
    route(
      app,
      byPoint,
      areaRoute(open, (scope, root, areas) => {
        const name = paramNames(scope.data);
        return areaBreakdown(scope, areas, root, "a.model_id || '/' || COALESCE(a.param_code, '')", (k, n) => {
          const [model, param] = String(k).split('/');
          return { paramCode: param || null, paramName: name(Number(model), param || null), total: n };
        }, TOP_ITEMS);
      }),
    );
    route(app, byType, areaRoute(open, (scope, root, areas) => areaBreakdown(scope, areas, root, 'a.event_type_id', typeNames(scope.data))));
    route(app, byModel, async (request) => {
      const modelId = request.params.id;
      if (modelId > 0 && !tenantData(request).get('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = $tenant', modelId)) return fail(say(request, 'noModel'));
      return areaRoute(open, (scope, root, areas) => areaBreakdown({ ...scope, ...(modelId > 0 ? { modelId } : {}) }, areas, root, 'a.model_id', modelNames(scope.data)), false)(request);
    });
  }

  // ---- devices broken down ---------------------------------------------------------------------

  /** Devices with open alarms in the scope, most first, each with its items. */
  const machineBreakdown = <T>(scope: Scope, limit: number, itemsOf: (codes: string[]) => Map<string, T[]>): Array<Omit<AlarmMachineByLevel, 'items'> & { items: T[] }> => {
    const where = scopeSql(scope);
    const devices = MACHINE_TOTAL.all(
      scope.data.all(`SELECT ${MACHINE_TOTAL.select} FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} GROUP BY a.device_code ORDER BY COUNT(*) DESC, a.device_code LIMIT ?`, ...where.args, limit),
      areasOf(scope.data).paths,
    );
    const items = itemsOf(devices.map((d) => d.deviceCode));
    return devices.map((d) => ({ ...d, items: items.get(d.deviceCode) ?? [] }));
  };

  /** (device, key, n) rows for the given devices inside the scope. */
  const perDevice = (scope: Scope, codes: string[], keySql: string) => {
    const where = scopeSql(scope);
    return scope.data.all<{ code: string; k: Key; model: number | null; n: number }>(
      `SELECT a.device_code AS code, ${keySql} AS k, MAX(a.model_id) AS model, COUNT(*) AS n FROM alarm a ${JOIN_DEVICE} WHERE ${where.sql} AND a.device_code IN (${codes.map(() => '?').join(',') || 'NULL'}) GROUP BY a.device_code, k ORDER BY n DESC`,
      ...where.args,
      ...codes,
    );
  };
  const group = <T>(rows: ReadonlyArray<{ code: string }>, item: (r: never) => T, keep = Infinity): Map<string, T[]> => {
    const out = new Map<string, T[]>();
    for (const r of rows) {
      const list = out.get(r.code) ?? [];
      if (list.length < keep) list.push(item(r as never));
      out.set(r.code, list);
    }
    return out;
  };

  /** A machine breakdown's handler: the body's scope checked against the tenant, then `build`. */
  const machineHandler = <T>(build: (scope: Scope, limit: number) => T) => async (request: FastifyRequest<{ Body: AlarmScopeQuery }>) => {
    const scope = scopeOf(request, request.body, true);
    if (typeof scope === 'string') return fail(scope);
    return ok(build(scope, request.body.limit ?? 10));
  };

  route(
    app,
    ops.machineByLevel,
    machineHandler((scope, limit) => machineBreakdown(scope, limit, (codes) => group(perDevice(scope, codes, 'a.level'), (r: { k: AlarmLevel; n: number }) => ({ level: r.k, total: r.n })))),
  );
  route(
    app,
    ops.machineByPoint,
    machineHandler((scope, limit) => {
      const name = paramNames(scope.data);
      return machineBreakdown(scope, limit, (codes) => group(perDevice(scope, codes, 'a.param_code'), (r: { k: string | null; model: number | null; n: number }) => ({ paramCode: r.k, paramName: name(r.model, r.k), total: r.n }), TOP_ITEMS));
    }),
  );
  route(
    app,
    ops.machineByType,
    machineHandler((scope, limit) => {
      const named = typeNames(scope.data);
      return machineBreakdown(scope, limit, (codes) => group(perDevice(scope, codes, 'a.event_type_id'), (r: { k: Key; n: number }) => named(r.k, r.n)));
    }),
  );

  // ---- a device's action log (pmis builddevicedetail applyLog) ---------------------------------

  route(
    app,
    ops.applyLog,
    async (request) => {
      const data = tenantData(request);
      const b = request.body;
      const own = alarmScopeSql(data, userOf(request), 'code');
      if (!data.get(`SELECT 1 FROM device WHERE tenant_id = $tenant AND code = ?${own.sql}`, b.deviceCode, ...own.args)) return fail(say(request, 'device'));
      const since = spanStart(b.days ?? MAX_DAYS);
      const page = { page: b.page ?? 1, limit: b.limit ?? 20 };
      const from = `FROM alarm_action x JOIN alarm a ON a.id = x.alarm_id AND a.tenant_id = x.tenant_id WHERE a.tenant_id = $tenant AND a.device_code = ? AND x.at >= ?`;
      const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, b.deviceCode, since)!.n;
      const lang = langOf(request);
      const rows = data.all<{ id: number; level: AlarmLevel; content_zh: string; content_en: string; action: AlarmApplyLogEntry['action']; user_name: string; at: number; note: string }>(
        `SELECT a.id, a.level, a.content_zh, a.content_en, x.action, x.user_name, x.at, x.note ${from} ORDER BY x.at DESC, x.id DESC LIMIT ? OFFSET ?`,
        b.deviceCode,
        since,
        page.limit,
        offsetOf(page),
      );
      return ok({
        total,
        rows: rows.map<AlarmApplyLogEntry>((r) => ({ alarmId: r.id, level: r.level, content: lang === 'en' ? r.content_en : r.content_zh, action: r.action, userName: r.user_name, at: r.at, note: r.note })),
      });
    },
  );
};

export default plugin;
