// Scheduled-job shapes shared by the console and the demo platform (SPEC §2 jobMng jobmng, public
// /job_detail): a cron schedule in a time zone, one of the platform's real tasks as its target, and
// every run recorded with its log lines and the file it produced.

export const JOB_TARGETS = ['exportAlarms', 'purgeHistory', 'runScene', 'resyncGateway', 'dailySummary'] as const;
export type JobTarget = (typeof JOB_TARGETS)[number];

/** What to do with runs missed while the platform was down: run once on start, or skip them. */
export const JOB_MISSED = ['runOnce', 'skip'] as const;
export type JobMissed = (typeof JOB_MISSED)[number];

export interface JobParams {
  /** purgeHistory: keep this many days (1–3650). */
  days?: number;
  /** runScene */
  sceneId?: number;
  /** resyncGateway */
  gatewayId?: number;
}

export interface JobSave {
  name: string;
  cron: string;
  timezone: string;
  target: JobTarget;
  params: JobParams;
  enabled: boolean;
  /** Concurrency: a run due while the previous one still runs is skipped (recorded as skipped). */
  skipIfRunning: boolean;
  missed: JobMissed;
}

export const RUN_RESULTS = ['running', 'success', 'failed', 'skipped'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];
export const RUN_TRIGGERS = ['schedule', 'manual', 'catchup'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export interface Job extends JobSave {
  id: number;
  /** YYYY-MM-DD HH:mm:ss in the platform's zone, '' when paused. */
  nextRun: string;
  lastRun: string;
  lastResult: RunResult | '';
}
export interface JobPage {
  rows: Job[];
  total: number;
}

export interface JobRun {
  id: number;
  jobId: number;
  trigger: RunTrigger;
  startedAt: string;
  endedAt: string;
  result: RunResult;
  message: string;
  /** The API path that downloads the run's file (token in the header), when it produced one. */
  download?: string;
  fileName?: string;
}
export interface JobRunPage {
  rows: JobRun[];
  total: number;
}
export interface JobLogLine {
  id: number;
  at: string;
  text: string;
}
/** GET /api/job/run/:id/log?after=N: the run and its lines after line N (for live following). */
export interface JobRunLog {
  run: JobRun;
  lines: JobLogLine[];
}
