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
  type AlarmLevel,
  type AlarmMachineRow,
  type AlarmMachineStat,
  type AlarmNodeRow,
  type AlarmResourceTotal,
  type AlarmScopeQuery,
  type LevelCounts,
} from '../../../shared/api/alarm-types.ts';
import { ops, TOP_ITEMS } from '../../../shared/contract/alarm-breakdown.ts';
import { route } from '../contract.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, textsOf } from '../messages.ts';
import { offsetOf } from '../resource.ts';
import { daySeries, MAX_DAYS, spanStart, TEXT as STAT_TEXT, zeros } from './alarm-stats.ts';
import type { AreaRow } from './stats-data.ts';
import { tenantData } from '../tenant-data.ts';
import {
  areaBreakdown,
  areasOf,
  deviceActionLog,
  deviceDayCounts,
  deviceLevelCounts,
  deviceTypeCounts,
  deviceVisible,
  gatewayLevelCounts,
  machineBreakdown,
  machineRows,
  modelExists,
  modelNames,
  nodeRows,
  paramNames,
  resources,
  tenantGateways,
  typeNames,
  visibleDevice,
  type Areas,
  type Scope,
} from './breakdown-data.ts';

const TEXT = {
  ...STAT_TEXT,
  device: { zh: '设备不存在', en: 'no such device' },
  model: { zh: '设备不是该型号', en: 'the device is not of this model' },
  noModel: { zh: '型号不存在', en: 'no such model' },
} as const;

/** Levels counted from (level, n) rows. */
function levelCounts(rows: ReadonlyArray<{ level: AlarmLevel; n: number }>): LevelCounts {
  const counts = zeros();
  for (const r of rows) counts[r.level] += r.n;
  return counts;
}

const plugin: FastifyPluginAsync = async (app) => {
  const say = textsOf(TEXT);

  /** Validates a body's area and model against the tenant; answers the scope or a message. */
  const scopeOf = (request: FastifyRequest, q: AlarmScopeQuery, open: boolean): Scope | string => {
    const data = tenantData(request);
    const scope: Scope = { data, since: spanStart(q.days ?? 30), open, user: userOf(request), ...(q.handleStatus ? { handleStatus: q.handleStatus } : {}) };
    if (q.areaGuid !== undefined) {
      const areas = areasOf(data);
      if (!areas.known.has(q.areaGuid)) return say(request, 'area');
      scope.areaGuids = areas.below(q.areaGuid);
    }
    if (q.modelId !== undefined) {
      if (!modelExists(data, q.modelId)) return say(request, 'noModel');
      scope.modelId = q.modelId;
    }
    return scope;
  };

  // ---- totals and lists ------------------------------------------------------------------------

  const listScope = (request: FastifyRequest<{ Querystring: { days?: number; limit?: number; handleStatus?: string } }>): { scope: Scope; limit: number } => {
    const { days = 30, limit = 10, handleStatus } = request.query;
    return { scope: { data: tenantData(request), since: spanStart(days), open: false, user: userOf(request), ...(handleStatus ? { handleStatus } : {}) }, limit };
  };

  route(app, ops.listMachine, async (request) => {
    const { scope, limit } = listScope(request);
    return ok<AlarmMachineRow[]>(machineRows(scope, limit));
  });

  route(app, ops.listNode, async (request) => {
    const { scope, limit } = listScope(request);
    return ok<AlarmNodeRow[]>(nodeRows(scope, limit));
  });

  // ---- one device, and resource points ---------------------------------------------------------

  route(
    app,
    ops.machineStat,
    async (request) => {
      const data = tenantData(request);
      const days = request.query.days ?? 30;
      const { id } = request.params;
      const device = visibleDevice(data, userOf(request), id);
      if (!device) return fail(say(request, 'device'));
      const modelId = request.query.modelId;
      if (modelId !== undefined && modelId !== device.model_id) return fail(say(request, 'model'));
      const since = spanStart(days);
      const scope: Scope = { data, since, open: false, deviceCode: device.code, user: null };
      const levels = (open: boolean) => levelCounts(deviceLevelCounts(data, device.code, since, open));
      const named = typeNames(data);
      const types = deviceTypeCounts(data, device.code, since).map((r) => named(r.k, r.n));
      const perDay = deviceDayCounts(data, device.code, since);
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
    return ok(build({ data, since: spanStart(request.query.days ?? MAX_DAYS), open, user: userOf(request) }, root, areas));
  };

  const gatewayTree = (open: boolean) =>
    areaRoute(open, (scope, root, areas) => {
      const perGateway = gatewayLevelCounts(scope);
      const gateways = tenantGateways(scope.data);
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
        return areaBreakdown(scope, areas, root, 'point', (k, n) => {
          const [model, param] = String(k).split('/');
          return { paramCode: param || null, paramName: name(Number(model), param || null), total: n };
        }, TOP_ITEMS);
      }),
    );
    route(app, byType, areaRoute(open, (scope, root, areas) => areaBreakdown(scope, areas, root, 'type', typeNames(scope.data))));
    route(app, byModel, async (request) => {
      const modelId = request.params.id;
      if (modelId > 0 && !modelExists(tenantData(request), modelId)) return fail(say(request, 'noModel'));
      return areaRoute(open, (scope, root, areas) => areaBreakdown({ ...scope, ...(modelId > 0 ? { modelId } : {}) }, areas, root, 'model', modelNames(scope.data)), false)(request);
    });
  }

  // ---- devices broken down ---------------------------------------------------------------------

  /** A machine breakdown's handler: the body's scope checked against the tenant, then `build`. */
  const machineHandler = <T>(build: (scope: Scope, limit: number) => T) => async (request: FastifyRequest<{ Body: AlarmScopeQuery }>) => {
    const scope = scopeOf(request, request.body, true);
    if (typeof scope === 'string') return fail(scope);
    return ok(build(scope, request.body.limit ?? 10));
  };

  route(
    app,
    ops.machineByLevel,
    machineHandler((scope, limit) => machineBreakdown(scope, limit, 'level', (r) => ({ level: r.k as AlarmLevel, total: r.n }))),
  );
  route(
    app,
    ops.machineByPoint,
    machineHandler((scope, limit) => {
      const name = paramNames(scope.data);
      return machineBreakdown(scope, limit, 'param', (r) => ({ paramCode: r.k as string | null, paramName: name(r.model, r.k as string | null), total: r.n }), TOP_ITEMS);
    }),
  );
  route(
    app,
    ops.machineByType,
    machineHandler((scope, limit) => {
      const named = typeNames(scope.data);
      return machineBreakdown(scope, limit, 'type', (r) => named(r.k, r.n));
    }),
  );

  // ---- a device's action log (pmis builddevicedetail applyLog) ---------------------------------

  route(
    app,
    ops.applyLog,
    async (request) => {
      const data = tenantData(request);
      const b = request.body;
      if (!deviceVisible(data, userOf(request), b.deviceCode)) return fail(say(request, 'device'));
      const since = spanStart(b.days ?? MAX_DAYS);
      const page = { page: b.page ?? 1, limit: b.limit ?? 20 };
      const { total, rows } = deviceActionLog(data, b.deviceCode, since, { limit: page.limit, offset: offsetOf(page) });
      const lang = langOf(request);
      return ok({
        total,
        rows: rows.map<AlarmApplyLogEntry>((r) => ({ alarmId: r.id, level: r.level, content: lang === 'en' ? r.content_en : r.content_zh, action: r.action, userName: r.user_name, at: r.at, note: r.note })),
      });
    },
  );
};

export default plugin;
