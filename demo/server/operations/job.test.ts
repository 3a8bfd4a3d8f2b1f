// Scheduled jobs: schedules that never fire or fire too often are refused with the reason; a job runs
// on its schedule and on demand, records each run with its log and file; "skip if still running"
// records the skipped run; another tenant sees none of it; and across a restart a missed run runs once
// (or is skipped, per the job) and every job keeps its schedule.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { api, downloadSigned, login, removeDir, start } from '../testing.ts';

const zone = 'Asia/Shanghai';
// Once a year: the platform's own timer never meets it during a test; the test switch's later clock does.
const YEARLY = '17 3 1 1 *';

describe('jobs', () => {
  const p = usePlatform();
  const { call } = p;
  const tick = (at?: number) => fetch(`${p.s.base}/__test/jobs/tick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(at ? { at } : {}) }).then((r) => r.json());
  const job = (more: Record<string, unknown> = {}) => ({ name: 'Alarm export', cron: YEARLY, timezone: zone, target: 'exportAlarms', params: {}, enabled: true, skipIfRunning: true, missed: 'runOnce', ...more });

  it('refuses schedules that never fire, fire too often or name what is not the tenant’s', async () => {
    const refuse = async (more: Record<string, unknown>) => (await call(p.admin, 'POST', '/api/job', job(more))).msg as string;
    expect(await refuse({ cron: 'every minute' })).toContain('Not a valid cron expression');
    expect(await refuse({ cron: '2026-12-01T10:00:00' })).toContain('Not a valid cron expression');
    expect(await refuse({ cron: '0 0 30 2 *' })).toBe('This expression never fires');
    expect(await refuse({ cron: '* * * * * *' })).toBe('A job runs at most once a minute; this expression fires every 1 s');
    expect(await refuse({ timezone: 'Mars/Olympus' })).toBe('Unknown time zone (e.g. Asia/Shanghai)');
    expect(await refuse({ target: 'purgeHistory' })).toBe('enter the days to keep (1 to 3650)');
    // Out of range: refused by the call's declaration, naming the field.
    const zeroDays = await call(p.admin, 'POST', '/api/job', job({ target: 'purgeHistory', params: { days: 0 } }));
    expect(zeroDays).toMatchObject({ code: -1, data: { field: 'params.days' } });
    expect(zeroDays.msg).toContain('3650');
    const scene2 = (await call(p.admin2, 'POST', '/api/link/scene', { name: 'Other tenant', steps: [{ delaySeconds: 1, action: { kind: 'alarm', deviceId: 999999, level: 'reminder', content: 'x' } }] })).msg;
    expect(scene2).toBe('step 1: no such device');
    const gateway2 = p.s.app.atrium.db.prepare('SELECT id FROM gateway WHERE tenant_id = 2 LIMIT 1').get() as { id: number };
    expect(await refuse({ target: 'resyncGateway', params: { gatewayId: gateway2.id } })).toBe('no such gateway');
    expect((await call(p.admin, 'POST', '/api/job/page', { page: 1, limit: 10 })).data.total).toBe(0);
  });

  it('runs on demand and on schedule, recording each run with its log and its file', async () => {
    const made = (await call(p.admin, 'POST', '/api/job', job())).data;
    expect(made.nextRun).toMatch(/^\d{4}-(12-31 19|01-01 03):17:00$/);
    const { runId } = (await call(p.admin, 'POST', `/api/job/${made.id}/run`)).data;
    await tick(Date.now() - 60_000);
    const log = (await call(p.admin, 'GET', `/api/job/run/${runId}/log`, undefined, { after: '0' })).data;
    expect(log.run).toMatchObject({ result: 'success', trigger: 'manual', fileName: expect.stringMatching(/^alarms-.*\.xlsx$/) });
    expect(log.lines.map((l: { text: string }) => l.text)).toEqual([
      'run started',
      expect.stringMatching(/^\d+ open alarms read$/),
      expect.stringMatching(/^file alarms-.*\.xlsx written$/),
      expect.stringMatching(/^\d+ alarms exported$/),
    ]);
    // Following a log: only the lines after the last one seen.
    const last = log.lines[log.lines.length - 1].id;
    expect((await call(p.admin, 'GET', `/api/job/run/${runId}/log`, undefined, { after: String(last) })).data.lines).toEqual([]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await downloadSigned(p.s.base, p.admin, log.run.download)).arrayBuffer());
    const open = (p.s.app.atrium.db.prepare("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = 1 AND status <> 'closed'").get() as { n: number }).n;
    expect(book.worksheets[0]!.rowCount).toBe(open + 1);

    // The schedule: at the next run's time a scheduled run is recorded, and the next run moves on.
    const next = new Date(`${made.nextRun.replace(' ', 'T')}`).getTime();
    await tick(next + 1000);
    const runs = (await call(p.admin, 'GET', `/api/job/${made.id}/runs`)).data.rows;
    expect(runs.map((r: { trigger: string; result: string }) => [r.trigger, r.result])).toEqual([
      ['schedule', 'success'],
      ['manual', 'success'],
    ]);
    const after = (await call(p.admin, 'GET', `/api/job/${made.id}`)).data;
    expect(after.nextRun > made.nextRun).toBe(true);
    expect(after.lastResult).toBe('success');

    // Paused: no next run, nothing scheduled.
    expect((await call(p.admin, 'POST', `/api/job/${made.id}/enabled`, { enabled: false })).data.nextRun).toBe('');
    await tick(Date.now() + 3_600_000);
    expect((await call(p.admin, 'GET', `/api/job/${made.id}/runs`)).data.total).toBe(2);

    // Another tenant: nothing to see, run or delete.
    expect((await call(p.admin2, 'POST', '/api/job/page', { page: 1, limit: 10 })).data.total).toBe(0);
    expect((await call(p.admin2, 'GET', `/api/job/${made.id}`)).code).toBe(-1);
    expect((await call(p.admin2, 'GET', `/api/job/run/${runId}/log`)).code).toBe(-1);
    expect((await call(p.admin2, 'POST', `/api/job/${made.id}/run`)).code).toBe(-1);
    expect((await downloadSigned(p.s.base, p.admin2, log.run.download)).headers.get('content-type')).not.toContain('spreadsheet');
    expect((await call(p.admin2, 'POST', '/api/job/delete', { ids: [made.id] })).code).toBe(-1);
  });

  it('skips a run due while the previous one still runs, and says so', async () => {
    const gateway = p.s.app.atrium.db.prepare('SELECT id FROM gateway WHERE tenant_id = 1 LIMIT 1').get() as { id: number };
    await fetch(`${p.s.base}/__test/gateway`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gatewayId: gateway.id, status: 'online', mode: 'slow' }) });
    const made = (await call(p.admin, 'POST', '/api/job', job({ name: 'Resync', target: 'resyncGateway', params: { gatewayId: gateway.id } }))).data;
    await call(p.admin, 'POST', `/api/job/${made.id}/run`);
    expect((await call(p.admin, 'POST', `/api/job/${made.id}/run`)).msg).toBe('skipped: the previous run is still running');
    await tick(new Date(made.nextRun.replace(' ', 'T')).getTime() + 1000);
    const runs = (await call(p.admin, 'GET', `/api/job/${made.id}/runs`)).data.rows;
    expect(runs.map((r: { trigger: string; result: string }) => [r.trigger, r.result])).toEqual([
      ['schedule', 'skipped'],
      ['manual', 'success'],
    ]);
    expect(runs[0].message).toBe('skipped: the previous run is still running');
    await fetch(`${p.s.base}/__test/gateway`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gatewayId: gateway.id, mode: 'normal' }) });
  });
});

describe('jobs across a restart', () => {
  it('runs a missed run once (or skips it, per the job) and keeps every schedule', async () => {
    const first = await start({ faults: true });
    const dir = first.dir;
    try {
      const token = await login(first.base, 'admin', 'admin123');
      const call = async (base: string, method: string, path: string, body?: unknown) => (await api(base, method, path, { token, body, headers: { lang: 'en' } })).body;
      const body = { cron: YEARLY, timezone: zone, target: 'dailySummary', params: {}, enabled: true, skipIfRunning: true };
      const once = (await call(first.base, 'POST', '/api/job', { ...body, name: 'Catch up', missed: 'runOnce' })).data;
      const skip = (await call(first.base, 'POST', '/api/job', { ...body, name: 'Let go', missed: 'skip' })).data;
      // Both were due a moment ago, while the platform was "down".
      first.app.atrium.db.prepare('UPDATE job SET next_run_at = ?').run(Date.now() - 1000);
      await first.stop();

      const second = await start({ faults: true, dataDir: dir });
      try {
        const again = await login(second.base, 'admin', 'admin123');
        const get = async (path: string) => (await api(second.base, 'GET', path, { token: again, headers: { lang: 'en' } })).body.data;
        await fetch(`${second.base}/__test/jobs/tick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        const onceRuns = (await get(`/api/job/${once.id}/runs`)).rows;
        expect(onceRuns.map((r: { trigger: string; result: string }) => [r.trigger, r.result])).toEqual([['catchup', 'success']]);
        const skipRuns = (await get(`/api/job/${skip.id}/runs`)).rows;
        expect(skipRuns.map((r: { trigger: string; result: string; message: string }) => [r.trigger, r.result, r.message])).toEqual([
          ['catchup', 'skipped', 'missed while the platform was down; skipped as the job says'],
        ]);
        const summary = (await get(`/api/job/run/${onceRuns[0].id}/log`)).lines.map((l: { text: string }) => l.text);
        expect(summary).toContainEqual(expect.stringMatching(/^devices online \d+\/\d+$/));
        for (const j of [once, skip]) {
          const now = await get(`/api/job/${j.id}`);
          expect(now.nextRun).toMatch(/:17:00$/);
          expect(new Date(now.nextRun.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now() - 1000);
        }
      } finally {
        await second.stop();
      }
    } finally {
      removeDir(dir);
    }
  });
});
