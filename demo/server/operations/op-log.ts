// Operation logs (MonitorOPS ops/gate_log): every write of the platform, every sign-in, sign-out and
// failed sign-in, and every call refused for rights (40301) is recorded with who, tenant, when,
// client address, route, target id, envelope code and result. Nothing of a body is kept (no
// passwords, no tokens). Records cannot be edited or deleted through the API, and each tenant's
// records form a hash chain (every record hashes the one before it), so an auditor can verify that
// none was removed or changed. Searchable over the past 3 months and exportable.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { OpLogQuery, OpLogRow } from '../../../shared/api/op-log-types.ts';
import { ops } from '../../../shared/contract/op-log.ts';
import { alarmQueryWindow } from '../../../shared/validate/index.ts';
import type { Db } from '../db.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, translate } from '../messages.ts';
import { COUNT_CAP, offsetOf, startExport, tooManyTasks } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { pathOf } from '../request-log.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { findSession } from '../tokens.ts';


const SIGN_IN = '/jwt/token';
const SIGN_OUT = '/jwt/invalid';
/** A portal backend's token exchange (routes/portal-token.ts): audited like a sign-in. */
const PORTAL_TOKEN = '/jwt/portal/token';

function resultOf(status: number, code: number | undefined): OpLogRow['result'] {
  if (status >= 500) return 'failed';
  if (code === 40301 || code === 40101 || code === 40103 || status === 401 || status === 403) return 'refused';
  return code === 0 || (code === undefined && status < 400) ? 'ok' : 'failed';
}

const hashOf = (previous: string, r: Omit<OpLogRow, 'id'> & { tenantId: number | null }): string =>
  createHash('sha256')
    .update([previous, r.tenantId ?? '', r.userId ?? '', r.username, r.at, r.ip, r.method, r.route, r.path, r.target, r.code ?? '', r.status, r.result].join('\u001f'))
    .digest('hex');

/** Root-level hook (before the route files): records what happened once the answer is sent. */
/** How long the hook took for each of the latest recorded calls, ms (the benchmark's probe; at most 10000 kept). */
export const opLogHookMs: number[] = [];

/** POST calls that only read (list queries, history, the client error report): not writes to record. */
const READS_BY_POST = /\/page$|^\/api\/device\/history$|^\/api\/ops\/client-error$/;

export function installOpLog(app: FastifyInstance): void {
  // Every call of every tenant is recorded, a sign-in's before a tenant is bound (an account nobody
  // holds is recorded under no tenant), each tenant's chain continued from its own last record.
  const db = platformData(app, 'the operation log records the calls of every tenant, sign-ins before a tenant is bound');
  let insert: ReturnType<Db['prepare']> | null = null;
  let last: ReturnType<Db['prepare']> | null = null;
  let tenantOfUser: ReturnType<Db['prepare']> | null = null;
  // Signing out revokes the token before the answer: note whose session it was while it still exists.
  app.addHook('preHandler', async (request) => {
    if (pathOf(request.url) === SIGN_OUT && request.token && !request.user) request.user = findSession(app.atrium, request.token);
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = pathOf(request.url);
    const isApi = path.startsWith('/api/');
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    const code = request.envelopeCode;
    const session = path === SIGN_IN || path === SIGN_OUT || path === PORTAL_TOKEN;
    if (path.startsWith('/__test') || !(session || (isApi && ((write && !READS_BY_POST.test(path)) || code === 40301)))) return;
    const t0 = performance.now();
    insert ??= db.prepare(
      'INSERT INTO op_log (tenant_id, user_id, username, at, ip, method, route, path, target, code, status, result, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    last ??= db.prepare('SELECT hash FROM op_log WHERE tenant_id IS ? ORDER BY id DESC LIMIT 1');
    tenantOfUser ??= db.prepare('SELECT id, tenant_id FROM user WHERE username = ?');
    let tenantId = request.user?.tenantId ?? null;
    let userId = request.user?.id ?? null;
    let username = request.user?.username ?? '';
    if (path === SIGN_IN || (path === PORTAL_TOKEN && !request.user)) {
      // Who tried to sign in: the account named, when it exists (the password is never kept).
      const body = request.body as { username?: unknown } | undefined;
      username = typeof body?.username === 'string' ? body.username.trim().slice(0, 64) : '';
      const owner = username ? (tenantOfUser.get<{ id: number; tenant_id: number }>(username)) : undefined;
      tenantId = owner?.tenant_id ?? null;
      userId = owner?.id ?? null;
    }
    const params = (request.params ?? {}) as Record<string, unknown>;
    const target = Object.values(params).filter((v) => typeof v === 'string').join('/').slice(0, 128);
    const row = {
      tenantId,
      userId,
      username,
      at: Date.now(),
      ip: request.ip,
      method: request.method,
      route: request.routeOptions.url ?? path,
      path: path.slice(0, 256),
      target,
      code: code ?? null,
      status: reply.statusCode,
      result: resultOf(reply.statusCode, code),
    };
    try {
      const previous = (last.get<{ hash: string }>(tenantId))?.hash ?? '';
      insert.run(row.tenantId, row.userId, row.username, row.at, row.ip, row.method, row.route, row.path, row.target, row.code, row.status, row.result, hashOf(previous, row));
    } catch {
      /* the database closed with the server */
    }
    if (opLogHookMs.length >= 10_000) opLogHookMs.shift();
    opLogHookMs.push(performance.now() - t0);
  });
}

/** A record as the API answers it (op_log). */
const RECORD = shape<OpLogRow>({
  id: col.value('id'),
  userId: col.value('user_id'),
  username: col.value('username'),
  at: col.value('at'),
  ip: col.value('ip'),
  method: col.value('method'),
  route: col.value('route'),
  path: col.value('path'),
  target: col.value('target'),
  code: col.value('code'),
  status: col.value('status'),
  result: col.value('result'),
});

/** Walks a tenant's chain: the index of the first record that does not follow from the one before, or null. */
export function brokenAt(data: TenantData): number | null {
  const { tenantId } = data;
  const rows = data.all(`SELECT ${RECORD.select}, hash AS stored_hash FROM op_log WHERE tenant_id = $tenant ORDER BY id`);
  let previous = '';
  for (const [i, r] of rows.entries()) {
    if (hashOf(previous, { ...RECORD.read(r), tenantId }) !== r.stored_hash) return i;
    previous = String(r.stored_hash);
  }
  return null;
}

/** The tenant's records ($tenant) the query asks for: a WHERE clause and its arguments. */
function filterSql(q: Partial<OpLogQuery>): { where: string; args: Array<string | number> } {
  const clauses = ['tenant_id = $tenant'];
  const args: Array<string | number> = [];
  // User and interface match from the start (an index range): 'oper' finds operator, '/api/device' every device call.
  if (q.username) {
    clauses.push('username >= ? AND username < ?');
    args.push(q.username, `${q.username}\u{10FFFF}`);
  }
  if (q.path) {
    clauses.push('path >= ? AND path < ?');
    args.push(q.path, `${q.path}\u{10FFFF}`);
  }
  if (q.result) {
    clauses.push('result = ?');
    args.push(q.result);
  }
  if (q.from) {
    clauses.push('at >= ?');
    args.push(Date.parse(q.from));
  }
  if (q.to) {
    clauses.push('at <= ?');
    args.push(Date.parse(q.to) + (q.to.length <= 10 ? 86_399_999 : 0));
  }
  return { where: clauses.join(' AND '), args };
}

/** The SPEC §5 3-month window, checked as the alarm and history queries are. */
function windowProblem(request: FastifyRequest, q: Partial<OpLogQuery>): string | null {
  if (!q.from && !q.to) return null;
  const problem = alarmQueryWindow(q.from ?? q.to!, q.to ?? new Date().toISOString(), new Date());
  return problem ? translate(langOf(request), problem.key as never, problem.params as never) : null;
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // An export runs on the platform's task runner (one per database: operations/tasks.ts).
  const tasks = platformData(app, "an export runs on the task runner, which is one per database for every tenant");
  route(app, ops.page, async (request) => {
    const data = tenantData(request);
    const q = request.body;
    const window = windowProblem(request, q);
    if (window) return failField(window, 'from');
    const { where, args } = filterSql(q);
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM op_log WHERE ${where} LIMIT ${COUNT_CAP})`, ...args)!.n;
    const rows = data.all(`SELECT ${RECORD.select} FROM op_log WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, ...args, q.limit, offsetOf(q));
    return ok({ rows: RECORD.all(rows), total });
  });

  route(app, ops.verify, async (request) => {
    const data = tenantData(request);
    const broken = brokenAt(data);
    const count = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM op_log WHERE tenant_id = $tenant')!.n;
    return ok({ intact: broken === null, records: count, ...(broken !== null ? { brokenAt: broken } : {}) });
  });

  route(app, ops.export, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const busy = tooManyTasks(request, tasks, user);
    if (busy) return fail(busy);
    const q = request.body;
    const window = windowProblem(request, q);
    if (window) return failField(window, 'from');
    const { where, args } = filterSql(q);
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM op_log WHERE ${where}`, ...args)!.n;
    const zh = langOf(request) === 'zh';
    return ok(
      startExport(tasks, config.dataDir, user, {
        key: 'opLogExport',
        title: zh ? '导出操作日志' : 'Export operation logs',
        sheet: 'operations',
        fileName: 'operation-logs.xlsx',
        columns: [
          { key: 'time', header: zh ? '时间' : 'Time', width: 22 },
          { key: 'username', header: zh ? '用户' : 'User' },
          { key: 'ip', header: zh ? '地址' : 'Address' },
          { key: 'method', header: zh ? '方法' : 'Method', width: 8 },
          { key: 'path', header: zh ? '接口' : 'Path', width: 40 },
          { key: 'target', header: zh ? '对象' : 'Target' },
          { key: 'code', header: zh ? '返回码' : 'Code', width: 8 },
          { key: 'result', header: zh ? '结果' : 'Result', width: 10 },
        ],
        total,
        load: () =>
          RECORD.all(data.all(`SELECT ${RECORD.select} FROM op_log WHERE ${where} ORDER BY id DESC`, ...args)).map((r) => ({ ...r, time: new Date(r.at).toISOString() })),
        done: (n) => ({ zh: `已导出 ${n} 条操作日志`, en: `${n} operation logs exported` }),
      }),
    );
  });
};

export default plugin;
