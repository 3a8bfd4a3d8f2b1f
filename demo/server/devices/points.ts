// Live point values (SPEC §1; devmng/search historySearch): a simulator produces a raw value for each
// parameter of each modelled device (around its default, within min/max, with noise and now and then
// an excursion), the parameter's collection formula turns it into the stored value, and the history
// keeps every sample. A parameter's alarm expression is evaluated on each new value: true raises an
// alarm of that device, and the same point does not raise again while banned (24 h, SPEC §9).
// Control writes go through the device's gateway, which the gateway simulator can make offline, slow
// or faulty — the answer then carries SPEC §8's gateway messages. Everything is tenant-scoped.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { HistoryAnswer, HistoryQuery, HistorySeries } from '../../../shared/api/point-types.ts';
import { HISTORY_MAX_POINTS } from '../../../shared/api/point-types.ts';
import { ops } from '../../../shared/contract/points.ts';
import { route } from '../contract.ts';
import { compile, evaluate, type Node } from '../../../shared/validate/expression.ts';
import { alarmQueryWindow, toDate } from '../../../shared/validate/dates.ts';
import { tx, type Db } from '../db.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { servicesOf } from '../services.ts';
import { langOf, translate } from '../messages.ts';
import { modelParams, paramNamesOf } from './device-model-data.ts';
import { fireRule, openAlarmOn, ruleBook, type LiveRule } from '../alarms/alarm-rule.ts';
import { startExport, tooManyTasks } from '../resource.ts';
import { formatTime } from '../operations/tasks.ts';
import type { ParamRow } from '../../../shared/api/device-model-types.ts';
import { pointsChanged, sayWrite as say, throughGateway, writePoint } from './point-write.ts';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import { visibleGroups } from '../administration/data-scope.ts';
import { DEFAULT_EXCURSIONS_PER_HOUR, wakeNewDevices } from './device-simulator.ts';
import { deviceRef, gatewayExists } from './device-data.ts';
import { devicesBehind, distributeGateway } from './gateway-data.ts';
import {
  alarmDevice,
  banPoint,
  currentValues,
  devicesAmong,
  historyBuckets,
  insertPointAlarm,
  lastValues,
  namedDevicesAmong,
  onlineModelledDevices,
  openAlarmsByDevice,
  pointBanUntil,
  writeReading,
} from './point-data.ts';
export { DEFAULT_EXCURSIONS_PER_HOUR };

/** SPEC §9: the same alarm on the same point does not fire again for 24 hours. */
export const BAN_MS = 24 * 3_600_000;

interface Compiled {
  param: ParamRow;
  collect: Node | null;
  control: Node | null;
  alarm: Node | null;
  min: number;
  max: number;
  def: number;
}

const num = (text: string, fallback: number) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : fallback);
const tree = (text: string): Node | null => {
  if (!text.trim()) return null;
  const c = compile(text);
  return c.ok ? c.tree : null;
};

function compileParams(params: readonly ParamRow[]): Compiled[] {
  return params.map((param) => {
    const min = num(param.min, 0);
    const max = num(param.max, 100);
    return { param, collect: tree(param.collectFormula), control: tree(param.controlFormula), alarm: tree(param.alarmExpression), min, max, def: num(param.defaultValue, (min + max) / 2) };
  });
}

/** The raw value that the collection formula turns into `value`: found by trying, formulas being simple (x / 10, x * 2). */
function rawFor(c: Compiled, value: number): number {
  if (!c.collect) return value;
  const one = evaluate(c.collect, { x: 1 });
  const zero = evaluate(c.collect, { x: 0 });
  const slope = one - zero;
  return slope === 0 || !Number.isFinite(slope) ? value : (value - zero) / slope;
}

const stored = (c: Compiled, raw: number): number => {
  const v = c.collect ? evaluate(c.collect, { x: raw }) : raw;
  const places = c.param.dataType === 'float' ? Math.max(0, Math.min(6, Number(c.param.precision) || 1)) : 0;
  return Number.isFinite(v) ? Number(v.toFixed(places)) : NaN;
};

/** The round length the chance is figured on when rounds are run by hand (tests). */
const NOMINAL_ROUND_MS = 10_000;

export interface PointSimulator {
  /** One round over every modelled device of every tenant (also what the timer runs). */
  tick(now?: number): number;
  stop(): void;
}

/** Starts the simulator; `intervalMs` 0 runs nothing by itself (tests call tick()). */
export function startPointSimulator(
  db: Db,
  intervalMs: number,
  random: () => number = Math.random,
  raise?: (tenantId: number, deviceId: number, param: ParamRow, value: number, at: number) => void,
  excursionsPerHour = DEFAULT_EXCURSIONS_PER_HOUR,
): PointSimulator {
  const roundsPerHour = 3_600_000 / (intervalMs > 0 ? intervalMs : NOMINAL_ROUND_MS);
  const compiled = new Map<string, Compiled[]>();
  // The simulator walks every tenant's devices (platform-wide by nature); each device's points are
  // read and written through its own tenant's data.
  const tenants = new Map<number, TenantData>();
  const dataOf = (tenantId: number): TenantData => tenants.get(tenantId) ?? tenants.set(tenantId, tenantDataOf(db, tenantId)).get(tenantId)!;
  const paramsOf = (tenantId: number, modelId: number) => {
    const key = `${tenantId}/${modelId}`;
    let list = compiled.get(key);
    if (!list) {
      list = compileParams(modelParams(dataOf(tenantId), modelId));
      compiled.set(key, list);
    }
    return list;
  };
  const tick = (now = Date.now()): number => {
    // Models change rarely; a round rereads them so edits reach the simulation.
    compiled.clear();
    // A device that was just added (on an online gateway, with a model) reports from this round on.
    wakeNewDevices(db, now);
    const devices = onlineModelledDevices(db);
    let written = 0;
    const raised: Array<[number, number, ParamRow, number]> = [];
    const rules = ruleBook(db);
    const ruled: Array<[number, number, LiveRule, ParamRow, number]> = [];
    // The building's excursions an hour spread over its numeric points and this hour's rounds.
    const numeric = devices.reduce((n, d) => n + paramsOf(d.tenant_id, d.model_id).filter((c) => c.param.dataType !== 'bool').length, 0);
    const excursion = numeric > 0 ? Math.min(1, excursionsPerHour / (numeric * roundsPerHour)) : 0;
    tx(db, () => {
      for (const d of devices) {
        const data = dataOf(d.tenant_id);
        const before = new Map(lastValues(data, d.id).map((r) => [r.code, r.value]));
        for (const c of paramsOf(d.tenant_id, d.model_id)) {
          let value: number;
          if (c.param.dataType === 'bool') value = before.has(c.param.code) ? (random() < 0.03 ? 1 - before.get(c.param.code)! : before.get(c.param.code)!) : c.def >= 0.5 ? 1 : 0;
          else {
            const span = c.max - c.min;
            const previous = before.get(c.param.code) ?? c.def;
            // Noise around the last value, pulled back to the default; now and then an excursion towards the top.
            let next = previous + (random() - 0.5) * span * 0.04 + (c.def - previous) * 0.1;
            if (random() < excursion) next = c.max - random() * span * 0.05;
            value = stored(c, rawFor(c, Math.min(c.max, Math.max(c.min, next))));
          }
          if (!Number.isFinite(value)) continue;
          writeReading(data, d.id, c.param.code, value, now);
          written += 1;
          for (const live of rules(d.tenant_id, d.model_id, c.param.code, d.id)) ruled.push([d.tenant_id, d.id, live, c.param, value]);
          if (c.alarm) {
            let fires: number;
            try {
              fires = evaluate(c.alarm, { x: value });
            } catch {
              fires = 0;
            }
            if (fires) raised.push([d.tenant_id, d.id, c.param, value]);
          }
        }
      }
    });
    for (const [tenantId, deviceId, param, value] of raised) raise?.(tenantId, deviceId, param, value, now);
    for (const [tenantId, deviceId, live, param, value] of ruled) fireRule(db, tenantId, deviceId, live, param, value, now);
    const byTenant = new Map<number, number[]>();
    for (const d of devices) byTenant.set(d.tenant_id, [...(byTenant.get(d.tenant_id) ?? []), d.id]);
    for (const [tenantId, ids] of byTenant) pointsChanged(db, tenantId, ids, now);
    return written;
  };
  const timer = intervalMs > 0 ? setInterval(() => tick(), intervalMs) : null;
  timer?.unref?.();
  return { tick, stop: () => (timer ? clearInterval(timer) : undefined) };
}

/** Raises an alarm for a point unless it is banned; answers the alarm id or null. */
export function raisePointAlarm(db: Db, tenantId: number, deviceId: number, param: ParamRow, value: number, at: number): number | null {
  const data = tenantDataOf(db, tenantId);
  return data.tx(() => {
    const device = alarmDevice(data, deviceId);
    if (!device) return null;
    const bannedUntil = pointBanUntil(data, deviceId, param.code);
    // One excursion, one alarm: nothing new until its alarm is cleared (closed or handled) or the ban expires.
    if (bannedUntil !== undefined && bannedUntil > at && openAlarmOn(db, tenantId, device.code, param.code, 'warning', null)) return null;
    const unit = param.unit ? ` ${param.unit}` : '';
    const names = paramNamesOf(data, device.model_id, param);
    const content = { zh: `${names.zh} 超限：${value}${unit}（${param.alarmExpression}）`, en: `${names.en} out of range: ${value}${unit} (${param.alarmExpression})` };
    const id = insertPointAlarm(data, device, content, at, param.code);
    banPoint(data, deviceId, param.code, at + BAN_MS);
    return id;
  });
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The point simulator and the alarms it raises walk every tenant's devices; exports and history
  // exports run on the platform's task runner (operations/tasks.ts), each under its tenant and user.
  const db = platformData(app, "the point simulator samples every tenant's devices and raises their alarms; exports run on the platform task runner");
  const raise = (tenantId: number, deviceId: number, param: ParamRow, value: number, at: number) => void raisePointAlarm(db, tenantId, deviceId, param, value, at);
  let simulator: PointSimulator | null = null;
  servicesOf(app.atrium).pointSimulator = () => simulator;
  app.addHook('onReady', async () => {
    simulator = startPointSimulator(db, config.tuning.pointIntervalMs, Math.random, raise, config.tuning.excursionsPerHour);
  });
  app.addHook('preClose', async () => simulator?.stop());
  // Reading needs a page that reads devices (devManager or MonitorOPS); control needs devManager;
  // distributing needs gwManager (the declarations' rights).
  route(app, ops.distribute, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const { id } = request.params;
    if (!gatewayExists(data, id)) return fail(lang === 'en' ? 'no such gateway' : '网关不存在');
    const refused = await throughGateway(data, id, lang);
    if (refused) return fail(refused);
    const at = Date.now();
    // The gateway now holds every resource point as it stands.
    const points = distributeGateway(data, id, at);
    const devices = devicesBehind(data, id);
    return ok({ id, distributedAt: at, devices, points });
  });

  /** One of the caller's devices inside their data authority (else undefined: it does not exist for them). */
  const deviceOf = (request: FastifyRequest, id: number) => {
    const data = tenantData(request);
    return deviceRef(data, id, visibleGroups(data, userOf(request), DEVICE_GROUP_TYPE));
  };

  route(app, ops.points, async (request) => {
    const data = tenantData(request);
    const device = deviceOf(request, request.params.id);
    if (!device) return fail(say(langOf(request), 'noDevice'));
    const params = device.model_id ? modelParams(data, device.model_id) : [];
    const current = new Map(currentValues(data, device.id).map((r) => [r.code, r]));
    return ok(
      params.map((p) => ({ code: p.code, name: p.name, unit: p.unit, dataType: p.dataType, access: p.access, min: p.min, max: p.max, value: current.get(p.code)?.value ?? null, at: current.get(p.code)?.at ?? null })),
    );
  });

  // The monitoring cards' live readings: the current values of many devices in one call, and their
  // open alarms for a user who may see alarms (alarms follow their devices' data authority, so the
  // devices read here — already inside it — bound them).
  route(
    app,
    ops.readings,
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const ids = [...new Set(request.body.ids)];
      const devices = devicesAmong(data, ids, visibleGroups(data, user, DEVICE_GROUP_TYPE));
      const params = new Map<number, ParamRow[]>();
      const paramsOf = (modelId: number) => params.get(modelId) ?? params.set(modelId, modelParams(data, modelId)).get(modelId)!;
      const seesAlarms = user.menus.has('alarmSearch');
      const alarms = seesAlarms && devices.length > 0 ? openAlarmsByDevice(data, devices.map((d) => d.code)) : new Map<string, number>();
      return ok(
        devices.map((d) => {
          const values = new Map(currentValues(data, d.id).map((r) => [r.code, r]));
          const readings = (d.model_id ? paramsOf(d.model_id) : []).map((p) => ({ code: p.code, name: p.name, unit: p.unit, dataType: p.dataType, access: p.access, min: p.min, max: p.max, value: values.get(p.code)?.value ?? null, at: values.get(p.code)?.at ?? null }));
          return { id: d.id, readings, openAlarms: seesAlarms ? (alarms.get(d.code) ?? 0) : null };
        }),
      );
    },
  );

  route(
    app,
    ops.control,
    async (request) => {
      const { code, value } = request.body;
      // A device outside the caller's data authority is written as one that does not exist.
      const id = deviceOf(request, request.params.id)?.id ?? -1;
      const outcome = await writePoint(db, userOf(request).tenantId, id, code, value);
      const msg = outcome.ok ? '' : outcome.text[langOf(request)];
      if (!outcome.ok) return outcome.field ? failField(msg, outcome.field) : fail(msg);
      return ok({ code, value, written: outcome.written });
    },
  );

  /** The series a history query asks for (downsampled in SQL), or the message that refuses it. */
  function history(request: FastifyRequest<{ Body: HistoryQuery }>): HistoryAnswer | string {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const { deviceIds, codes, startTime, endTime, maxPoints = HISTORY_MAX_POINTS } = request.body;
    const now = new Date();
    const start = toDate(startTime);
    const end = toDate(endTime);
    // The same 3-month rule as alarms (SPEC §5 history window), with the same boundary.
    const problem = start && end ? alarmQueryWindow(start, end, now) : { key: 'validate.date.invalid' as const };
    if (problem) return translate(lang, problem.key, problem.params);
    const owned = namedDevicesAmong(data, deviceIds, visibleGroups(data, user, DEVICE_GROUP_TYPE));
    if (owned.length !== new Set(deviceIds).size) return say(lang, 'noDevice');
    const from = start!.getTime();
    const to = Math.min(end!.getTime(), now.getTime());
    // The range cut into maxPoints buckets, each answered by its average.
    const bucket = Math.max(1, Math.ceil((to - from + 1) / maxPoints));
    const series: HistorySeries[] = [];
    for (const d of owned) {
      for (const code of codes) {
        const rows = historyBuckets(data, d.id, code, from, to, bucket);
        series.push({ deviceId: d.id, deviceCode: d.code, deviceName: d.name, code, points: rows.map((r) => [r.t, Number(r.v.toFixed(4))]), samples: rows.reduce((a, r) => a + r.n, 0) });
      }
    }
    return { bucketMs: bucket, series };
  }

  route(app, ops.history, async (request) => {
    const answer = history(request);
    return typeof answer === 'string' ? fail(answer) : ok(answer);
  });

  route(app, ops.historyExport, async (request) => {
    const user = userOf(request);
    const lang = langOf(request);
    const busy = tooManyTasks(request, db, user);
    if (busy) return fail(busy);
    const answer = history(request);
    if (typeof answer === 'string') return fail(answer);
    const rows = answer.series.flatMap((s) => s.points.map(([at, value]) => ({ time: formatTime(at), code: s.deviceCode, name: s.deviceName, param: s.code, value })));
    return ok(
      startExport(db, config.dataDir, user, {
        key: 'historyExport',
        title: { zh: '导出历史数据', en: 'Export history' },
        sheet: 'history',
        fileName: 'history.xlsx',
        total: rows.length,
        columns: [
          { key: 'time', header: lang === 'en' ? 'Time' : '时间' },
          { key: 'code', header: lang === 'en' ? 'Device code' : '设备编码' },
          { key: 'name', header: lang === 'en' ? 'Device' : '设备' },
          { key: 'param', header: lang === 'en' ? 'Parameter' : '参数' },
          { key: 'value', header: lang === 'en' ? 'Value' : '值' },
        ],
        load: () => rows,
        done: (n) => ({ zh: `已导出 ${n} 行`, en: `${n} rows exported` }),
      }),
    );
  });

};

export default plugin;
