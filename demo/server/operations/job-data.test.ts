// The jobs' data module on its own (issue 39): its functions run on a started platform's database
// without a request, and a tenant's data sees and changes only that tenant's jobs and runs.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { finishJobRun, insertJob, jobNameTaken, jobRow, jobRunning, jobRuns, listJobs, runWithLog, setJobEnabled, startJobRun, type JobFields } from './job-data.ts';

describe('job data', () => {
  const p = usePlatform();
  const tenant = (id: number) => tenantDataOf(p.s.app.atrium.db, id);
  // Paused, no next run: the platform's scheduler never takes it.
  const fields = (name: string): JobFields => ({ name, cron: '17 3 1 1 *', timezone: 'Asia/Shanghai', target: 'dailySummary', params: '{}', enabled: 0, skipIfRunning: 1, missed: 'runOnce', nextRunAt: null });

  it("lists, finds and runs one tenant's jobs; the other tenant's data sees none of them", () => {
    const id = insertJob(tenant(2), fields('Data test job'), 1);
    expect(listJobs(tenant(2), 'Data test', 10, 0)).toMatchObject({ total: 1, rows: [{ id, name: 'Data test job', enabled: false, lastResult: '' }] });
    expect(listJobs(tenant(1), 'Data test', 10, 0)).toEqual({ rows: [], total: 0 });
    expect(jobRow(tenant(2), id)).toMatchObject({ tenant_id: 2, target: 'dailySummary' });
    expect(jobRow(tenant(1), id)).toBeUndefined();
    expect([jobNameTaken(tenant(2), 'Data test job', 0), jobNameTaken(tenant(2), 'Data test job', id), jobNameTaken(tenant(1), 'Data test job', 0)]).toEqual([true, false, false]);
    // Changing it through the other tenant's data changes nothing.
    setJobEnabled(tenant(1), id, 1, Date.now());
    expect(jobRow(tenant(2), id)).toMatchObject({ enabled: 0, next_run_at: null });

    const runId = startJobRun(tenant(2), id, 'manual', Date.now());
    expect(jobRunning(tenant(2), id)).toBe(true);
    expect(jobRunning(tenant(1), id)).toBe(false);
    expect(runWithLog(tenant(1), runId, 0)).toBeUndefined();
    finishJobRun(tenant(2), runId, { at: Date.now(), ok: true, text: { zh: '完成', en: 'done' } });
    expect(jobRunning(tenant(2), id)).toBe(false);
    expect(jobRuns(tenant(2), id, 10, 0)).toMatchObject({ total: 1, rows: [{ id: runId, result: 'success', message: '完成' }] });
    expect(jobRuns(tenant(1), id, 10, 0)).toEqual({ rows: [], total: 0 });
  });
});
