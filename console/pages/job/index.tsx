// Scheduled jobs (jobMng jobmng) on the resource kit: name, a cron expression whose next five runs are
// shown while it is typed (in the job's time zone, the browser's by default), the task it runs with
// that task's own parameter, paused or scheduled, "skip while running" and what to do with runs missed
// while the platform was down. From a row: run now, pause or resume, and its runs on /job_detail.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listGateways } from '../../../shared/api/device.ts';
import { createJob, deleteJobs, listJobs, runJob, setJobEnabled, updateJob } from '../../../shared/api/job.ts';
import { JOB_MISSED, JOB_TARGETS, type Job, type JobSave, type JobTarget } from '../../../shared/api/job-types.ts';
import { listScenes } from '../../../shared/api/linkage.ts';
import { browserZone, dateTimeTextIn } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { cronProblem, nextRuns } from '../../../shared/validate/cron.ts';
import { jobSchema } from '../../../shared/validate/job.ts';
import { defineForm, defineResource, ResourcePage, type Env, type FormValues, type Option, text } from '../../resource/index.ts';
import './texts.ts';

const toast = (key: string, name: string) => notify({ kind: 'toast', level: 'success', duration: 2500, key, params: { name } });

const is = (target: JobTarget) => (v: FormValues) => text(v.target) === target;

const preview = (v: FormValues, { t }: Env<JobPageState>) => {
  const zone = text(v.timezone) || browserZone();
  const cron = text(v.cron);
  if (!cron) return t('jobs.cronHelp');
  if (cronProblem(cron, zone)) return null;
  return t('jobs.nextRuns', { zone, times: nextRuns(cron, zone, 5).map((d) => dateTimeTextIn(d, zone)).join(', ') });
};

/** What the job list reaches on the page: the scenes and gateways its form offers, and navigation to a job's runs. */
interface JobPageState {
  scenes: readonly Option[];
  gateways: readonly Option[];
  navigate: (to: string) => void;
}

/** The job form declared once: each field with jobSchema's rule and its initial value; the task's own parameter goes into `params`. */
export const jobForm = defineForm<Job, JobPageState>({
  saves: { create: 'job.create', update: 'job.update' },
  wide: true,
  fields: (_row, { page }) => [
    { kind: 'text', name: 'name', labelKey: 'jobs.field.name', rules: jobSchema.name, initial: (j) => j?.name ?? '' },
    { kind: 'text', name: 'cron', labelKey: 'jobs.field.cron', rules: jobSchema.cron, initial: (j) => j?.cron ?? '' },
    { kind: 'text', name: 'timezone', labelKey: 'jobs.field.timezone', rules: jobSchema.timezone, initial: (j) => j?.timezone ?? browserZone() },
    { kind: 'select', name: 'target', labelKey: 'jobs.field.target', options: JOB_TARGETS.map((k) => ({ value: k, labelKey: `jobs.target.${k}` })), rules: jobSchema.target, initial: (j) => j?.target ?? 'exportAlarms' },
    { kind: 'text', name: 'days', labelKey: 'jobs.field.days', visible: is('purgeHistory'), rules: jobSchema.days, initial: (j) => String(j?.params.days ?? 30), as: 'number' },
    { kind: 'select', name: 'sceneId', labelKey: 'jobs.field.scene', options: page.scenes, visible: is('runScene'), initial: (j) => (j?.params.sceneId ? String(j.params.sceneId) : ''), as: 'number' },
    { kind: 'select', name: 'gatewayId', labelKey: 'jobs.field.gateway', options: page.gateways, visible: is('resyncGateway'), initial: (j) => (j?.params.gatewayId ? String(j.params.gatewayId) : ''), as: 'number' },
    { kind: 'select', name: 'missed', labelKey: 'jobs.field.missed', options: JOB_MISSED.map((k) => ({ value: k, labelKey: `jobs.missed.${k}` })), initial: (j) => j?.missed ?? 'runOnce' },
    { kind: 'checkbox', name: 'skipIfRunning', labelKey: 'jobs.field.skipIfRunning', initial: (j) => j?.skipIfRunning ?? true },
    { kind: 'checkbox', name: 'enabled', labelKey: 'jobs.status.enabled', initial: (j) => j?.enabled ?? true },
  ],
  hints: { cron: preview },
  save: async ({ days, sceneId, gatewayId, ...rest }, j) => {
    // Only the chosen task's own parameter is sent.
    const params = rest.target === 'purgeHistory' ? { days } : rest.target === 'runScene' ? { sceneId } : rest.target === 'resyncGateway' ? { gatewayId } : {};
    const body = { ...rest, params } as JobSave;
    await (j ? updateJob(http, j.id, body) : createJob(http, body));
  },
});

export const jobResource = defineResource<Job, JobPageState>({
  id: 'job',
  operation: 'job.page',
  titleKey: 'jobs.title',
  rowKey: (j) => j.id,
  rowName: (j) => j.name,
  columns: [
    { id: 'name', headerKey: 'jobs.field.name', field: 'name' },
    { id: 'cron', headerKey: 'jobs.field.cron', field: 'cron', cell: (j) => <code>{j.cron}</code> },
    { id: 'target', headerKey: 'jobs.field.target', field: 'target', cell: (j, { t }) => t(`jobs.target.${j.target}`) },
    { id: 'next', headerKey: 'jobs.field.nextRun', field: 'nextRun', cell: (j) => <span data-next-run>{j.nextRun || '—'}</span> },
    { id: 'last', headerKey: 'jobs.field.lastRun', field: ['lastRun', 'lastResult'], cell: (j, { t }) => (j.lastRun ? `${j.lastRun} · ${t(`jobs.result.${j.lastResult}`)}` : '—') },
    { id: 'enabled', headerKey: 'jobs.field.enabled', field: 'enabled', cell: (j, { t }) => <span data-enabled={j.enabled}>{t(j.enabled ? 'jobs.status.enabled' : 'jobs.status.paused')}</span> },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'jobs.field.keyword' }],
  list: (q, signal) => listJobs(http, { page: q.page, limit: q.limit, ...(text(q.filters.keyword as string) ? { keyword: text(q.filters.keyword as string) } : {}) }, signal),
  form: jobForm,
  remove: (rows) => deleteJobs(http, rows.map((j) => j.id)),
  rowActions: [
    {
      key: 'run',
      labelKey: 'jobs.runNow',
      run: async (j, reload) => {
        await runJob(http, j.id);
        toast('jobs.started', j.name);
        reload();
      },
    },
    {
      key: 'toggle',
      labelKey: 'jobs.pause',
      show: (j) => j.enabled,
      run: async (j, reload) => {
        await setJobEnabled(http, j.id, false);
        toast('jobs.paused', j.name);
        reload();
      },
    },
    {
      key: 'toggle',
      labelKey: 'jobs.resume',
      show: (j) => !j.enabled,
      run: async (j, reload) => {
        await setJobEnabled(http, j.id, true);
        toast('jobs.resumed', j.name);
        reload();
      },
    },
    { key: 'detail', labelKey: 'jobs.detail', run: (j, _reload, { page }) => page.navigate(`/job_detail?id=${j.id}`) },
  ],
});

export default function JobPage() {
  const navigate = useNavigate();
  const [scenes, setScenes] = useState<Option[]>([]);
  const [gateways, setGateways] = useState<Option[]>([]);
  useEffect(() => {
    listScenes(http, { page: 1, limit: 1000 }).then((p) => setScenes(p.rows.map((s) => ({ value: String(s.id), label: s.name }))), () => undefined);
    listGateways(http, { limit: 1000 }, { quiet: true }).then((p) => setGateways(p.rows.map((g) => ({ value: String(g.id), label: `${g.code} ${g.name}` }))), () => undefined);
  }, []);

  const def = jobResource;

  return (
    <div data-page="job">
      <ResourcePage def={def} page={{ scenes, gateways, navigate }} />
    </div>
  );
}
