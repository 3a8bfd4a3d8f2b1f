// Scheduled jobs (jobMng jobmng; public /job_detail): a cron schedule in a time zone (croner), one of
// the platform's real tasks as target — export the current alarms to a file, purge point history older
// than N days, run a quick scene, re-sync a gateway, write a daily summary — enabled or paused, "run
// now", and "skip if still running". Every run is recorded with its trigger, times, result, log lines
// and the file it produced. The schedule lives in the database: after a restart each job keeps its next
// run, a run missed while the platform was down runs once (or is skipped, per the job), and a run cut
// short by the restart is recorded as interrupted.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Job, JobParams, JobSave, RunTrigger } from '../../../shared/api/job-types.ts';
import { cronProblem, nextRuns } from '../../../shared/validate/cron.ts';
import { ops } from '../../../shared/contract/job.ts';
import { route } from '../contract.ts';
import type { Db } from '../db.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { servicesOf } from '../services.ts';
import { langOf, translate, textsOf } from '../messages.ts';
import { deleteTenantRows, exportsDir, offsetOf, queryPage, writeSheet } from '../resource.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { formatTime } from './tasks.ts';
import { startScene } from '../linkage/linkage-engine.ts';
import { throughGateway, type Both } from '../devices/point-write.ts';
import { userExists } from '../people/user-data.ts';
import {
  dailySummaryFigures,
  dueJobs,
  enabledJobs,
  failRunningRuns,
  findJob,
  finishJobRun,
  gatewayExists,
  gatewayName,
  insertJob,
  jobLogWriter,
  jobNameTaken,
  jobRow,
  jobRuns,
  jobRunning,
  listJobs,
  markGatewayDistributed,
  openAlarmsToExport,
  purgePointHistory,
  quickSceneExists,
  quickSceneName,
  recordSkippedRun,
  runFile,
  runWithLog,
  setJobEnabled,
  setNextRun,
  startJobRun,
  updateJob,
  type JobFields,
  type JobRow,
} from './job-data.ts';

const TICK_MS = 1000;

const TEXT = {
  noJob: { zh: '任务不存在', en: 'no such job' },
  nameTaken: { zh: '任务名称已存在', en: 'a job with this name already exists' },
  noScene: { zh: '快捷场景不存在', en: 'no such quick scene' },
  noGateway: { zh: '网关不存在', en: 'no such gateway' },
  daysRequired: { zh: '请填写保留天数（1 到 3650）', en: 'enter the days to keep (1 to 3650)' },
  noRun: { zh: '运行记录不存在', en: 'no such run' },
  noFile: { zh: '该次运行没有生成文件', en: 'this run produced no file' },
  running: { zh: '上一次运行尚未结束，本次跳过', en: 'skipped: the previous run is still running' },
  interrupted: { zh: '平台重启，运行中断', en: 'interrupted by a platform restart' },
  missedSkip: { zh: '平台停止期间错过的运行，按设置跳过', en: 'missed while the platform was down; skipped as the job says' },
  started: { zh: '开始运行', en: 'run started' },
  author: { zh: '任务的创建人已不存在', en: 'the job’s author no longer exists' },
} as const satisfies Record<string, Both>;

const say = textsOf(TEXT);

/** What a run does: it writes log lines as it goes and answers its outcome (and file). */
interface RunContext {
  db: Db;
  /** The job's tenant's data: what a run reads and changes is its tenant's only. */
  data: TenantData;
  dataDir: string;
  job: JobRow;
  runId: number;
  log: (line: Both) => void;
}
type Outcome = { ok: boolean; text: Both; file?: { path: string; name: string } };

const both = (zh: string, en: string): Both => ({ zh, en });

const TARGETS: Record<JobSave['target'], (c: RunContext) => Promise<Outcome>> = {
  async exportAlarms({ data, dataDir, job, runId, log }) {
    const rows = openAlarmsToExport(data);
    log(both(`读取到 ${rows.length} 条未关闭的告警`, `${rows.length} open alarms read`));
    const name = `alarms-${formatTime(Date.now()).replace(/[: ]/g, '-')}.xlsx`;
    const path = join(exportsDir(dataDir), `job-${job.tenant_id}-${runId}-${name}`);
    await writeSheet(
      path,
      'alarms',
      [
        { key: 'time', header: 'Time' },
        { key: 'level', header: 'Level' },
        { key: 'status', header: 'Status' },
        { key: 'handle', header: 'Handling' },
        { key: 'code', header: 'Device code' },
        { key: 'device', header: 'Device' },
        { key: 'content', header: 'Content', width: 40 },
      ],
      rows.map((r) => ({
        time: formatTime(r.occurred_at as number),
        level: r.level,
        status: r.status,
        handle: r.handle_status,
        code: r.device_code,
        device: r.device_name,
        content: r.content_en || r.content_zh,
      })),
    );
    log(both(`已写入文件 ${name}`, `file ${name} written`));
    return { ok: true, text: both(`已导出 ${rows.length} 条告警`, `${rows.length} alarms exported`), file: { path, name } };
  },

  async purgeHistory({ data, job, log }) {
    const days = Math.max(1, Math.min(3650, Number((JSON.parse(job.params) as JobParams).days) || 30));
    const before = Date.now() - days * 86_400_000;
    log(both(`删除 ${formatTime(before)} 之前的历史数据`, `deleting history before ${formatTime(before)}`));
    const n = purgePointHistory(data, before);
    return { ok: true, text: both(`已删除 ${n} 条历史数据（保留 ${days} 天）`, `${n} history rows deleted (${days} days kept)`) };
  },

  async runScene({ db, data, job, log }) {
    const sceneId = Number((JSON.parse(job.params) as JobParams).sceneId);
    const scene = quickSceneName(data, sceneId);
    if (!scene) return { ok: false, text: TEXT.noScene };
    if (!userExists(data, job.created_by)) return { ok: false, text: TEXT.author };
    const task = startScene(db, job.tenant_id, job.created_by, sceneId);
    log(both(`场景“${scene.name}”已作为后台任务开始（${task.hashKey}）`, `scene “${scene.name}” started as a background task (${task.hashKey})`));
    return { ok: true, text: both(`已运行场景“${scene.name}”`, `scene “${scene.name}” started`) };
  },

  async resyncGateway({ data, job, log }) {
    const gatewayId = Number((JSON.parse(job.params) as JobParams).gatewayId);
    const gateway = gatewayName(data, gatewayId);
    if (!gateway) return { ok: false, text: TEXT.noGateway };
    log(both(`向网关“${gateway.name}”下发配置`, `distributing the configuration through “${gateway.name}”`));
    const [zh, en] = await Promise.all([throughGateway(data, gatewayId, 'zh'), throughGateway(data, gatewayId, 'en')]);
    if (zh || en) return { ok: false, text: both(zh ?? '', en ?? '') };
    const devices = markGatewayDistributed(data, gatewayId, Date.now());
    return { ok: true, text: both(`已下发，网关下 ${devices} 台设备`, `distributed; ${devices} devices behind it`) };
  },

  async dailySummary({ data, log }) {
    const since = Date.now() - 86_400_000;
    const { levels, devices, linkage } = dailySummaryFigures(data, since);
    const alarms = levels.map((l) => `${l.level} ${l.n}`).join(', ') || '0';
    log(both(`过去 24 小时告警：${alarms}`, `alarms in the past 24 h: ${alarms}`));
    log(both(`设备在线 ${devices.online ?? 0}/${devices.n}`, `devices online ${devices.online ?? 0}/${devices.n}`));
    log(both(`联动触发 ${linkage} 次`, `linkage firings: ${linkage}`));
    return { ok: true, text: both('日报已生成（见运行日志）', 'daily summary written (see the run log)') };
  },
};

export interface Scheduler {
  /** Runs every job that is due at `now` (the timer does this every second). */
  tick(now?: number): Promise<void>;
  /** Starts one run of a job now; answers the run id. */
  runNow(job: JobRow, trigger: RunTrigger): number;
  /** Resolves when every run started so far has ended (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/** The next run of a job after `from`, or null (paused, or a pattern that no longer fires). */
const nextOf = (job: Pick<JobRow, 'cron' | 'timezone' | 'enabled'>, from: number): number | null =>
  job.enabled ? (nextRuns(job.cron, job.timezone, 1, new Date(from))[0]?.getTime() ?? null) : null;

export function startScheduler(db: Db, dataDir: string, tickMs = TICK_MS): Scheduler {
  const running = new Map<number, Promise<void>>();
  const addLine = jobLogWriter(db);

  const runNow = (job: JobRow, trigger: RunTrigger): number => {
    const started = Date.now();
    // The run works one tenant: the job's.
    const data = tenantDataOf(db, job.tenant_id);
    const runId = startJobRun(data, job.id, trigger, started);
    const log = (line: Both) => addLine(runId, Date.now(), line);
    log(TEXT.started);
    const work = (async () => {
      let outcome: Outcome;
      try {
        outcome = await TARGETS[job.target]({ db, data, dataDir, job, runId, log });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        outcome = { ok: false, text: both(text, text) };
      }
      try {
        log(outcome.text);
        finishJobRun(data, runId, { at: Date.now(), ...outcome });
      } catch {
        /* the database closed under the run: the restart records it as interrupted */
      }
    })();
    running.set(runId, work);
    void work.finally(() => running.delete(runId));
    return runId;
  };

  const skip = (job: JobRow, trigger: RunTrigger, text: Both) => {
    recordSkippedRun(tenantDataOf(db, job.tenant_id), job.id, trigger, Date.now(), text);
  };
  const busy = (job: JobRow) => jobRunning(tenantDataOf(db, job.tenant_id), job.id);

  const due = (job: JobRow, trigger: RunTrigger) => {
    if (job.skip_if_running && busy(job)) skip(job, trigger, TEXT.running);
    else runNow(job, trigger);
  };

  // Start: runs cut short by the stop are recorded as interrupted; runs missed while down run once
  // (or are recorded as skipped), and every job's next run is worked out afresh from now.
  const now = Date.now();
  failRunningRuns(db, now, TEXT.interrupted);
  for (const job of enabledJobs(db)) {
    if (job.next_run_at !== null && job.next_run_at <= now) {
      if (job.missed === 'runOnce') due(job, 'catchup');
      else skip(job, 'catchup', TEXT.missedSkip);
    }
    setNextRun(db, job.id, nextOf(job, now));
  }

  let ticking = false;
  const tick = async (at = Date.now()) => {
    if (ticking) return;
    ticking = true;
    try {
      const jobs = dueJobs(db, at);
      for (const job of jobs) {
        // The next run is set before this one starts, so a slow run never makes the timer fire it twice.
        setNextRun(db, job.id, nextOf(job, at));
        due(job, 'schedule');
      }
    } finally {
      ticking = false;
    }
  };
  const timer = tickMs > 0 ? setInterval(() => void tick().catch(() => undefined), tickMs) : null;
  timer?.unref?.();

  return {
    tick,
    runNow,
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  let scheduler: Scheduler | null = null;
  servicesOf(app.atrium).scheduler = () => scheduler;
  app.addHook('onReady', async () => {
    // The scheduler walks every tenant's jobs; each run then works its job's tenant (tenantDataOf).
    scheduler = startScheduler(platformData(app, "the scheduler runs every tenant's jobs when they fall due"), config.dataDir);
  });
  app.addHook('preClose', async () => scheduler?.stop());

  /** A job the caller just saved, as answered. */
  const jobAnswer = (data: TenantData, id: number): Job => findJob(data, id)!;

  /** Checks the schedule and what the target names; answers the refusal or the cleaned params. */
  function check(request: FastifyRequest<{ Body: JobSave }>, except = 0): ReturnType<typeof failField> | JobParams {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    const problem = cronProblem(b.cron, b.timezone.trim());
    if (problem) return failField(translate(lang, problem.key, problem.params), problem.key === 'validate.cron.timeZone' ? 'timezone' : 'cron');
    if (jobNameTaken(data, b.name.trim(), except)) return failField(say(lang, 'nameTaken'), 'name');
    const p = b.params ?? {};
    switch (b.target) {
      case 'purgeHistory':
        if (!Number.isInteger(p.days) || p.days! < 1 || p.days! > 3650) return failField(say(lang, 'daysRequired'), 'days');
        return { days: p.days! };
      case 'runScene':
        if (!quickSceneExists(data, Number(p.sceneId))) return failField(say(lang, 'noScene'), 'sceneId');
        return { sceneId: Number(p.sceneId) };
      case 'resyncGateway':
        if (!gatewayExists(data, Number(p.gatewayId))) return failField(say(lang, 'noGateway'), 'gatewayId');
        return { gatewayId: Number(p.gatewayId) };
      default:
        return {};
    }
  }

  route(
    app,
    ops.page,
    async (request) => {
      return ok(listJobs(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body)));
    },
  );

  const fields = (b: JobSave, params: JobParams, nextRunAt: number | null): JobFields => ({
    name: b.name.trim(),
    cron: b.cron.trim(),
    timezone: b.timezone.trim(),
    target: b.target,
    params: JSON.stringify(params),
    enabled: b.enabled === false ? 0 : 1,
    skipIfRunning: b.skipIfRunning === false ? 0 : 1,
    missed: b.missed ?? 'runOnce',
    nextRunAt,
  });

  route(app, ops.create, async (request) => {
    const checked = check(request);
    if ('code' in checked) return checked;
    const user = userOf(request);
    const data = tenantData(request);
    const b = request.body;
    const next = nextOf({ cron: b.cron.trim(), timezone: b.timezone.trim(), enabled: b.enabled === false ? 0 : 1 }, Date.now());
    const id = insertJob(data, fields(b, checked, next), user.id);
    return ok(jobAnswer(data, id));
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!jobRow(data, id)) return fail(say(langOf(request), 'noJob'));
    const checked = check(request, id);
    if ('code' in checked) return checked;
    const b = request.body;
    const next = nextOf({ cron: b.cron.trim(), timezone: b.timezone.trim(), enabled: b.enabled === false ? 0 : 1 }, Date.now());
    updateJob(data, id, fields(b, checked, next));
    return ok(jobAnswer(data, id));
  });

  route(
    app,
    ops.enabled,
    async (request) => {
      const data = tenantData(request);
      const job = jobRow(data, request.params.id);
      if (!job) return fail(say(langOf(request), 'noJob'));
      const enabled = request.body.enabled ? 1 : 0;
      setJobEnabled(data, job.id, enabled, nextOf({ ...job, enabled }, Date.now()));
      return ok(jobAnswer(data, job.id));
    },
  );

  route(app, ops.run, async (request) => {
    const data = tenantData(request);
    const job = jobRow(data, request.params.id);
    if (!job || !scheduler) return fail(say(langOf(request), 'noJob'));
    if (job.skip_if_running && jobRunning(data, job.id)) return fail(say(langOf(request), 'running'));
    return ok({ runId: scheduler.runNow(job, 'manual') });
  });

  route(app, ops.remove, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'job', request.body.ids);
    if (deleted === null) return fail(say(langOf(request), 'noJob'));
    return ok({ deleted });
  });

  // ---- /job_detail: any signed-in user of the tenant (a public route), tenant-scoped ------------

  route(app, ops.detail, async (request) => {
    const job = findJob(tenantData(request), request.params.id);
    return job ? ok(job) : fail(say(langOf(request), 'noJob'));
  });

  route(app, ops.runs, async (request) => {
    const data = tenantData(request);
    const job = jobRow(data, request.params.id);
    if (!job) return fail(say(langOf(request), 'noJob'));
    const paging = queryPage(request.query, langOf(request), 200);
    if (typeof paging === 'string') return fail(paging);
    const { page, limit } = paging;
    return ok(jobRuns(data, job.id, limit, (page - 1) * limit));
  });

  route(app, ops.log, async (request) => {
    const found = runWithLog(tenantData(request), request.params.id, request.query.after ?? 0);
    if (!found) return fail(say(langOf(request), 'noRun'));
    return ok(found);
  });

  route(app, ops.file, async (request, reply) => {
    const run = runFile(tenantData(request), request.params.id);
    const path = run?.file_path ?? '';
    const body = path.startsWith(exportsDir(config.dataDir)) ? await readFile(path).catch(() => null) : null;
    if (!run || !body) return fail(say(langOf(request), run ? 'noFile' : 'noRun'));
    const name = run.file_name;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .send(body);
  });

};

export default plugin;
