// Alarms (SPEC §7 "Alarm", §4 alarm states): the bell's count, the alarm list within the 3-month
// window, handling and confirming; rows come from the simulator (simulator.ts) and the seed below.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALARM_HANDLE_STATUSES,
  ALARM_LEVELS,
  ALARM_STATUSES,
  type Alarm,
  type AlarmBulkCreate,
  type AlarmChanged,
  type AlarmConfirm,
  type AlarmHandle,
  type AlarmHandleAll,
  type AlarmLevel,
  type AlarmPage,
  type AlarmTotal,
} from '../../../shared/api/alarm-types.ts';
import { tx, type Db, type Migration } from '../db.ts';
import { fail, ok, requireMenu, rule, userOf, validBody, type Rule } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { alarmSources, raiseAlarms, SEED_SOURCES, startAlarmSimulator, type Simulator } from '../simulator.ts';
import { formatTime } from '../tasks.ts';

export const migrations: Migration[] = [
  {
    id: 'alarm/001-tables',
    sql: `
      CREATE TABLE alarm_source (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        UNIQUE (tenant_id, code)
      );
      CREATE TABLE alarm (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        device_code TEXT NOT NULL,
        device_name TEXT NOT NULL,
        model_id INTEGER,
        level TEXT NOT NULL CHECK (level IN ('critical', 'warning', 'reminder', 'normal')),
        status TEXT NOT NULL CHECK (status IN ('toBeConfirmed', 'confirmed', 'closed')),
        handle_status TEXT NOT NULL CHECK (handle_status IN ('unhandled', 'handling', 'handled')),
        content_zh TEXT NOT NULL,
        content_en TEXT NOT NULL,
        occurred_at INTEGER NOT NULL,
        handler TEXT NOT NULL DEFAULT '',
        handled_at INTEGER,
        handle_note TEXT NOT NULL DEFAULT '',
        confirmer TEXT NOT NULL DEFAULT '',
        confirmed_at INTEGER
      );
      CREATE INDEX alarm_tenant_handle ON alarm(tenant_id, handle_status);
      CREATE INDEX alarm_tenant_time ON alarm(tenant_id, occurred_at);
    `,
  },
];

const MAX_IDS = 1000;
const MAX_PAGE_SIZE = 1000;
const WINDOW_MONTHS = 3;

const TEXT = {
  window: { zh: `告警查询时间范围不能超过 ${WINDOW_MONTHS} 个月`, en: `the alarm query window is at most ${WINDOW_MONTHS} months` },
  order: { zh: '开始时间不能晚于结束时间', en: 'the start time must not be after the end time' },
  time: { zh: '时间格式应为 YYYY-MM-DD HH:mm:ss', en: 'times must look like YYYY-MM-DD HH:mm:ss' },
  number: { zh: '{field} 必须是 {min} 到 {max} 之间的整数', en: '{field} must be a whole number from {min} to {max}' },
  choice: { zh: '{field} 的值无效', en: '{field} has an invalid value' },
} as const;

const say = (lang: Lang, key: keyof typeof TEXT, vars: Record<string, string | number> = {}) =>
  TEXT[key][lang].replace(/\{(\w+)\}/g, (_m, name: string) => String(vars[name] ?? ''));

interface Row {
  id: number;
  device_code: string;
  device_name: string;
  model_id: number | null;
  level: Alarm['level'];
  status: Alarm['status'];
  handle_status: Alarm['handleStatus'];
  content_zh: string;
  content_en: string;
  occurred_at: number;
  handler: string;
  handled_at: number | null;
  handle_note: string;
  confirmer: string;
  confirmed_at: number | null;
}

const toAlarm = (row: Row, lang: Lang): Alarm => ({
  id: row.id,
  deviceCode: row.device_code,
  deviceName: row.device_name,
  modelId: row.model_id,
  level: row.level,
  status: row.status,
  handleStatus: row.handle_status,
  content: lang === 'en' ? row.content_en : row.content_zh,
  time: formatTime(row.occurred_at),
  handler: row.handler,
  handleTime: formatTime(row.handled_at),
  handleNote: row.handle_note,
  confirmer: row.confirmer,
  confirmTime: formatTime(row.confirmed_at),
});

/** 'YYYY-MM-DD HH:mm:ss' (server time zone) → ms, or null when malformed. */
export function parseTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : null;
}

export function monthsBefore(ms: number, months: number): number {
  const d = new Date(ms);
  d.setMonth(d.getMonth() - months);
  return d.getTime();
}

const idsRule: Rule = (value) => {
  if (value === undefined || value === null) return { key: 'validate.required' };
  const valid = Array.isArray(value) && value.length > 0 && value.length <= MAX_IDS && value.every((v) => Number.isInteger(v) && v > 0);
  return valid ? null : { key: 'validate.oneOf' };
};

type Query = Record<string, string | undefined>;

interface Filter {
  where: string[];
  args: Array<string | number>;
}

/** Reads the list query into SQL conditions; answers a message when a value is wrong. */
function readQuery(q: Query, lang: Lang, now: number): { filter: Filter; page: number; limit: number } | string {
  const int = (name: string, min: number, max: number, fallback: number): number | string => {
    const raw = q[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? n : say(lang, 'number', { field: name, min, max });
  };
  const page = int('page', 1, 1_000_000, 1);
  if (typeof page === 'string') return page;
  const limit = int('limit', 1, MAX_PAGE_SIZE, 20);
  if (typeof limit === 'string') return limit;

  const filter: Filter = { where: [], args: [] };
  const choices: Array<[string, string, readonly string[]]> = [
    ['level', 'level', ALARM_LEVELS],
    ['status', 'status', ALARM_STATUSES],
    ['handleStatus', 'handle_status', ALARM_HANDLE_STATUSES],
  ];
  for (const [name, column, allowed] of choices) {
    const value = q[name];
    if (value === undefined || value === '') continue;
    if (!allowed.includes(value)) return say(lang, 'choice', { field: name });
    filter.where.push(`${column} = ?`);
    filter.args.push(value);
  }
  if (q.deviceCode) {
    filter.where.push('device_code = ?');
    filter.args.push(q.deviceCode);
  }
  if (q.modelId) {
    const modelId = int('modelId', 0, 2 ** 31 - 1, 0);
    if (typeof modelId === 'string') return modelId;
    filter.where.push('model_id = ?');
    filter.args.push(modelId);
  }
  if (q.keyword) {
    filter.where.push("(content_zh LIKE ? ESCAPE '\\' OR content_en LIKE ? ESCAPE '\\' OR device_name LIKE ? ESCAPE '\\' OR device_code LIKE ? ESCAPE '\\')");
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filter.args.push(like, like, like, like);
  }

  // SPEC §9: alarm queries cover at most 3 months; without times, the last 3 months.
  const end = q.endTime ? parseTime(q.endTime) : now;
  const start = q.startTime ? parseTime(q.startTime) : monthsBefore(end ?? now, WINDOW_MONTHS);
  if (end === null || start === null) return say(lang, 'time');
  if (start > end) return say(lang, 'order');
  if (start < monthsBefore(end, WINDOW_MONTHS)) return say(lang, 'window');
  filter.where.push('occurred_at BETWEEN ? AND ?');
  filter.args.push(start, end);
  return { filter, page, limit };
}

function seedSources(db: Db): void {
  const insert = db.prepare('INSERT OR IGNORE INTO alarm_source (tenant_id, code, name, kind) VALUES (?, ?, ?, ?)');
  const tenants = new Set((db.prepare('SELECT id FROM tenant').all() as Array<{ id: number }>).map((t) => t.id));
  for (const s of SEED_SOURCES) if (tenants.has(s.tenantId)) insert.run(s.tenantId, s.code, s.name, s.kind);
}

/** A week of history on first start, so the bell and lists show something before the simulator runs. */
function seedHistory(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM alarm').get() as { n: number };
  if (has.n > 0) return;
  // A fixed sequence, so every fresh demo starts with the same history.
  let state = 20240601;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const now = Date.now();
  const tenants: Array<[number, number]> = [
    [1, 36],
    [2, 6],
  ];
  const handleAs = db.prepare("UPDATE alarm SET handle_status = ?, handler = ?, handled_at = ?, status = ?, confirmer = ?, confirmed_at = ? WHERE id = ?");
  for (const [tenantId, count] of tenants) {
    if (!alarmSources(db).some((s) => s.tenantId === tenantId)) continue;
    raiseAlarms(db, tenantId, count);
    const ids = (db.prepare('SELECT id FROM alarm WHERE tenant_id = ? ORDER BY id').all(tenantId) as Array<{ id: number }>).map((r) => r.id);
    tx(db, () => {
      ids.forEach((id, i) => {
        const at = now - Math.floor(random() * 7 * 86_400_000);
        db.prepare('UPDATE alarm SET occurred_at = ? WHERE id = ?').run(at, id);
        // Two thirds are dealt with; the rest stay open for the bell.
        if (i % 3 !== 0) handleAs.run('handled', 'Demo Admin', at + 600_000, random() < 0.5 ? 'confirmed' : 'closed', 'Demo Admin', at + 900_000, id);
        else if (random() < 0.3) handleAs.run('handling', 'Olivia Operator', null, 'toBeConfirmed', '', null, id);
      });
    });
  }
}

export function seed(db: Db): void {
  seedSources(db);
  seedHistory(db);
}

/** Simulated alarms per minute: ATRIUM_ALARM_RATE, else 2 (and none under the test switch unless asked). */
function simulatorRate(faults: boolean): number {
  const raw = process.env.ATRIUM_ALARM_RATE;
  if (raw !== undefined && raw.trim() !== '') {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`ATRIUM_ALARM_RATE must be alarms per minute (0 or more), got ${raw}`);
    return n;
  }
  return faults ? 0 : 2;
}

const plugin: FastifyPluginAsync = async (app) => {
  const { db, config, log } = app.atrium;
  const COLUMNS = `id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at,
    handler, handled_at, handle_note, confirmer, confirmed_at`;
  const openCount = db.prepare("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = ? AND handle_status = 'unhandled'");
  const newest = db.prepare(`SELECT ${COLUMNS} FROM alarm WHERE tenant_id = ? ORDER BY id DESC LIMIT 1`);

  let simulator: Simulator | null = null;
  app.addHook('onReady', async () => {
    simulator = startAlarmSimulator(db, simulatorRate(config.faults), log);
  });
  app.addHook('preClose', async () => simulator?.stop());

  app.get('/api/alarm/total/tenant', { preHandler: requireMenu('alarmSearch') }, async (request) => {
    const user = userOf(request);
    const total = (openCount.get(user.tenantId) as { n: number }).n;
    const row = newest.get(user.tenantId) as unknown as Row | undefined;
    const latest = row ? toAlarm(row, langOf(request)) : null;
    return ok<AlarmTotal>({
      total,
      latestId: latest?.id ?? 0,
      latest: latest && { id: latest.id, level: latest.level, content: latest.content, deviceName: latest.deviceName, time: latest.time },
    });
  });

  app.get<{ Querystring: Query }>('/api/alarm', { preHandler: requireMenu('alarmSearch') }, async (request) => {
    const user = userOf(request);
    const lang = langOf(request);
    const read = readQuery(request.query ?? {}, lang, Date.now());
    if (typeof read === 'string') return fail(read);
    const where = ['tenant_id = ?', ...read.filter.where].join(' AND ');
    const args = [user.tenantId, ...read.filter.args];
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM alarm WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT ${COLUMNS} FROM alarm WHERE ${where} ORDER BY occurred_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...args, read.limit, (read.page - 1) * read.limit) as unknown as Row[];
    return ok<AlarmPage>({ total, rows: rows.map((r) => toAlarm(r, lang)) });
  });

  const inList = (n: number) => Array.from({ length: n }, () => '?').join(',');

  app.post<{ Body: AlarmHandle }>(
    '/api/alarm/handle',
    {
      preHandler: [
        requireMenu('alarmManager'),
        validBody<AlarmHandle>({ ids: [idsRule], handleStatus: [rule.required, rule.oneOf('handling', 'handled')], note: [rule.text(0, 500)] }),
      ],
    },
    async (request) => {
      const user = userOf(request);
      const { ids, handleStatus, note } = request.body;
      const result = db
        .prepare(
          `UPDATE alarm SET handle_status = ?, handler = ?, handled_at = ?, handle_note = ?
           WHERE tenant_id = ? AND handle_status <> 'handled' AND id IN (${inList(ids.length)})`,
        )
        .run(handleStatus, user.name, handleStatus === 'handled' ? Date.now() : null, note ?? '', user.tenantId, ...ids);
      return ok<AlarmChanged>({ changed: Number(result.changes) });
    },
  );

  app.post<{ Body: AlarmHandleAll }>(
    '/api/alarm/handle/all',
    { preHandler: [requireMenu('alarmManager'), validBody<AlarmHandleAll>({ level: [rule.oneOf(...ALARM_LEVELS)], note: [rule.text(0, 500)] })] },
    async (request) => {
      const user = userOf(request);
      const level: AlarmLevel | undefined = request.body.level ?? undefined;
      const result = db
        .prepare(
          `UPDATE alarm SET handle_status = 'handled', handler = ?, handled_at = ?, handle_note = ?
           WHERE tenant_id = ? AND handle_status <> 'handled'${level ? ' AND level = ?' : ''}`,
        )
        .run(user.name, Date.now(), request.body.note ?? '', user.tenantId, ...(level ? [level] : []));
      return ok<AlarmChanged>({ changed: Number(result.changes) });
    },
  );

  app.post<{ Body: AlarmConfirm }>(
    '/api/alarm/confirm',
    { preHandler: [requireMenu('alarmManager'), validBody<AlarmConfirm>({ ids: [idsRule], status: [rule.oneOf('confirmed', 'closed')] })] },
    async (request) => {
      const user = userOf(request);
      const { ids, status = 'confirmed' } = request.body;
      const result = db
        .prepare(
          `UPDATE alarm SET status = ?, confirmer = ?, confirmed_at = ?
           WHERE tenant_id = ? AND status <> 'closed' AND id IN (${inList(ids.length)})`,
        )
        .run(status ?? 'confirmed', user.name, Date.now(), user.tenantId, ...ids);
      return ok<AlarmChanged>({ changed: Number(result.changes) });
    },
  );

  // Test switch only: many alarms at once (the 25000 → '20000+' check would take hours of simulation).
  if (config.faults) {
    app.post<{ Body: AlarmBulkCreate & { tenantId?: number } }>(
      '/__test/alarms',
      {
        preHandler: validBody<AlarmBulkCreate & { tenantId?: number }>({
          count: [rule.required, rule.int(1, 100_000)],
          level: [rule.oneOf(...ALARM_LEVELS)],
          handleStatus: [rule.oneOf(...ALARM_HANDLE_STATUSES)],
          tenantId: [rule.int(1, 2 ** 31 - 1)],
        }),
      },
      async (request: FastifyRequest<{ Body: AlarmBulkCreate & { tenantId?: number } }>) => {
        const { count, level, handleStatus, tenantId = 1 } = request.body;
        const created = raiseAlarms(db, tenantId ?? 1, count, { ...(level ? { level } : {}), ...(handleStatus ? { handleStatus } : {}) });
        return ok({ created });
      },
    );
  }
};

export default plugin;
