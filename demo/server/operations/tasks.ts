// Background tasks with real progress (SPEC §3 "Progress item"): any domain starts one with
// startTask(db, tenantId, userId, title, work); the work reports as it goes, the progress table keeps
// the state per tenant and user, and GET /api/admin/progress (routes/progress.ts) lists it.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { endRunningTasks, insertProgress, progressWrites, runningTaskCount, taskId, type ProgressWrites } from './tasks-data.ts';
import { PROGRESS_DONE, PROGRESS_FAILED, PROGRESS_RUNNING, type ProgressKey } from '../../../shared/api/progress-types.ts';
import { dateTimeText } from '../../../shared/forms/date-text.ts';

/** A text in both languages; a plain string is shown as is in either. */
export type TaskText = string | { zh: string; en: string };

/** Throw this from a task's work to fail it with a readable reason. */
export class TaskFailure extends Error {
  readonly text: { zh: string; en: string };
  /** A file that explains the failure (an import's per-row error report). */
  readonly file: TaskFile | null;
  constructor(text: { zh: string; en: string }, file: TaskFile | null = null) {
    super(text.en);
    this.text = text;
    this.file = file;
  }
}

export interface Progress {
  current: number;
  /** Set once known (e.g. after counting the rows of an import). */
  total?: number;
  msg?: TaskText;
}

export type Report = (progress: Progress) => void;
/** A file a task produced: where it lies (inside the data folder) and the name a download gets. */
export interface TaskFile {
  path: string;
  name: string;
}
/** What finished work answers: the detail to show, and optionally the file it produced. */
export type TaskOutcome = TaskText | { text: TaskText; file: TaskFile };
/** The task's work: report as it goes; stop early when `signal` aborts; answer the detail to show. */
export type TaskWork = (report: Report, signal: AbortSignal) => Promise<TaskOutcome | void>;

export interface TaskOptions {
  /** The kind of task, shown as the item's key ('cameraExport', 'deviceImport'…). */
  key?: string;
  total?: number;
}

const TEXT = {
  interrupted: { zh: '服务重启，任务已中断', en: 'interrupted by a server restart' },
  stopped: { zh: '服务停止，任务已中断', en: 'stopped with the server' },
  cancelled: { zh: '已取消，其余步骤未执行', en: 'cancelled; the remaining steps did not run' },
} as const;

/** Progress is written at most this often per task; the first and last reports always land. */
const WRITE_EVERY_MS = 200;

interface Runner {
  running: Map<number, AbortController>;
  writes: ProgressWrites;
}

const runners = new WeakMap<Db, Runner>();

function runnerOf(db: Db): Runner {
  let runner = runners.get(db);
  if (!runner) {
    runner = { running: new Map(), writes: progressWrites(db) };
    runners.set(db, runner);
  }
  return runner;
}

const split = (text: TaskText | undefined): [string, string] =>
  text === undefined ? ['', ''] : typeof text === 'string' ? [text, text] : [text.zh, text.en];

/** YYYY-MM-DD HH:mm:ss in the server's time zone (SPEC §9 time format); '' for none. */
export const formatTime = (ms: number | null): string => (ms === null ? '' : dateTimeText(ms));

/** Starts `work` in the background for this user and answers the progress item's key at once. */
export function startTask(db: Db, tenantId: number, userId: number, title: TaskText, work: TaskWork, options: TaskOptions = {}): ProgressKey {
  const runner = runnerOf(db);
  const key = options.key ?? 'task';
  const hashKey = randomBytes(8).toString('hex');
  const started = Date.now();
  const id = insertProgress(tenantDataOf(db, tenantId), {
    userId,
    key,
    hashKey,
    title: typeof title === 'string' ? title : title.zh,
    titleEn: typeof title === 'string' ? '' : title.en,
    startedAt: started,
    total: Math.max(0, Math.floor(options.total ?? 0)),
    status: PROGRESS_RUNNING,
  });
  const abort = new AbortController();
  runner.running.set(id, abort);
  const state = { current: 0, total: Math.max(0, Math.floor(options.total ?? 0)), msg: ['', ''] as [string, string], written: 0 };
  let pending: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    if (pending) clearTimeout(pending);
    pending = null;
    if (abort.signal.aborted) return;
    state.written = Date.now();
    runner.writes.update(id, state.current, state.total, state.msg);
  };

  const report: Report = (progress) => {
    if (abort.signal.aborted) return;
    state.current = Math.max(0, Math.floor(progress.current));
    if (progress.total !== undefined) state.total = Math.max(0, Math.floor(progress.total));
    if (progress.msg !== undefined) state.msg = split(progress.msg);
    const wait = state.written + WRITE_EVERY_MS - Date.now();
    if (wait <= 0) write();
    // Many reports in a burst become one write a moment later, so the stored state is never stale for long.
    else pending ??= setTimeout(write, wait);
  };

  const settle = (status: number, msg: [string, string], file: TaskFile | null = null) => {
    runner.running.delete(id);
    if (pending) clearTimeout(pending);
    try {
      runner.writes.finish(id, status, Date.now(), state.current, state.total, msg, file);
    } catch {
      /* the database closed with the server: the restart marks the task interrupted */
    }
  };

  // A microtask later, so the caller has answered before the work's first report.
  void Promise.resolve()
    .then(() => work(report, abort.signal))
    .then(
      (outcome) => {
        if (abort.signal.aborted) return;
        // Finished work is complete even if the last report did not say so.
        if (state.total > 0) state.current = state.total;
        if (outcome && typeof outcome === 'object' && 'file' in outcome) settle(PROGRESS_DONE, split(outcome.text), outcome.file);
        else settle(PROGRESS_DONE, split(outcome ?? undefined));
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const text: TaskText = error instanceof TaskFailure ? error.text : error instanceof Error ? error.message : String(error);
        settle(PROGRESS_FAILED, split(text), error instanceof TaskFailure ? error.file : null);
      },
    );
  return { key, hashKey };
}

/** How many tasks of this user are running (to refuse starting an unbounded number). */
export function runningCount(db: Db, tenantId: number, userId: number): number {
  return runningTaskCount(tenantDataOf(db, tenantId), userId);
}

/** Stops one running task of this user (its work sees the abort and does no further step); false when none. */
export function cancelTask(db: Db, tenantId: number, userId: number, key: string, hashKey: string): boolean {
  const id = taskId(tenantDataOf(db, tenantId), userId, key, hashKey, PROGRESS_RUNNING);
  if (id === undefined) return false;
  const runner = runnerOf(db);
  runner.running.get(id)?.abort();
  runner.running.delete(id);
  runner.writes.halt(id, PROGRESS_FAILED, Date.now(), [TEXT.cancelled.zh, TEXT.cancelled.en]);
  return true;
}

/** On start: tasks that were running when the server went down did not finish. */
export function markInterrupted(db: Db): void {
  endRunningTasks(db, PROGRESS_FAILED, Date.now(), [TEXT.interrupted.zh, TEXT.interrupted.en]);
}

/** On close: stop every running task of this database and record why. */
export function stopTasks(db: Db): void {
  const runner = runners.get(db);
  if (!runner) return;
  for (const [id, abort] of runner.running) {
    abort.abort();
    runner.writes.halt(id, PROGRESS_FAILED, Date.now(), [TEXT.stopped.zh, TEXT.stopped.en]);
  }
  runner.running.clear();
}
