// Scheduled-job shapes shared by the console and the demo platform (SPEC §2 jobMng jobmng, public
// /job_detail): a cron schedule in a time zone, one of the platform's real tasks as its target, and
// every run recorded with its log lines and the file it produced.
import type { Static } from 'typebox';
import type * as C from '../contract/job.ts';

export const JOB_TARGETS = ['exportAlarms', 'purgeHistory', 'runScene', 'resyncGateway', 'dailySummary'] as const;
export type JobTarget = (typeof JOB_TARGETS)[number];

/** What to do with runs missed while the platform was down: run once on start, or skip them. */
export const JOB_MISSED = ['runOnce', 'skip'] as const;
export type JobMissed = (typeof JOB_MISSED)[number];

export const RUN_RESULTS = ['running', 'success', 'failed', 'skipped'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];
export const RUN_TRIGGERS = ['schedule', 'manual', 'catchup'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

// The shapes come from their declarations (shared/contract/job.ts), types only.
export type JobParams = Static<typeof C.JobParams>;
export type JobSave = Static<typeof C.JobSave>;
export type Job = Static<typeof C.Job>;
export type JobPage = Static<typeof C.JobPage>;
export type JobRun = Static<typeof C.JobRun>;
export type JobRunPage = Static<typeof C.JobRunPage>;
export type JobLogLine = Static<typeof C.JobLogLine>;
/** GET /api/job/run/:id/log?after=N: the run and its lines after line N (for live following). */
export type JobRunLog = Static<typeof C.JobRunLog>;
