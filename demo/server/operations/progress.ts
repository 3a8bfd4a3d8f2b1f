// Background-task progress (SPEC §7 "Custom data and progress"): the caller's own items of their
// tenant, deleting finished ones, and a generic demo job that does real work in steps.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { setTimeout as wait } from 'node:timers/promises';
import { ops } from '../../../shared/contract/progress.ts';
import { readFile, rm } from 'node:fs/promises';
import { basename, extname, resolve, sep } from 'node:path';
import { route } from '../contract.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf } from '../messages.ts';
import { cancelTask, markInterrupted, runningCount, startTask, stopTasks, TaskFailure, type Report } from './tasks.ts';
import type { Db } from '../db.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import { yieldToRequests } from '../resource.ts';
import { deleteFinishedTasks, deleteTasks, expiredFiles, fileExpired, finishedTaskFile, forgetFile, progressItems } from './progress-data.ts';

/** A user may run this many demo jobs at once; more is refused rather than queued. */
const MAX_RUNNING = 5;

const TEXT = {
  demoTitle: { zh: '演示任务', en: 'Demo job' },
  tooMany: { zh: `同时运行的后台任务不能超过 ${MAX_RUNNING} 个`, en: `no more than ${MAX_RUNNING} background tasks may run at once` },
  keys: { zh: 'keys 必须是 {key, hashKey} 的列表（最多 1000 项）', en: 'keys must be a list of {key, hashKey} (at most 1000)' },
  noFile: { zh: '文件不存在或任务尚未完成', en: 'the file does not exist or the task has not finished' },
  expired: { zh: '文件已过期（保留 24 小时），请重新导出', en: 'the file has expired (files are kept 24 hours): export again' },
  notRunning: { zh: '任务已结束或不存在', en: 'the task has finished or does not exist' },
} as const;

export { FILE_PATH, FILE_TTL_MS } from './progress-data.ts';

const SWEEP_MS = 10 * 60_000;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
};

/** The demo job: hashes a quarter-megabyte block per step (real CPU work), pausing between steps. */
async function demoWork(steps: number, stepMs: number, failAt: number | undefined, report: Report, signal: AbortSignal) {
  const hash = createHash('sha256');
  const block = randomBytes(256 * 1024);
  report({ current: 0, total: steps });
  for (let step = 0; step < steps; step++) {
    if (failAt !== undefined && step === failAt) {
      throw new TaskFailure({ zh: `第 ${step + 1} 步校验失败`, en: `check failed at step ${step + 1}` });
    }
    hash.update(block);
    hash.update(String(step));
    report({ current: step + 1 });
    // Even without a pause, every step gives waiting requests their turn: a job never holds the loop.
    if (stepMs > 0) await wait(stepMs, undefined, { signal }).catch(() => undefined);
    else await yieldToRequests();
    if (signal.aborted) return;
  }
  const digest = hash.digest('hex').slice(0, 12);
  return { zh: `已完成 ${steps} 步，摘要 ${digest}`, en: `${steps} steps done, digest ${digest}` };
}

/** Removes finished tasks' files past their time from the disk; their items keep their outcome without a download. Answers how many. */
export async function sweepExpiredFiles(db: Db, dataDir: string, now: number): Promise<number> {
  const rows = expiredFiles(db, now);
  for (const row of rows) {
    const path = resolve(row.file_path);
    if (path.startsWith(resolve(dataDir) + sep)) await rm(path, { force: true }).catch(() => undefined);
    forgetFile(db, row.id);
  }
  return rows.length;
}

const plugin: FastifyPluginAsync = async (app) => {
  // The task runner is one per database (it stops every running task when the platform closes), and
  // the sweep forgets the expired files of every tenant: both are the platform's. Each task, its count
  // and its cancelling are still one tenant's (tasks.ts filters them by $tenant).
  const db = platformData(app, "the task runner and the sweep of expired task files serve every tenant of the database");

  const sweeper = setInterval(() => void sweepExpiredFiles(db, app.atrium.config.dataDir, Date.now()), SWEEP_MS);
  sweeper.unref();

  // preClose: before the database closes (app.ts closes it in onClose).
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    stopTasks(db);
  });

  route(app, ops.list, async (request) => {
    const user = userOf(request);
    return ok(progressItems(tenantData(request), user.id, Date.now()));
  });

  route(app, ops.file, async (request, reply) => {
    const user = userOf(request);
    const { key, hashKey } = request.query;
    const row = finishedTaskFile(tenantData(request), user.id, key, hashKey);
    if (row?.file_path && fileExpired(row.ended_at, Date.now())) return fail(TEXT.expired[langOf(request)]);
    // Only files the platform wrote under its data folder are served.
    const path = row?.file_path ? resolve(row.file_path) : '';
    if (!row || !path.startsWith(resolve(app.atrium.config.dataDir) + sep)) return fail(TEXT.noFile[langOf(request)]);
    const body = await readFile(path).catch(() => null);
    if (!body) return fail(TEXT.noFile[langOf(request)]);
    const name = row.file_name || basename(path);
    return reply
      .header('content-type', CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .send(body);
  });

  route(
    app,
    ops.remove,
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const { tag, keys } = request.body;
      if (tag === 1) return ok({ deleted: deleteFinishedTasks(data, user.id) });
      if (!Array.isArray(keys)) return fail(TEXT.keys[langOf(request)]);
      const deleted = deleteTasks(data, user.id, keys);
      return ok({ deleted });
    },
  );

  route(
    app,
    ops.cancel,
    async (request) => {
      const user = userOf(request);
      const { key, hashKey } = request.body;
      return cancelTask(db, user.tenantId, user.id, key, hashKey) ? ok({ cancelled: true as const }) : fail(TEXT.notRunning[langOf(request)]);
    },
  );

  route(
    app,
    ops.demo,
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      if (runningCount(db, user.tenantId, user.id) >= MAX_RUNNING) return fail(TEXT.tooMany[lang]);
      const { title, steps = 20, stepMs = 500, failAt } = request.body;
      const started = startTask(
        db,
        user.tenantId,
        user.id,
        title ?? TEXT.demoTitle[lang],
        (report, signal) => demoWork(steps, stepMs, failAt, report, signal),
        { key: 'demo', total: steps },
      );
      return ok(started);
    },
  );
};

export default plugin;
/** Tasks that were running when the server stopped did not finish: say so instead of spinning forever. */
export const seed = (db: Db): void => markInterrupted(db);
