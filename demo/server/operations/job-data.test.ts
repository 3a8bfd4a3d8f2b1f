// The operations domain's data modules on their own (issue 39): jobs, the operation log, progress
// items and client errors. The jobs' data module: its functions run on a started platform's database
// without a request, and a tenant's data sees and changes only that tenant's jobs and runs.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { insertClientError, listClientErrors } from './client-error-data.ts';
import { opLogChain, opLogCount, listOpLogs } from './op-log-data.ts';
import { deleteFinishedTasks, finishedTaskFile, progressItems } from './progress-data.ts';
import { insertProgress, runningTaskCount } from './tasks-data.ts';
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

  it("keeps the operation log, progress items and client errors in their tenant", () => {
    // The platform's start signed both admins in: each tenant's chain holds its own records only.
    const chain = (tenantId: number) => opLogChain(tenant(tenantId)).map((r) => r.record.username);
    expect(chain(1)).toContain('admin');
    expect(chain(1)).not.toContain('admin2');
    expect(chain(2)).toContain('admin2');
    expect(opLogCount(tenant(2))).toBe(chain(2).length);
    expect(listOpLogs(tenant(2), { username: 'admin' }, 100, 0).rows.map((r) => r.username)).toEqual(expect.arrayContaining(['admin2']));
    expect(listOpLogs(tenant(2), { username: 'admin' }, 100, 0).rows.every((r) => r.username !== 'admin')).toBe(true);

    insertProgress(tenant(2), { userId: 1, key: 'dataTest', hashKey: 'h-data', title: '数据', titleEn: 'Data', startedAt: Date.now(), total: 3, status: 2 });
    expect(progressItems(tenant(2), 1, Date.now()).map((i) => i.key)).toContain('dataTest');
    expect(progressItems(tenant(1), 1, Date.now()).map((i) => i.key)).not.toContain('dataTest');
    expect(finishedTaskFile(tenant(1), 1, 'dataTest', 'h-data')).toBeUndefined();
    expect(runningTaskCount(tenant(2), 1)).toBe(0);
    expect(deleteFinishedTasks(tenant(1), 1)).toBeGreaterThanOrEqual(0);
    expect(finishedTaskFile(tenant(2), 1, 'dataTest', 'h-data')).toMatchObject({ file_path: '' });

    insertClientError(tenant(2), { at: Date.now(), message: 'data test error', stack: '', path: '/x', agent: 'test' });
    expect(listClientErrors(tenant(2), 10, 0).rows.map((r) => r.message)).toContain('data test error');
    expect(listClientErrors(tenant(1), 100, 0).rows.map((r) => r.message)).not.toContain('data test error');
  });
});
