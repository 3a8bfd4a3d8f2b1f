// The platform starts on the oldest supported data folder (tests/fixtures/data-oldest, written by the
// platform of commit 34e7417 through its own API) and migrates it to today: every step of the one list
// (migrations/index.ts) recorded once, in order; what people wrote then still reads through today's
// API; a second start applies nothing; a folder the list cannot continue refuses to start.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecorded, openDatabase, type Migration } from './db.ts';
import { MIGRATIONS, SEED_MARKS } from './migrations/index.ts';
import { api, login, removeDir, start, type Running } from './testing.ts';

const OLDEST = join(import.meta.dirname, '../../tests/fixtures/data-oldest');

/** A copy of the oldest data folder that a test may change. */
function oldestCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-oldest-'));
  cpSync(OLDEST, dir, { recursive: true });
  return dir;
}

interface Recorded {
  id: string;
  applied_at: number;
}
const recorded = (s: Running): Recorded[] => s.app.atrium.db.prepare('SELECT id, applied_at FROM schema_migration ORDER BY rowid').all<Recorded>();

describe('the oldest data folder migrates to today', () => {
  let dir: string;
  let s: Running;
  beforeAll(async () => {
    dir = oldestCopy();
    const before = new DatabaseSync(join(dir, 'atrium.db'), { readOnly: true });
    // What the old platform recorded: its one schema step.
    expect(before.prepare('SELECT id FROM schema_migration').all().map((r) => r.id)).toEqual(['core/001']);
    before.close();
    s = await start({ dataDir: dir });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
    removeDir(dir);
  });

  it('records every step of the list once, in the list order', () => {
    expect(new Set(MIGRATIONS.map((m) => m.id)).size).toBe(MIGRATIONS.length);
    const ids = recorded(s).map((r) => r.id);
    expect(ids.filter((id) => !SEED_MARKS.includes(id))).toEqual(MIGRATIONS.map((m) => m.id));
    // Once-only seeds mark themselves in the same table, after the steps.
    expect(ids.slice(MIGRATIONS.length).sort()).toEqual([...SEED_MARKS].sort());
  });

  it('signs in the accounts of the old version, with the password one of them set then', async () => {
    for (const [username, password] of [['admin', 'admin123'], ['viewer', 'viewer123'], ['admin2', 'admin123'], ['operator', 'Night456']] as const)
      expect(await login(s.base, username, password)).toMatch(/\S/);
    await expect(login(s.base, 'operator', 'operator123')).rejects.toThrow(/login operator failed/);
  });

  it('reads what people wrote at the old version through today\u2019s API, in both languages', async () => {
    const admin = await login(s.base, 'admin', 'admin123');
    const wall = await api(s.base, 'GET', '/api/admin/custom/data', { token: admin, query: { customKey: 'videoWallLayout' } });
    expect(wall.body.data).toEqual([{ id: 1, customKey: 'videoWallLayout', customValue: JSON.stringify({ split: 9, cells: ['CAM-001', 'CAM-002'] }), version: 2 }]);

    const operator = await login(s.base, 'operator', 'Night456');
    const me = async (lang: 'zh' | 'en') => (await api(s.base, 'GET', '/api/admin/user/cur-user/info', { token: operator, headers: { lang } })).body.data;
    // The profile the operator saved then; the description the old seed wrote in English now has both languages (profile/001).
    expect(await me('zh')).toMatchObject({ username: 'operator', name: 'Olivia Nightshift', phone: '13800000099', email: 'olivia@old-version.example', description: '监控中心值班员', tenantName: 'Demo Building Co.' });
    expect((await me('en')).description).toBe('Control room operator');

    // The roles the old seed named in English: Chinese and English now (role/011).
    const roles = async (lang: 'zh' | 'en') =>
      Object.fromEntries(((await api(s.base, 'GET', '/api/admin/group/roles', { token: admin, headers: { lang } })).body.data as Array<{ code: string; name: string }>).map((r) => [r.code, r.name]));
    expect(await roles('zh')).toMatchObject({ tenantSuperAdmin: '租户超级管理员', operator: '值班操作员', viewer: '告警查看员' });
    expect(await roles('en')).toMatchObject({ tenantSuperAdmin: 'Tenant super admin', operator: 'Operator', viewer: 'Viewer' });

    // What later versions seed on their first start is there too (the device domain came after this folder).
    const devices = await api(s.base, 'GET', '/api/device/list', { token: admin, query: { page: '1', limit: '5' } });
    expect(devices.body.code).toBe(0);
    expect(devices.body.data.total).toBeGreaterThan(0);
  });

  it('applies nothing on the next start', async () => {
    const first = recorded(s);
    await s.stop();
    s = await start({ dataDir: dir });
    expect(recorded(s)).toEqual(first);
    expect(await login(s.base, 'operator', 'Night456')).toMatch(/\S/);
  }, 120_000);
});

describe('a data folder the list cannot continue', () => {
  const step = (id: string): Migration => ({ id, sql: 'SELECT 1;' });

  it('refuses a list that names a step twice', () => {
    expect(() => checkRecorded([step('a/001'), step('b/001'), step('a/001')], new Set())).toThrow('migration id a/001 is listed twice');
  });

  it('refuses a new step placed before steps the folder has recorded', () => {
    expect(() => checkRecorded([step('a/001'), step('new/001'), step('b/001')], new Set(['a/001', 'b/001']))).toThrow(
      'schema steps new/001 are listed before b/001, which the data folder has already applied',
    );
    expect(() => checkRecorded([step('a/001'), step('b/001'), step('new/001')], new Set(['a/001', 'b/001']))).not.toThrow();
    expect(() => checkRecorded([step('a/001'), step('b/001')], new Set(['a/001', 'seeded/once']), ['seeded/once'])).not.toThrow();
  });

  it('does not start on a folder that recorded a step this build does not know, and leaves it unchanged', async () => {
    const dir = oldestCopy();
    try {
      const db = new DatabaseSync(join(dir, 'atrium.db'));
      db.prepare('INSERT INTO schema_migration (id, applied_at) VALUES (?, ?)').run('future/001-tables', Date.now());
      db.close();
      await expect(openDatabase(dir, join(dir, 'upload'), MIGRATIONS)).rejects.toThrow(
        'the data folder has schema steps this build does not know (future/001-tables): it was written by a newer or a different build',
      );
      const after = new DatabaseSync(join(dir, 'atrium.db'), { readOnly: true });
      expect(after.prepare('SELECT id FROM schema_migration ORDER BY rowid').all().map((r) => r.id)).toEqual(['core/001', 'future/001-tables']);
      after.close();
    } finally {
      removeDir(dir);
    }
  });

  it('does not start on a folder whose recorded steps are not a beginning of the list', async () => {
    const dir = oldestCopy();
    try {
      // A folder of a build where video/001 came before progress/001: that order is not this list's.
      const db = new DatabaseSync(join(dir, 'atrium.db'));
      db.prepare('INSERT INTO schema_migration (id, applied_at) VALUES (?, ?)').run(MIGRATIONS[2]!.id, Date.now());
      db.close();
      await expect(openDatabase(dir, join(dir, 'upload'), MIGRATIONS)).rejects.toThrow(`schema steps ${MIGRATIONS[1]!.id} are listed before ${MIGRATIONS[2]!.id}`);
    } finally {
      removeDir(dir);
    }
  });
});
