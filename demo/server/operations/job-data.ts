// Scheduled jobs in the database (operations/job.ts): the jobs, their runs and log lines, what the
// scheduler reads and writes over every tenant's jobs (through the Db platformData hands it), and
// what each target reads and changes in its job's tenant.
import type { Job, JobLogLine, JobRun, JobSave, RunTrigger } from '../../../shared/api/job-types.ts';
import type { Db } from '../db.ts';
import { tenantNameKeyword } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A job as stored (job). */
export interface JobRow {
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

/** A text in both languages. */
interface Both {
  zh: string;
  en: string;
}

// ---- the scheduler (every tenant's jobs) ----------------------------------------------------------

/** Writes a run's log lines (prepared once per scheduler). */
export function jobLogWriter(db: Db): (runId: number, at: number, line: Both) => void {
  const addLine = db.prepare('INSERT INTO job_log (run_id, at, text_zh, text_en) VALUES (?, ?, ?, ?)');
  return (runId, at, line) => void addLine.run(runId, at, line.zh, line.en);
}

/** Records a run that starts now; answers its id. */
export const startJobRun = (data: TenantData, jobId: number, trigger: RunTrigger, startedAt: number): number =>
  Number(data.run("INSERT INTO job_run (tenant_id, job_id, trigger, started_at, result) VALUES ($tenant, ?, ?, ?, 'running')", jobId, trigger, startedAt).lastInsertRowid);

/** Records how a run ended. */
export function finishJobRun(data: TenantData, runId: number, end: { at: number; ok: boolean; text: Both; file?: { path: string; name: string } }): void {
  data.run(
    'UPDATE job_run SET ended_at = ?, result = ?, message_zh = ?, message_en = ?, file_path = ?, file_name = ? WHERE id = ? AND tenant_id = $tenant',
    end.at,
    end.ok ? 'success' : 'failed',
    end.text.zh,
    end.text.en,
    end.file?.path ?? '',
    end.file?.name ?? '',
    runId,
  );
}

/** Records a run that was skipped, with why. */
export function recordSkippedRun(data: TenantData, jobId: number, trigger: RunTrigger, at: number, text: Both): void {
  data.run(
    "INSERT INTO job_run (tenant_id, job_id, trigger, started_at, ended_at, result, message_zh, message_en) VALUES ($tenant, ?, ?, ?, ?, 'skipped', ?, ?)",
    jobId,
    trigger,
    at,
    at,
    text.zh,
    text.en,
  );
}

/** Whether a run of the job is still running. */
export const jobRunning = (data: TenantData, jobId: number): boolean =>
  Boolean(data.get("SELECT 1 FROM job_run WHERE job_id = ? AND tenant_id = $tenant AND result = 'running'", jobId));

/** On start: every run still marked running (of every tenant) was cut short; record it as failed with why. */
export function failRunningRuns(db: Db, at: number, text: Both): void {
  db.prepare("UPDATE job_run SET result = 'failed', ended_at = ?, message_zh = ?, message_en = ? WHERE result = 'running'").run(at, text.zh, text.en);
}

/** Every enabled job of every tenant. */
export const enabledJobs = (db: Db): JobRow[] => db.prepare('SELECT * FROM job WHERE enabled = 1').all<JobRow>();

/** Every enabled job (of every tenant) whose next run is due at `at`. */
export const dueJobs = (db: Db, at: number): JobRow[] => db.prepare('SELECT * FROM job WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ?').all<JobRow>(at);

/** Sets a job's next run (null: none). */
export const setNextRun = (db: Db, jobId: number, next: number | null): void => void db.prepare('UPDATE job SET next_run_at = ? WHERE id = ?').run(next, jobId);

// ---- what the targets read and change (the job's tenant) -------------------------------------------

/** The tenant's alarms that are not closed, newest first (at most 100000), as the export writes them. */
export const openAlarmsToExport = (data: TenantData): Array<Record<string, string | number>> =>
  data.all<Record<string, string | number>>(
    `SELECT occurred_at, level, status, handle_status, device_code, device_name, content_zh, content_en FROM alarm
       WHERE tenant_id = $tenant AND status <> 'closed' ORDER BY occurred_at DESC LIMIT 100000`,
  );

/** Deletes the tenant's point history older than `before`; answers how many rows went. */
export const purgePointHistory = (data: TenantData, before: number): number => Number(data.run('DELETE FROM point_history WHERE tenant_id = $tenant AND at < ?', before).changes);

export const quickSceneName = (data: TenantData, id: number): { name: string } | undefined => data.get<{ name: string }>('SELECT name FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id);

export const quickSceneExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id));

export const gatewayName = (data: TenantData, id: number): { name: string } | undefined => data.get<{ name: string }>('SELECT name FROM gateway WHERE id = ? AND tenant_id = $tenant', id);

export const gatewayExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM gateway WHERE id = ? AND tenant_id = $tenant', id));

/** Records that a gateway's configuration was distributed at `at`; answers how many devices sit behind it. */
export function markGatewayDistributed(data: TenantData, id: number, at: number): number {
  data.run('UPDATE gateway SET distributed_at = ? WHERE id = ? AND tenant_id = $tenant', at, id);
  return data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device WHERE gateway_id = ? AND tenant_id = $tenant', id)!.n;
}

/** The daily summary's figures since `since`: alarms by level, devices online, linkage firings. */
export function dailySummaryFigures(data: TenantData, since: number): { levels: Array<{ level: string; n: number }>; devices: { online: number | null; n: number }; linkage: number } {
  const levels = data.all<{ level: string; n: number }>('SELECT level, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND occurred_at >= ? GROUP BY level ORDER BY level', since);
  const devices = data.get<{ online: number | null; n: number }>("SELECT SUM(status = 'online') AS online, COUNT(*) AS n FROM device WHERE tenant_id = $tenant")!;
  const linkage = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM link_record WHERE tenant_id = $tenant AND fired_at >= ?', since)!.n;
  return { levels, devices, linkage };
}

// ---- the API's jobs and runs ------------------------------------------------------------------------

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

/** A job of the tenant as stored. */
export const jobRow = (data: TenantData, id: number): JobRow | undefined => data.get<JobRow>('SELECT * FROM job WHERE tenant_id = $tenant AND id = ?', id);

/** A job of the tenant, as answered. */
export function findJob(data: TenantData, id: number): Job | undefined {
  const row = data.get(`SELECT ${JOB.select} FROM job j WHERE j.id = ? AND j.tenant_id = $tenant`, id);
  return row && JOB.read(row);
}

/** Whether another job of the tenant (not `exceptId`; 0 for none) has this name. */
export const jobNameTaken = (data: TenantData, name: string, exceptId: number): boolean => Boolean(data.get('SELECT 1 FROM job WHERE tenant_id = $tenant AND name = ? AND id <> ?', name, exceptId));

/** One page of the tenant's jobs by name, a keyword matching the name. */
export function listJobs(data: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: Job[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job WHERE ${where}`, ...args)!.n;
  const rows = data.all(`SELECT ${JOB.select} FROM job j WHERE ${where} ORDER BY j.name LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: JOB.all(rows), total };
}

/** A job's saved fields, as stored. */
export interface JobFields {
  name: string;
  cron: string;
  timezone: string;
  target: JobSave['target'];
  /** JSON. */
  params: string;
  enabled: number;
  skipIfRunning: number;
  missed: NonNullable<JobSave['missed']>;
  nextRunAt: number | null;
}

const fieldValues = (f: JobFields): Array<string | number | null> => [f.name, f.cron, f.timezone, f.target, f.params, f.enabled, f.skipIfRunning, f.missed, f.nextRunAt];

/** Creates a job; answers its id. */
export const insertJob = (data: TenantData, f: JobFields, createdBy: number): number =>
  Number(
    data.run(
      'INSERT INTO job (name, cron, timezone, target, params, enabled, skip_if_running, missed, next_run_at, tenant_id, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, $tenant, ?)',
      ...fieldValues(f),
      createdBy,
    ).lastInsertRowid,
  );

export function updateJob(data: TenantData, id: number, f: JobFields): void {
  data.run(
    'UPDATE job SET name = ?, cron = ?, timezone = ?, target = ?, params = ?, enabled = ?, skip_if_running = ?, missed = ?, next_run_at = ? WHERE id = ? AND tenant_id = $tenant',
    ...fieldValues(f),
    id,
  );
}

/** Pauses or resumes a job with its next run. */
export function setJobEnabled(data: TenantData, id: number, enabled: number, next: number | null): void {
  data.run('UPDATE job SET enabled = ?, next_run_at = ? WHERE id = ? AND tenant_id = $tenant', enabled, next, id);
}

/** One page of a job's runs, newest first. */
export function jobRuns(data: TenantData, jobId: number, limit: number, offset: number): { rows: JobRun[]; total: number } {
  const total = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM job_run WHERE job_id = ? AND tenant_id = $tenant', jobId)!.n;
  const rows = data.all(`SELECT ${RUN.select} FROM job_run WHERE job_id = ? AND tenant_id = $tenant ORDER BY id DESC LIMIT ? OFFSET ?`, jobId, limit, offset);
  return { rows: RUN.all(rows), total };
}

/** A run of the tenant with its log lines after line `after` (at most 1000), or undefined. */
export function runWithLog(data: TenantData, runId: number, after: number): { run: JobRun; lines: JobLogLine[] } | undefined {
  const found = data.get(`SELECT ${RUN.select} FROM job_run WHERE tenant_id = $tenant AND id = ?`, runId);
  if (!found) return undefined;
  const run = RUN.read(found);
  const lines = LOG_LINE.all(data.all(`SELECT ${LOG_LINE.select} FROM job_log WHERE run_id = ? AND id > ? ORDER BY id LIMIT 1000`, run.id, after));
  return { run, lines };
}

/** A run's file as stored ('' when it left none). */
export const runFile = (data: TenantData, id: number): { id: number; file_path: string | null; file_name: string } | undefined =>
  data.get<{ id: number; file_path: string | null; file_name: string }>('SELECT id, file_path, file_name FROM job_run WHERE tenant_id = $tenant AND id = ?', id);
