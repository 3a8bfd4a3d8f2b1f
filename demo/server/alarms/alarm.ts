// Alarms (SPEC §7 "Alarm", §4 alarm states): the bell's count, the alarm list within the 3-month
// window and its history, handling and confirming (refused when the state does not allow it) with each
// alarm's actions kept; rows come from the rules and the simulator, first-start data from alarm-seed.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALARM_HANDLE_STATUSES,
  ALARM_LEVELS,
  ALARM_STATUSES,
  type AlarmAction,
  type AlarmQuery,
  HANDLE_ALL_INLINE,
} from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm.ts';
import { route } from '../contract.ts';
import { alarmQueryWindow, earliestAlarmQueryDate, toDate } from '../../../shared/validate/dates.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { queryInt, queryPage } from '../resource.ts';
import { startAlarmSimulator, type Simulator } from './alarm-simulator.ts';
import { formatTime, startTask } from '../operations/tasks.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import {
  alarmActions,
  alarmRaisedAt,
  alarmStates,
  confirmAlarms,
  handleAlarmChunk,
  handleAlarms,
  listAlarms,
  newestAlarm,
  openAlarmCount,
  unhandledAlarmIds,
  type AlarmFilter,
} from './alarm-data.ts';

const MAX_PAGE_SIZE = 1000;

const TEXT = {
  choice: { zh: '{field} 的值无效', en: '{field} has an invalid value' },
  missing: { zh: '告警不存在：{ids}', en: 'no such alarm: {ids}' },
  closed: { zh: '告警已关闭，不能再确认或关闭：{ids}', en: 'the alarm is closed and cannot be confirmed or closed again: {ids}' },
  handled: { zh: '告警已处理完毕：{ids}', en: 'the alarm is already handled: {ids}' },
  handleAllTitle: { zh: '处理全部告警', en: 'Handle all alarms' },
  handleAllDone: { zh: '已处理 {count} 条告警', en: '{count} alarms handled' },
  handleAllDone_one: { zh: '已处理 {count} 条告警', en: '{count} alarm handled' },
} as const;

const say = textsOf(TEXT);

type Query = Record<string, string | undefined>;

/** A list query or body the contract has read (numbers, text) as readQuery reads it: each given value as text. */
const asQuery = (values: Readonly<Record<string, unknown>>): Query =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

/** Reads the list query into the alarms' filter (alarm-data.ts makes its SQL); answers a message when a value is wrong. */
export function readQuery(q: Query, lang: Lang, now: number): { filter: AlarmFilter; page: number; limit: number } | string {
  const int = (name: string, min: number, max: number, fallback: number): number | string => queryInt(q[name], name, min, max, fallback, lang);
  const paging = queryPage(q, lang, MAX_PAGE_SIZE);
  if (typeof paging === 'string') return paging;
  const { page, limit } = paging;

  const chosen: Pick<AlarmFilter, 'level' | 'status' | 'handleStatus'> = {};
  const choices: Array<['level' | 'status' | 'handleStatus', readonly string[]]> = [
    ['level', ALARM_LEVELS],
    ['status', ALARM_STATUSES],
    ['handleStatus', ALARM_HANDLE_STATUSES],
  ];
  for (const [name, allowed] of choices) {
    const value = q[name];
    if (value === undefined || value === '') continue;
    if (!allowed.includes(value)) return say(lang, 'choice', { field: name });
    chosen[name] = value;
  }
  let modelId: number | undefined;
  if (q.modelId) {
    const read = int('modelId', 0, 2 ** 31 - 1, 0);
    if (typeof read === 'string') return read;
    modelId = read;
  }
  let eventTypeId: number | undefined;
  if (q.eventTypeId) {
    const read = int('eventTypeId', 1, 2 ** 31 - 1, 0);
    if (typeof read === 'string') return read;
    eventTypeId = read;
  }

  // SPEC §5: alarm queries cover only the past 3 months — the rule the search form checks too
  // (shared/validate/dates.ts). Without times: from the window's start to now.
  const clock = new Date(now);
  const from = q.startTime ? toDate(q.startTime) : earliestAlarmQueryDate(clock);
  const to = q.endTime ? toDate(q.endTime) : clock;
  const problem = from && to ? alarmQueryWindow(from, to, clock) : { key: 'validate.date.invalid' as const };
  if (problem) return translate(lang, problem.key, problem.params);
  const filter: AlarmFilter = {
    ...chosen,
    ...(q.deviceCode ? { deviceCode: q.deviceCode } : {}),
    ...(modelId !== undefined ? { modelId } : {}),
    ...(q.areaGuid ? { areaGuid: q.areaGuid } : {}),
    ...(eventTypeId !== undefined ? { eventTypeId } : {}),
    ...(q.keyword ? { keyword: q.keyword } : {}),
    from: from!.getTime(),
    to: to!.getTime(),
  };
  return { filter, page, limit };
}

export { seed } from './alarm-seed.ts';

const plugin: FastifyPluginAsync = async (app) => {
  const { config, log } = app.atrium;
  // Platform-wide by nature: the simulator raises alarms on every tenant's devices, and handling every
  // alarm runs on the platform's background task runner (operations/tasks.ts), which keeps its tasks per database.
  const platform = platformData(app, "the alarm simulator raises alarms on every tenant's devices; handling all alarms runs on the platform's task runner");

  let simulator: Simulator | null = null;
  app.addHook('onReady', async () => {
    simulator = startAlarmSimulator(platform, config.tuning.alarmRate, log);
  });
  app.addHook('preClose', async () => simulator?.stop());

  route(app, ops.total, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const total = openAlarmCount(data, user);
    const latest = newestAlarm(data, user);
    return ok({
      total,
      latestId: latest?.id ?? 0,
      latest: latest && { id: latest.id, level: latest.level, content: latest.content, deviceName: latest.deviceName, time: latest.time },
    });
  });

  /** One page of the tenant's alarms the query matches; `current` leaves closed alarms out. */
  function listPage(request: FastifyRequest<{ Querystring: AlarmQuery }>, current: boolean) {
    const read = readQuery(asQuery(request.query ?? {}), langOf(request), Date.now());
    if (typeof read === 'string') return fail(read);
    // SPEC §9: past 20000 the list says 20000+, so counting stops there.
    return ok(listAlarms(tenantData(request), userOf(request), read.filter, request.query?.keyword, current, read.page, read.limit));
  }

  route(app, ops.list, async (request) => listPage(request, true));
  route(app, ops.history, async (request) => listPage(request, false));

  route(app, ops.actions, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    const raisedAt = alarmRaisedAt(data, userOf(request), id);
    if (raisedAt === undefined) return fail(say(langOf(request), 'missing', { ids: id }));
    return ok<AlarmAction[]>([{ action: 'raised', user: '', time: formatTime(raisedAt), note: '' }, ...alarmActions(data, id)]);
  });


  /**
   * The tenant's alarms among `ids`, or the message that refuses the whole request: an id that is not
   * the tenant's (or does not exist) and an alarm in a state that does not allow the change are both
   * refused, and nothing changes.
   */
  function pick(request: FastifyRequest, ids: readonly number[], blocked: (row: { status: string; handle_status: string }) => keyof typeof TEXT | null): string | null {
    const lang = langOf(request);
    const rows = alarmStates(tenantData(request), userOf(request), ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) return say(lang, 'missing', { ids: missing.slice(0, 10).join(', ') });
    for (const key of ['closed', 'handled'] as const) {
      const hit = rows.filter((r) => blocked(r) === key).map((r) => r.id);
      if (hit.length) return say(lang, key, { ids: hit.slice(0, 10).join(', ') });
    }
    return null;
  }

  route(
    app,
    ops.handle,
    async (request) => {
      const user = userOf(request);
      const { ids, handleStatus, note } = request.body;
      const refused = pick(request, ids, (r) => (r.handle_status === 'handled' ? 'handled' : null));
      if (refused) return fail(refused);
      return ok({ changed: handleAlarms(tenantData(request), ids, handleStatus, user.name, Date.now(), note ?? '') });
    },
  );

  route(
    app,
    ops.handleAll,
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const lang = langOf(request);
      const { note = '', ...filters } = request.body;
      const read = readQuery(asQuery(filters), lang, Date.now());
      if (typeof read === 'string') return fail(read);
      const ids = unhandledAlarmIds(data, user, read.filter);
      const handle = (chunk: readonly number[]) => handleAlarmChunk(data, chunk, user.name, note ?? '');
      if (ids.length <= HANDLE_ALL_INLINE) return ok({ changed: ids.length ? handle(ids) : 0, task: null });
      // Many alarms: a background task in chunks, so other requests are served in between.
      const started = startTask(platform, user.tenantId, user.id, say(lang, 'handleAllTitle'), async (report, signal) => {
        let done = 0;
        for (let i = 0; i < ids.length; i += HANDLE_ALL_INLINE) {
          if (signal.aborted) break;
          done += handle(ids.slice(i, i + HANDLE_ALL_INLINE));
          report({ current: Math.min(i + HANDLE_ALL_INLINE, ids.length), total: ids.length });
          await new Promise((r) => setImmediate(r));
        }
        return { zh: say('zh', 'handleAllDone', { count: done }), en: say('en', 'handleAllDone', { count: done }) };
      }, { key: 'alarmHandleAll', total: ids.length });
      return ok({ changed: 0, task: started.hashKey });
    },
  );

  route(
    app,
    ops.confirm,
    async (request) => {
      const user = userOf(request);
      const { ids, status = 'confirmed' } = request.body;
      // SPEC §4: a closed alarm stays closed; confirming or closing it again is refused.
      const refused = pick(request, ids, (r) => (r.status === 'closed' ? 'closed' : null));
      if (refused) return fail(refused);
      return ok({ changed: confirmAlarms(tenantData(request), ids, status ?? 'confirmed', user.name, Date.now()) });
    },
  );
};

export default plugin;
