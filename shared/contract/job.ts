// Scheduled jobs (SPEC §2 jobMng jobmng, the public /job_detail page): a cron schedule in a time zone,
// one of the platform's real tasks as its target, every run recorded with its log lines and its file.
import Type from 'typebox';
import { JOB_MISSED, JOB_TARGETS, RUN_RESULTS, RUN_TRIGGERS } from '../api/job-types.ts';
import { LENGTHS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, MAX_ID, MAX_PAGE, OneOf, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Scheduled jobs';

export const JobParams = Strict(
  {
    days: Type.Optional(Int(1, 3650, { description: 'purgeHistory: keep this many days (1–3650)' })),
    sceneId: Type.Optional(Int(0, MAX_ID, { description: "runScene: one of the tenant's quick scenes (0: none chosen, refused)" })),
    gatewayId: Type.Optional(Int(0, MAX_ID, { description: "resyncGateway: one of the tenant's gateways (0: none chosen, refused)" })),
  },
  { description: 'What the target needs; the rest is dropped' },
);

const jobFields = {
  name: Text(LENGTHS.name[0], LENGTHS.name[1], { description: 'Unique within the tenant' }),
  cron: Text(1, 120, { description: 'Five fields (minute hour day month weekday); at most once a minute, and it must fire' }),
  timezone: Text(1, 64, { description: 'An IANA time zone (Asia/Shanghai)' }),
  target: OneOf(JOB_TARGETS),
};

export const JobSave = Strict({
  ...jobFields,
  params: Type.Optional(JobParams),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  skipIfRunning: Type.Optional(Type.Boolean({ description: 'A run due while the previous one still runs is skipped (recorded as skipped); default true' })),
  missed: Type.Optional(OneOf(JOB_MISSED, { description: 'Runs missed while the platform was down: run once on start (default) or skip them' })),
});

export const Job = Strict({
  id: Id(),
  name: Type.String(),
  cron: Type.String(),
  timezone: Type.String(),
  target: OneOf(JOB_TARGETS),
  params: JobParams,
  enabled: Type.Boolean(),
  skipIfRunning: Type.Boolean(),
  missed: OneOf(JOB_MISSED),
  nextRun: Time({ description: "In the platform's zone, '' when paused" }),
  lastRun: Time(),
  lastResult: Type.Union([OneOf(RUN_RESULTS), Type.Literal('')]),
});

export const JobPage = PageOf(Job);

export const JobRun = Strict({
  id: Id(),
  jobId: Id(),
  trigger: OneOf(RUN_TRIGGERS),
  startedAt: Time(),
  endedAt: Time(),
  result: OneOf(RUN_RESULTS),
  message: Type.String(),
  download: Type.Optional(Type.String({ description: "The API path that downloads the run's file (token in the header), when it produced one" })),
  fileName: Type.Optional(Type.String()),
});

export const JobRunPage = PageOf(JobRun);
export const JobLogLine = Strict({ id: Id(), at: Time(), text: Type.String({ description: "In the caller's language" }) });
export const JobRunLog = Strict({ run: JobRun, lines: Type.Array(JobLogLine, { maxItems: 1000 }) });

const sampleSave = { name: 'Alarm export', cron: '0 6 * * *', timezone: 'Asia/Shanghai', target: 'exportAlarms', params: {}, enabled: true, skipIfRunning: true, missed: 'runOnce' };
const sample = { id: 1, ...sampleSave, nextRun: '2026-05-02 06:00:00', lastRun: '', lastResult: '' };
const sampleRun = { id: 7, jobId: 1, trigger: 'manual', startedAt: '2026-05-01 08:00:00', endedAt: '2026-05-01 08:00:02', result: 'success', message: '12 alarms exported', download: '/api/job/run/7/file', fileName: 'alarms-20260501.xlsx' };

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/job/page',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: "The tenant's jobs by name, paged",
    description: 'With each its next run and its last run and result.',
    body: PageQueryOf({ keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })) }),
    data: JobPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sample], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/job',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: 'Adds a scheduled job',
    description:
      "Refused for a cron expression that is not valid, never fires or fires more than once a minute, an unknown time zone, a name in use, or what the target needs missing or not the tenant's (days, scene, gateway); the refusal names the field.",
    body: JobSave,
    data: Job,
    examples: { body: sampleSave, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/job/:id',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: 'Changes a scheduled job (its next run follows the new schedule)',
    description: "The same checks as adding; refused when the job is not the tenant's.",
    params: IdParams,
    body: JobSave,
    data: Job,
    examples: { params: { id: 1 }, body: sampleSave, data: sample },
  }),
  enabled: operation({
    method: 'POST',
    path: '/api/job/:id/enabled',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: 'Pauses or resumes a job',
    description: "A paused job has no next run. Refused when the job is not the tenant's.",
    params: IdParams,
    body: Strict({ enabled: Type.Boolean() }),
    data: Job,
    examples: { params: { id: 1 }, body: { enabled: false }, data: { ...sample, enabled: false, nextRun: '' } },
  }),
  run: operation({
    method: 'POST',
    path: '/api/job/:id/run',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: 'Runs a job now',
    description: "Takes no body. Refused when the job is not the tenant's, or when it skips while running and a run is still going.",
    params: IdParams,
    data: Strict({ runId: Id() }),
    examples: { params: { id: 1 }, data: { runId: 7 } },
  }),
  remove: operation({
    method: 'POST',
    path: '/api/job/delete',
    rights: { menu: 'jobMng' },
    tag: TAG,
    summary: 'Deletes jobs with their runs',
    description: "All or none: an id that is not the tenant's refuses the request and nothing is deleted.",
    body: Strict({ ids: Ids() }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  detail: operation({
    method: 'GET',
    path: '/api/job/:id',
    rights: 'user',
    tag: TAG,
    summary: 'One job (the /job_detail page)',
    description: "Any signed-in user of the tenant; refused when the job is not the tenant's.",
    params: IdParams,
    data: Job,
    examples: { params: { id: 1 }, data: sample },
  }),
  runs: operation({
    method: 'GET',
    path: '/api/job/:id/runs',
    rights: 'user',
    tag: TAG,
    summary: "A job's runs, newest first, paged",
    description: "Any signed-in user of the tenant; refused when the job is not the tenant's.",
    params: IdParams,
    query: Strict({ page: Type.Optional(Int(1, MAX_PAGE, { description: 'Default 1' })), limit: Type.Optional(Int(1, 200, { description: 'Default 20, at most 200' })) }),
    data: JobRunPage,
    examples: { params: { id: 1 }, query: { page: 1, limit: 20 }, data: { rows: [sampleRun], total: 1 } },
  }),
  log: operation({
    method: 'GET',
    path: '/api/job/run/:id/log',
    rights: 'user',
    tag: TAG,
    summary: 'A run and its log lines after a line (for live following)',
    description: "At most 1000 lines at a time, in the caller's language. Refused when the run is not the tenant's.",
    params: IdParams,
    query: Strict({ after: Type.Optional(Int(0, MAX_ID, { description: 'The id of the last line seen (default 0: from the start)' })) }),
    data: JobRunLog,
    examples: { params: { id: 7 }, query: { after: 0 }, data: { run: sampleRun, lines: [{ id: 1, at: '2026-05-01 08:00:00', text: 'run started' }] } },
  }),
  file: operation({
    method: 'GET',
    path: '/api/job/run/:id/file',
    rights: 'user',
    tag: TAG,
    summary: "A run's file (an xlsx spreadsheet)",
    description: "Answers the file itself, not an envelope, as an attachment. Refused with an envelope when the run is not the tenant's or produced no file.",
    params: IdParams,
    data: Type.Never({ description: 'On success the answer is the file, not an envelope' }),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    examples: { params: { id: 7 } },
  }),
};
