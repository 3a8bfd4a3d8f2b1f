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
import {
  type Job,
  type JobLogLine,
  type JobParams,
  type JobRun,
  type JobSave,
  type RunTrigger,
} from '../../../shared/api/job-types.ts';
import { cronProblem, nextRuns } from '../../../shared/validate/cron.ts';
import { ops } from '../../../shared/contract/job.ts';
import { route } from '../contract.ts';
import type { Db } from '../db.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { servicesOf } from '../services.ts';
import { langOf, translate, textsOf } from '../messages.ts';
import { deleteTenantRows, exportsDir, offsetOf, queryPage, tenantNameKeyword, writeSheet } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { formatTime } from './tasks.ts';
import { startScene } from '../linkage/linkage-engine.ts';
import { throughGateway, type Both } from '../devices/point-write.ts';

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

interface JobRow {
  id: number;
  tenant_id: number;
  name: string;
  cron: string;
  timezone: string;
  target: JobSave['target'];
  params: string;
  enabled: number;
  skip_if_running: number;
  missed: JobSave['missed'];
  next_run_at: number | null;
  created_by: number;
}

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
    const rows = data.all<Record<string, string | number>>(
      `SELECT occurred_at, level, status, handle_status, device_code, device_name, content_zh, content_en FROM alarm
       WHERE tenant_id = $tenant AND status <> 'closed' ORDER BY occurred_at DESC LIMIT 100000`,
    );
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
    const n = Number(data.run('DELETE FROM point_history WHERE tenant_id = $tenant AND at < ?', before).changes);
    return { ok: true, text: both(`已删除 ${n} 条历史数据（保留 ${days} 天）`, `${n} history rows deleted (${days} days kept)`) };
  },

  async runScene({ db, data, job, log }) {
    const sceneId = Number((JSON.parse(job.params) as JobParams).sceneId);
    const scene = data.get<{ name: string }>('SELECT name FROM quick_scene WHERE id = ? AND tenant_id = $tenant', sceneId);
    if (!scene) return { ok: false, text: TEXT.noScene };
    if (!data.get('SELECT 1 FROM user WHERE id = ? AND tenant_id = $tenant', job.created_by)) return { ok: false, text: TEXT.author };
    const task = startScene(db, job.tenant_id, job.created_by, sceneId);
    log(both(`场景“${scene.name}”已作为后台任务开始（${task.hashKey}）`, `scene “${scene.name}” started as a background task (${task.hashKey})`));
    return { ok: true, text: both(`已运行场景“${scene.name}”`, `scene “${scene.name}” started`) };
  },

  async resyncGateway({ data, job, log }) {
    const gatewayId = Number((JSON.parse(job.params) as JobParams).gatewayId);
    const gateway = data.get<{ name: string }>('SELECT name FROM gateway WHERE id = ? AND tenant_id = $tenant', gatewayId);
    if (!gateway) return { ok: false, text: TEXT.noGateway };
    log(both(`向网关“${gateway.name}”下发配置`, `distributing the configuration through “${gateway.name}”`));
    const [zh, en] = await Promise.all([throughGateway(data, gatewayId, 'zh'), throughGateway(data, gatewayId, 'en')]);
    if (zh || en) return { ok: false, text: both(zh ?? '', en ?? '') };
    data.run('UPDATE gateway SET distributed_at = ? WHERE id = ? AND tenant_id = $tenant', Date.now(), gatewayId);
    const devices = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device WHERE gateway_id = ? AND tenant_id = $tenant', gatewayId)!.n;
    return { ok: true, text: both(`已下发，网关下 ${devices} 台设备`, `distributed; ${devices} devices behind it`) };
  },

  async dailySummary({ data, log }) {
    const since = Date.now() - 86_400_000;
    const levels = data.all<{ level: string; n: number }>('SELECT level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND occurred_at >= ? GROUP BY level ORDER BY level', since);
    const devices = data.get<{ online: number | null; n: number }>("SELECT SUM(status = 'online') AS online, COUNT(*) AS n FROM device WHERE tenant_id = $tenant")!;
    const linkage = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM link_record WHERE tenant_id = $tenant AND fired_at >= ?', since)!.n;
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
  const addLine = db.prepare('INSERT INTO job_log (run_id, at, text_zh, text_en) VALUES (?, ?, ?, ?)');

  const runNow = (job: JobRow, trigger: RunTrigger): number => {
    const started = Date.now();
    // The run works one tenant: the job's.
    const data = tenantDataOf(db, job.tenant_id);
    const runId = Number(data.run("INSERT INTO job_run (tenant_id, job_id, trigger, started_at, result) VALUES ($tenant, ?, ?, ?, 'running')", job.id, trigger, started).lastInsertRowid);
    const log = (line: Both) => addLine.run(runId, Date.now(), line.zh, line.en);
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
        data.run(
          'UPDATE job_run SET ended_at = ?, result = ?, message_zh = ?, message_en = ?, file_path = ?, file_name = ? WHERE id = ? AND tenant_id = $tenant',
          Date.now(),
          outcome.ok ? 'success' : 'failed',
          outcome.text.zh,
          outcome.text.en,
          outcome.file?.path ?? '',
          outcome.file?.name ?? '',
          runId,
        );
      } catch {
        /* the database closed under the run: the restart records it as interrupted */
      }
    })();
    running.set(runId, work);
    void work.finally(() => running.delete(runId));
    return runId;
  };

  const skip = (job: JobRow, trigger: RunTrigger, text: Both) => {
    const now = Date.now();
    tenantDataOf(db, job.tenant_id).run(
      "INSERT INTO job_run (tenant_id, job_id, trigger, started_at, ended_at, result, message_zh, message_en) VALUES ($tenant, ?, ?, ?, ?, 'skipped', ?, ?)",
      job.id,
      trigger,
      now,
      now,
      text.zh,
      text.en,
    );
  };
  const busy = (job: JobRow) => Boolean(tenantDataOf(db, job.tenant_id).get("SELECT 1 FROM job_run WHERE job_id = ? AND tenant_id = $tenant AND result = 'running'", job.id));

  const due = (job: JobRow, trigger: RunTrigger) => {
    if (job.skip_if_running && busy(job)) skip(job, trigger, TEXT.running);
    else runNow(job, trigger);
  };

  // Start: runs cut short by the stop are recorded as interrupted; runs missed while down run once
  // (or are recorded as skipped), and every job's next run is worked out afresh from now.
  const now = Date.now();
  db.prepare("UPDATE job_run SET result = 'failed', ended_at = ?, message_zh = ?, message_en = ? WHERE result = 'running'").run(now, TEXT.interrupted.zh, TEXT.interrupted.en);
  for (const job of db.prepare('SELECT * FROM job WHERE enabled = 1').all<JobRow>()) {
    if (job.next_run_at !== null && job.next_run_at <= now) {
      if (job.missed === 'runOnce') due(job, 'catchup');
      else skip(job, 'catchup', TEXT.missedSkip);
    }
    db.prepare('UPDATE job SET next_run_at = ? WHERE id = ?').run(nextOf(job, now), job.id);
  }

  let ticking = false;
  const tick = async (at = Date.now()) => {
    if (ticking) return;
    ticking = true;
    try {
      const jobs = db.prepare('SELECT * FROM job WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ?').all<JobRow>(at);
      for (const job of jobs) {
        // The next run is set before this one starts, so a slow run never makes the timer fire it twice.
        db.prepare('UPDATE job SET next_run_at = ? WHERE id = ?').run(nextOf(job, at), job.id);
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

/** Whether a run (job_run) left a file: its download and name are answered only then. */
const withFile = (sql: string): string => `CASE WHEN file_path <> '' THEN ${sql} END`;

/** A run as the API answers it (job_run), its message in the caller's language. */
const RUN = shape<JobRun>({
  id: col.value('id'),
  jobId: col.value('job_id'),
  trigger: col.value('trigger'),
  startedAt: col.time('started_at'),
  endedAt: col.time('ended_at'),
  result: col.value('result'),
  message: col.value('loc(message_zh, message_en)'),
  download: col.calc(withFile('id'), (id) => (id === null ? undefined : `/api/job/run/${Number(id)}/file`)),
  fileName: col.calc(withFile('file_name'), (name) => (name === null ? undefined : String(name))),
});

/** The last run of job j. */
const lastRun = (column: string): string => `(SELECT r.${column} FROM job_run r WHERE r.job_id = j.id ORDER BY r.id DESC LIMIT 1)`;

/** A job as the API answers it (job j) with its last run, read in the same statement (one query per list, not one per job). */
const JOB = shape<Job>({
  id: col.value('j.id'),
  name: col.value('j.name'),
  cron: col.value('j.cron'),
  timezone: col.value('j.timezone'),
  target: col.value('j.target'),
  params: col.json('j.params'),
  enabled: col.flag('j.enabled'),
  skipIfRunning: col.flag('j.skip_if_running'),
  missed: col.value('j.missed'),
  nextRun: col.time('j.next_run_at'),
  lastRun: col.time(lastRun('started_at')),
  lastResult: col.value(`COALESCE(${lastRun('result')}, '')`),
});

const LOG_LINE = shape<JobLogLine>({ id: col.value('id'), at: col.time('at'), text: col.value('loc(text_zh, text_en)') });

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  let scheduler: Scheduler | null = null;
  servicesOf(app.atrium).scheduler = () => scheduler;
  app.addHook('onReady', async () => {
    // The scheduler walks every tenant's jobs; each run then works its job's tenant (tenantDataOf).
    scheduler = startScheduler(platformData(app, "the scheduler runs every tenant's jobs when they fall due"), config.dataDir);
  });
  app.addHook('preClose', async () => scheduler?.stop());

  const rowOf = (data: TenantData, id: number) => data.get<JobRow>('SELECT * FROM job WHERE tenant_id = $tenant AND id = ?', id);
  /** A job of the tenant, as answered. */
  const findJob = (data: TenantData, id: number): Job | undefined => {
    const row = data.get(`SELECT ${JOB.select} FROM job j WHERE j.id = ? AND j.tenant_id = $tenant`, id);
    return row && JOB.read(row);
  };
  /** A job the caller just saved, as answered. */
  const jobAnswer = (data: TenantData, id: number): Job => findJob(data, id)!;

  /** Checks the schedule and what the target names; answers the refusal or the cleaned params. */
  function check(request: FastifyRequest<{ Body: JobSave }>, except = 0): ReturnType<typeof failField> | JobParams {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    const problem = cronProblem(b.cron, b.timezone.trim());
    if (problem) return failField(translate(lang, problem.key, problem.params), problem.key === 'validate.cron.timeZone' ? 'timezone' : 'cron');
    if (data.get('SELECT 1 FROM job WHERE tenant_id = $tenant AND name = ? AND id <> ?', b.name.trim(), except)) return failField(say(lang, 'nameTaken'), 'name');
    const p = b.params ?? {};
    switch (b.target) {
      case 'purgeHistory':
        if (!Number.isInteger(p.days) || p.days! < 1 || p.days! > 3650) return failField(say(lang, 'daysRequired'), 'days');
        return { days: p.days! };
      case 'runScene':
        if (!data.get('SELECT 1 FROM quick_scene WHERE id = ? AND tenant_id = $tenant', Number(p.sceneId))) return failField(say(lang, 'noScene'), 'sceneId');
        return { sceneId: Number(p.sceneId) };
      case 'resyncGateway':
        if (!data.get('SELECT 1 FROM gateway WHERE id = ? AND tenant_id = $tenant', Number(p.gatewayId))) return failField(say(lang, 'noGateway'), 'gatewayId');
        return { gatewayId: Number(p.gatewayId) };
      default:
        return {};
    }
  }

  route(
    app,
    ops.page,
    async (request) => {
      const data = tenantData(request);
      const { where, args } = tenantNameKeyword(request.body.keyword);
      const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job WHERE ${where}`, ...args)!.n;
      const rows = data.all(`SELECT ${JOB.select} FROM job j WHERE ${where} ORDER BY j.name LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
      return ok({ rows: JOB.all(rows), total });
    },
  );

  const values = (b: JobSave, params: JobParams) => [
    b.name.trim(),
    b.cron.trim(),
    b.timezone.trim(),
    b.target,
    JSON.stringify(params),
    b.enabled === false ? 0 : 1,
    b.skipIfRunning === false ? 0 : 1,
    b.missed ?? 'runOnce',
  ];

  route(app, ops.create, async (request) => {
    const checked = check(request);
    if ('code' in checked) return checked;
    const user = userOf(request);
    const data = tenantData(request);
    const b = request.body;
    const next = nextOf({ cron: b.cron.trim(), timezone: b.timezone.trim(), enabled: b.enabled === false ? 0 : 1 }, Date.now());
    const id = Number(
      data.run(
        'INSERT INTO job (name, cron, timezone, target, params, enabled, skip_if_running, missed, next_run_at, tenant_id, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, $tenant, ?)',
        ...values(b, checked),
        next,
        user.id,
      ).lastInsertRowid,
    );
    return ok(jobAnswer(data, id));
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!rowOf(data, id)) return fail(say(langOf(request), 'noJob'));
    const checked = check(request, id);
    if ('code' in checked) return checked;
    const b = request.body;
    const next = nextOf({ cron: b.cron.trim(), timezone: b.timezone.trim(), enabled: b.enabled === false ? 0 : 1 }, Date.now());
    data.run(
      'UPDATE job SET name = ?, cron = ?, timezone = ?, target = ?, params = ?, enabled = ?, skip_if_running = ?, missed = ?, next_run_at = ? WHERE id = ? AND tenant_id = $tenant',
      ...values(b, checked),
      next,
      id,
    );
    return ok(jobAnswer(data, id));
  });

  route(
    app,
    ops.enabled,
    async (request) => {
      const data = tenantData(request);
      const job = rowOf(data, request.params.id);
      if (!job) return fail(say(langOf(request), 'noJob'));
      const enabled = request.body.enabled ? 1 : 0;
      data.run('UPDATE job SET enabled = ?, next_run_at = ? WHERE id = ? AND tenant_id = $tenant', enabled, nextOf({ ...job, enabled }, Date.now()), job.id);
      return ok(jobAnswer(data, job.id));
    },
  );

  route(app, ops.run, async (request) => {
    const data = tenantData(request);
    const job = rowOf(data, request.params.id);
    if (!job || !scheduler) return fail(say(langOf(request), 'noJob'));
    if (job.skip_if_running && data.get("SELECT 1 FROM job_run WHERE job_id = ? AND tenant_id = $tenant AND result = 'running'", job.id)) return fail(say(langOf(request), 'running'));
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
    const job = rowOf(data, request.params.id);
    if (!job) return fail(say(langOf(request), 'noJob'));
    const paging = queryPage(request.query, langOf(request), 200);
    if (typeof paging === 'string') return fail(paging);
    const { page, limit } = paging;
    const total = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM job_run WHERE job_id = ? AND tenant_id = $tenant', job.id)!.n;
    const rows = data.all(`SELECT ${RUN.select} FROM job_run WHERE job_id = ? AND tenant_id = $tenant ORDER BY id DESC LIMIT ? OFFSET ?`, job.id, limit, (page - 1) * limit);
    return ok({ rows: RUN.all(rows), total });
  });

  const runOf = (data: TenantData, id: number) => data.get<{ id: number; file_path: string | null; file_name: string }>('SELECT id, file_path, file_name FROM job_run WHERE tenant_id = $tenant AND id = ?', id);

  route(app, ops.log, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const found = data.get(`SELECT ${RUN.select} FROM job_run WHERE tenant_id = $tenant AND id = ?`, request.params.id);
    if (!found) return fail(say(lang, 'noRun'));
    const run = RUN.read(found);
    const after = request.query.after ?? 0;
    const lines = LOG_LINE.all(data.all(`SELECT ${LOG_LINE.select} FROM job_log WHERE run_id = ? AND id > ? ORDER BY id LIMIT 1000`, run.id, after));
    return ok({ run, lines });
  });

  route(app, ops.file, async (request, reply) => {
    const run = runOf(tenantData(request), request.params.id);
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
