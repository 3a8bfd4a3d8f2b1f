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
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, translate } from '../messages.ts';
import { offsetOf, startExport, tooManyTasks } from '../resource.ts';
import { pathOf } from '../request-log.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { findSession } from '../tokens.ts';
import { listOpLogs, opLogChain, opLogCount, opLogsToExport, opLogWriter, type OpLogWriter } from './op-log-data.ts';


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
  let writer: OpLogWriter | null = null;
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
    writer ??= opLogWriter(db);
    let tenantId = request.user?.tenantId ?? null;
    let userId = request.user?.id ?? null;
    let username = request.user?.username ?? '';
    if (path === SIGN_IN || (path === PORTAL_TOKEN && !request.user)) {
      // Who tried to sign in: the account named, when it exists (the password is never kept).
      const body = request.body as { username?: unknown } | undefined;
      username = typeof body?.username === 'string' ? body.username.trim().slice(0, 64) : '';
      const owner = username ? writer.ownerOf(username) : undefined;
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
      writer.insert(row, hashOf(writer.lastHash(tenantId), row));
    } catch {
      /* the database closed with the server */
    }
    if (opLogHookMs.length >= 10_000) opLogHookMs.shift();
    opLogHookMs.push(performance.now() - t0);
  });
}

/** Walks a tenant's chain: the index of the first record that does not follow from the one before, or null. */
export function brokenAt(data: TenantData): number | null {
  const { tenantId } = data;
  let previous = '';
  for (const [i, { record, storedHash }] of opLogChain(data).entries()) {
    if (hashOf(previous, { ...record, tenantId }) !== storedHash) return i;
    previous = storedHash;
  }
  return null;
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
    return ok(listOpLogs(data, q, q.limit, offsetOf(q)));
  });

  route(app, ops.verify, async (request) => {
    const data = tenantData(request);
    const broken = brokenAt(data);
    const count = opLogCount(data);
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
    const { total, rows } = opLogsToExport(data, q);
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
        load: () => rows().map((r) => ({ ...r, time: new Date(r.at).toISOString() })),
        done: (n) => ({ zh: `已导出 ${n} 条操作日志`, en: `${n} operation logs exported` }),
      }),
    );
  });
};

export default plugin;
