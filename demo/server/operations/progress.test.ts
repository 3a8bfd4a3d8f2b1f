// Background tasks: real work with real progress per user and tenant, listed, deleted when finished,
// and marked interrupted after a restart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressItem } from '../../../shared/api/progress-types.ts';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_PATH, FILE_TTL_MS, sweepExpiredFiles } from './progress.ts';
import { startTask } from './tasks.ts';
import { api, login, removeDir, sleep, start, type Running } from '../testing.ts';

describe('background tasks', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let operator: string;
  let viewer: string;
  beforeAll(async () => {
    s = await start();
    [admin, admin2, operator, viewer] = await Promise.all([
      login(s.base, 'admin', 'admin123'),
      login(s.base, 'admin2', 'admin123'),
      login(s.base, 'operator', 'operator123'),
      login(s.base, 'viewer', 'viewer123'),
    ]);
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const list = async (token: string) => (await api(s.base, 'GET', '/api/admin/progress', { token })).body.data as ProgressItem[];

  it('runs a demo job with progress that grows to 100 % and a detail at the end', async () => {
    const started = await api(s.base, 'POST', '/api/admin/progress/demo', { token: admin, body: { steps: 10, stepMs: 60, title: 'Hash job' } });
    expect(started.body.code).toBe(0);
    const { key, hashKey } = started.body.data;
    const early = (await list(admin)).find((p) => p.hashKey === hashKey)!;
    expect(early).toMatchObject({ key, title: 'Hash job', status: 1, endTime: '', totalSize: 10 });
    // Seen part way (the job takes 600 ms), then done: waited for, not slept for.
    const middle = await vi.waitFor(async () => {
      const item = (await list(admin)).find((p) => p.hashKey === hashKey)!;
      if (!(item.currentSize > 0)) throw new Error('not started');
      return item;
    }, { timeout: 5000, interval: 20 });
    expect(middle.currentSize).toBeLessThan(10);
    const done = await vi.waitFor(async () => {
      const item = (await list(admin)).find((p) => p.hashKey === hashKey)!;
      if (item.status === 1) throw new Error('still running');
      return item;
    }, { timeout: 5000, interval: 20 });
    expect(done).toMatchObject({ status: 0, currentSize: 10, totalSize: 10 });
    expect(done.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.msg).toMatch(/10/);
  });

  it('records a failure with its reason in the caller\'s language', async () => {
    const started = await api(s.base, 'POST', '/api/admin/progress/demo', { token: admin, body: { steps: 4, stepMs: 10, failAt: 2 } });
    const failed = await vi.waitFor(async () => {
      const res = await api(s.base, 'GET', '/api/admin/progress', { token: admin, headers: { lang: 'en' } });
      const item = res.body.data.find((p: { hashKey: string }) => p.hashKey === started.body.data.hashKey);
      if (item.status === 1) throw new Error('still running');
      return item;
    }, { timeout: 5000, interval: 20 });
    expect(failed.status).toBe(2);
    expect(failed.msg).toBe('check failed at step 3');
  });

  it('shows each user only their own tasks, and needs progress:view', async () => {
    expect((await list(admin2)).length).toBe(0);
    expect((await list(operator)).length).toBe(0);
    const denied = await api(s.base, 'GET', '/api/admin/progress', { token: viewer });
    expect(denied.body.code).toBe(40301);
  });

  it('lets other domains run tasks through startTask', async () => {
    const user = s.app.atrium.db.prepare("SELECT id, tenant_id FROM user WHERE username = 'operator'").get() as { id: number; tenant_id: number };
    startTask(s.app.atrium.db, user.tenant_id, user.id, 'Camera export', async (report) => {
      for (let i = 1; i <= 3; i++) {
        report({ current: i, total: 3 });
        await sleep(5);
      }
      return { zh: '已导出 3 个', en: '3 exported' };
    }, { key: 'cameraExport' });
    const item = await vi.waitFor(async () => {
      const [first] = await list(operator);
      if (!first || first.status === 1) throw new Error('still running');
      return first;
    }, { timeout: 5000, interval: 20 });
    expect(item).toMatchObject({ key: 'cameraExport', title: 'Camera export', status: 0, currentSize: 3, totalSize: 3, msg: '已导出 3 个' });
  });

  it('keeps a finished file 24 hours: after that the item has no download, the file is refused and then removed', async () => {
    const user = s.app.atrium.db.prepare("SELECT id, tenant_id FROM user WHERE username = 'operator'").get() as { id: number; tenant_id: number };
    const dir = join(s.app.atrium.config.dataDir, 'exports');
    mkdirSync(dir, { recursive: true });
    const old = join(dir, 'old-export.xlsx');
    writeFileSync(old, 'x');
    const ended = Date.now() - FILE_TTL_MS - 60_000;
    s.app.atrium.db
      .prepare("INSERT INTO progress (tenant_id, user_id, task_key, hash_key, title, started_at, ended_at, status, file_path, file_name) VALUES (?, ?, 'oldExport', 'h-old', 'Old export', ?, ?, 0, ?, 'old.xlsx')")
      .run(user.tenant_id, user.id, ended - 1000, ended, old);
    const item = (await list(operator)).find((i) => i.key === 'oldExport')!;
    expect(item.status).toBe(0);
    expect(item.download).toBeUndefined();
    const answer = await api(s.base, 'GET', FILE_PATH, { token: operator, query: { key: 'oldExport', hashKey: 'h-old' }, headers: { lang: 'en' } });
    expect(answer.body.msg).toBe('the file has expired (files are kept 24 hours): export again');
    expect(await sweepExpiredFiles(s.app.atrium.db, s.app.atrium.config.dataDir, Date.now())).toBeGreaterThanOrEqual(1);
    expect(existsSync(old)).toBe(false);
  });

  it('deletes selected finished items (tag 0) or all finished (tag 1), never running ones, with progress:del', async () => {
    const running = (await api(s.base, 'POST', '/api/admin/progress/demo', { token: admin, body: { steps: 50, stepMs: 100 } })).body.data;
    const items = await list(admin);
    const finished = items.filter((p) => p.status !== 1);
    expect(finished.length).toBeGreaterThanOrEqual(2);

    const noRight = await api(s.base, 'DELETE', '/api/admin/progress', { token: operator, body: { tag: 1, keys: [] } });
    expect(noRight.body.code).toBe(40301);

    const one = await api(s.base, 'DELETE', '/api/admin/progress', {
      token: admin,
      body: { tag: 0, keys: [{ key: finished[0]!.key, hashKey: finished[0]!.hashKey }, running] },
    });
    expect(one.body.data.deleted).toBe(1);
    const all = await api(s.base, 'DELETE', '/api/admin/progress', { token: admin, body: { tag: 1, keys: [] } });
    expect(all.body.data.deleted).toBe(finished.length - 1);
    const left = await list(admin);
    expect(left.map((p) => p.hashKey)).toEqual([running.hashKey]);

    const bad = await api(s.base, 'DELETE', '/api/admin/progress', { token: admin, body: { tag: 3 } });
    expect(bad.body.code).toBe(-1);
  });

  it('marks a task that was running when the server stopped as interrupted', async () => {
    await s.stop();
    s = await start({ dataDir: s.dir });
    admin = await login(s.base, 'admin', 'admin123');
    const items = await list(admin);
    expect(items.some((p) => p.status === 2 && p.endTime !== '')).toBe(true);
    expect(items.every((p) => p.status !== 1)).toBe(true);
  });
});
