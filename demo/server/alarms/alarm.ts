// Alarms (SPEC §7 "Alarm", §4 alarm states): the bell's count, the alarm list within the 3-month
// window and its history, handling and confirming (refused when the state does not allow it) with each
// alarm's actions kept; rows come from the rules and the simulator, first-start data from alarm-seed.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALARM_HANDLE_STATUSES,
  ALARM_LEVELS,
  ALARM_STATUSES,
  type Alarm,
  type AlarmAction,
  type AlarmQuery,
  HANDLE_ALL_INLINE,
} from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm.ts';
import { route } from '../contract.ts';
import { alarmQueryWindow, earliestAlarmQueryDate, toDate } from '../../../shared/validate/dates.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { COUNT_CAP, inList, likePattern, queryInt, queryPage } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { startAlarmSimulator, type Simulator } from './alarm-simulator.ts';
import { formatTime, startTask } from '../operations/tasks.ts';
import type { SessionUser } from '../context.ts';
import { alarmScopeSql } from '../administration/data-scope.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';

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

type Query = Record<string, string | undefined>;

/** A list query or body the contract has read (numbers, text) as readQuery reads it: each given value as text. */
const asQuery = (values: Readonly<Record<string, unknown>>): Query =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

interface Filter {
  where: string[];
  args: Array<string | number>;
}

/**
 * Reads the list query into SQL conditions (run through the tenant accessor: the area filter names the
 * tenant's devices and areas by `$tenant`); answers a message when a value is wrong.
 */
export function readQuery(
  q: Query,
  lang: Lang,
  now: number,
  scope: { broadArea?: (areaGuid: string) => boolean } = {},
): { filter: Filter; page: number; limit: number } | string {
  const int = (name: string, min: number, max: number, fallback: number): number | string => queryInt(q[name], name, min, max, fallback, lang);
  const paging = queryPage(q, lang, MAX_PAGE_SIZE);
  if (typeof paging === 'string') return paging;
  const { page, limit } = paging;

  const filter: Filter = { where: [], args: [] };
  const choices: Array<[string, string, readonly string[]]> = [
    ['level', 'a.level', ALARM_LEVELS],
    ['status', 'a.status', ALARM_STATUSES],
    ['handleStatus', 'a.handle_status', ALARM_HANDLE_STATUSES],
  ];
  for (const [name, column, allowed] of choices) {
    const value = q[name];
    if (value === undefined || value === '') continue;
    if (!allowed.includes(value)) return say(lang, 'choice', { field: name });
    filter.where.push(`${column} = ?`);
    filter.args.push(value);
  }
  if (q.deviceCode) {
    filter.where.push('a.device_code = ?');
    filter.args.push(q.deviceCode);
  }
  if (q.modelId) {
    const modelId = int('modelId', 0, 2 ** 31 - 1, 0);
    if (typeof modelId === 'string') return modelId;
    filter.where.push('a.model_id = ?');
    filter.args.push(modelId);
  }
  if (q.areaGuid) {
    // The devices of the area and of every area below it.
    // Not correlated with the alarm row, so it is worked out once per query rather than once per alarm.
    // An area holding many of the devices is read in time order (the unary + keeps the device index
    // out), so the first page is found among the newest alarms instead of sorting all of the area's.
    filter.where.push(`${scope.broadArea?.(q.areaGuid) ? '+' : ''}a.device_code IN (SELECT code FROM device WHERE tenant_id = $tenant AND area_guid IN (
      WITH RECURSIVE below(guid) AS (SELECT row_guid FROM area WHERE row_guid = ? AND tenant_id = $tenant
        UNION ALL SELECT ar.row_guid FROM area ar JOIN below ON ar.parent_guid = below.guid)
      SELECT guid FROM below))`);
    filter.args.push(q.areaGuid);
  }
  if (q.eventTypeId) {
    const eventTypeId = int('eventTypeId', 1, 2 ** 31 - 1, 0);
    if (typeof eventTypeId === 'string') return eventTypeId;
    filter.where.push('a.event_type_id = ?');
    filter.args.push(eventTypeId);
  }
  if (q.keyword) {
    filter.where.push("(a.content_zh LIKE ? ESCAPE '\\' OR a.content_en LIKE ? ESCAPE '\\' OR a.device_name LIKE ? ESCAPE '\\' OR a.device_code LIKE ? ESCAPE '\\')");
    const like = likePattern(q.keyword);
    filter.args.push(like, like, like, like);
  }

  // SPEC §5: alarm queries cover only the past 3 months — the rule the search form checks too
  // (shared/validate/dates.ts). Without times: from the window's start to now.
  const clock = new Date(now);
  const from = q.startTime ? toDate(q.startTime) : earliestAlarmQueryDate(clock);
  const to = q.endTime ? toDate(q.endTime) : clock;
  const problem = from && to ? alarmQueryWindow(from, to, clock) : { key: 'validate.date.invalid' as const };
  if (problem) return translate(lang, problem.key, problem.params);
  filter.where.push('a.occurred_at BETWEEN ? AND ?');
  filter.args.push(from!.getTime(), to!.getTime());
  return { filter, page, limit };
}

export { seed } from './alarm-seed.ts';

const plugin: FastifyPluginAsync = async (app) => {
  const { config, log } = app.atrium;
  // Platform-wide by nature: the simulator raises alarms on every tenant's devices, and handling every
  // alarm runs on the platform's background task runner (operations/tasks.ts), which keeps its tasks per database.
  const platform = platformData(app, "the alarm simulator raises alarms on every tenant's devices; handling all alarms runs on the platform's task runner");
  const FROM = `alarm a LEFT JOIN alarm_event_type e ON e.id = a.event_type_id
    LEFT JOIN device d ON d.tenant_id = a.tenant_id AND d.code = a.device_code`;
  const openCount = (data: TenantData, user: SessionUser) => {
    const own = alarmScopeSql(data, user);
    return data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm a WHERE a.tenant_id = $tenant AND a.handle_status = 'unhandled'${own.sql}`, ...own.args)!.n;
  };
  const newest = (data: TenantData, user: SessionUser) => {
    const own = alarmScopeSql(data, user);
    return data.get(`SELECT ${ALARM.select} FROM ${FROM} WHERE a.tenant_id = $tenant${own.sql} ORDER BY a.id DESC LIMIT 1`, ...own.args);
  };
  const record = (data: TenantData, id: number, action: string, userName: string, at: number, note: string) =>
    data.run('INSERT INTO alarm_action (alarm_id, tenant_id, action, user_name, at, note) VALUES (?, $tenant, ?, ?, ?, ?)', id, action, userName, at, note);

  let simulator: Simulator | null = null;
  app.addHook('onReady', async () => {
    simulator = startAlarmSimulator(platform, config.tuning.alarmRate, log);
  });
  app.addHook('preClose', async () => simulator?.stop());

  route(app, ops.total, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const total = openCount(data, user);
    const row = newest(data, user);
    const latest = row ? ALARM.read(row, () => '') : null;
    return ok({
      total,
      latestId: latest?.id ?? 0,
      latest: latest && { id: latest.id, level: latest.level, content: latest.content, deviceName: latest.deviceName, time: latest.time },
    });
  });

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

  /** One page of the tenant's alarms the query matches; `current` leaves closed alarms out. */
  function listPage(request: FastifyRequest<{ Querystring: AlarmQuery }>, current: boolean) {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const read = readQuery(asQuery(request.query ?? {}), lang, Date.now(), { broadArea: (guid) => broadArea(data, guid) });
    if (typeof read === 'string') return fail(read);
    const text = textCandidates(data, request.query?.keyword);
    const own = alarmScopeSql(data, user);
    const where = ['a.tenant_id = $tenant', ...(current ? ["a.status <> 'closed'"] : []), ...read.filter.where, ...text.where].join(' AND ') + own.sql;
    const args = [...read.filter.args, ...text.args, ...own.args];
    // SPEC §9: past 20000 the list says 20000+, so counting stops there.
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM alarm a WHERE ${where} LIMIT ${COUNT_CAP})`, ...args)!.n;
    const rows = data.all(`SELECT ${ALARM.select} FROM ${FROM} WHERE ${where} ORDER BY a.occurred_at DESC, a.id DESC LIMIT ? OFFSET ?`, ...args, read.limit, (read.page - 1) * read.limit);
    return ok({ total, rows: ALARM.all(rows, areaPaths(data)) });
  }

  route(app, ops.list, async (request) => listPage(request, true));
  route(app, ops.history, async (request) => listPage(request, false));

  route(app, ops.actions, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const { id } = request.params;
    const own = alarmScopeSql(data, user, 'device_code');
    const alarm = data.get<{ occurred_at: number }>(`SELECT occurred_at FROM alarm WHERE id = ? AND tenant_id = $tenant${own.sql}`, id, ...own.args);
    if (!alarm) return fail(say(lang, 'missing', { ids: id }));
    const rows = data.all(`SELECT ${ACTION.select} FROM alarm_action WHERE alarm_id = ? AND tenant_id = $tenant ORDER BY at, id`, id);
    return ok<AlarmAction[]>([{ action: 'raised', user: '', time: formatTime(alarm.occurred_at), note: '' }, ...ACTION.all(rows)]);
  });


  /**
   * The tenant's alarms among `ids`, or the message that refuses the whole request: an id that is not
   * the tenant's (or does not exist) and an alarm in a state that does not allow the change are both
   * refused, and nothing changes.
   */
  function pick(request: FastifyRequest, ids: readonly number[], blocked: (row: { status: string; handle_status: string }) => keyof typeof TEXT | null): string | null {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const own = alarmScopeSql(data, user, 'device_code');
    const rows = data.all<{ id: number; status: string; handle_status: string }>(`SELECT id, status, handle_status FROM alarm WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${own.sql}`, ...ids, ...own.args);
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
      const data = tenantData(request);
      const { ids, handleStatus, note } = request.body;
      const refused = pick(request, ids, (r) => (r.handle_status === 'handled' ? 'handled' : null));
      if (refused) return fail(refused);
      const now = Date.now();
      const changed = data.tx(() => {
        const result = data.run(
          `UPDATE alarm SET handle_status = ?, handler = ?, handled_at = ?, handle_note = ? WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`,
          handleStatus,
          user.name,
          handleStatus === 'handled' ? now : null,
          note ?? '',
          ...ids,
        );
        for (const id of ids) record(data, id, handleStatus, user.name, now, note ?? '');
        return Number(result.changes);
      });
      return ok({ changed });
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
      const own = alarmScopeSql(data, user);
      const where = ['a.tenant_id = $tenant', "a.handle_status <> 'handled'", ...read.filter.where].join(' AND ') + own.sql;
      const ids = data.all<{ id: number }>(`SELECT a.id FROM alarm a WHERE ${where} ORDER BY a.id`, ...read.filter.args, ...own.args).map((r) => r.id);
      const handle = (chunk: readonly number[]) =>
        data.tx(() => {
          const now = Date.now();
          const result = data.run(
            `UPDATE alarm SET handle_status = 'handled', handler = ?, handled_at = ?, handle_note = ?
             WHERE tenant_id = $tenant AND handle_status <> 'handled' AND id IN (${inList(chunk.length)})`,
            user.name,
            now,
            note ?? '',
            ...chunk,
          );
          for (const id of chunk) record(data, id, 'handled', user.name, now, note ?? '');
          return Number(result.changes);
        });
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
      const data = tenantData(request);
      const { ids, status = 'confirmed' } = request.body;
      // SPEC §4: a closed alarm stays closed; confirming or closing it again is refused.
      const refused = pick(request, ids, (r) => (r.status === 'closed' ? 'closed' : null));
      if (refused) return fail(refused);
      const now = Date.now();
      const changed = data.tx(() => {
        const result = data.run(
          `UPDATE alarm SET status = ?, confirmer = ?, confirmed_at = ? WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`,
          status ?? 'confirmed',
          user.name,
          now,
          ...ids,
        );
        for (const id of ids) record(data, id, status ?? 'confirmed', user.name, now, '');
        return Number(result.changes);
      });
      return ok({ changed });
    },
  );
};

export default plugin;
