// The embedded database (node:sqlite): the migration runner, first-start seed, and small helpers.
// Every table that holds tenant data carries tenant_id, and every query on it filters by it.
import { registerLocalNames } from './local-names.ts';
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue } from 'node:sqlite';
import { ELEMENT_CODES } from '../../shared/api/menu-seed.ts';
import { hashPassword } from './people/passwords.ts';

/** The seeded accounts' descriptions: [Chinese, English]. */
export const SEED_DESCRIPTIONS = {
  admin: ['租户超级管理员', 'Tenant super admin'],
  operator: ['监控中心值班员', 'Control room operator'],
  viewer: ['告警查看员', 'Alarm viewer'],
} as const;

export type Db = DatabaseSync;

// node:sqlite types every row as a bag of SQL values. A query knows its row's shape, so the caller
// names it once as a type argument (`.all<Row>(...)`, `.get<Row>(...)`) instead of casting the answer.
// Without a type argument the calls keep node's own typing.
declare module 'node:sqlite' {
  interface StatementSync {
    all<Row = Record<string, SQLOutputValue>>(...anonymousParameters: SQLInputValue[]): Row[];
    get<Row = Record<string, SQLOutputValue>>(...anonymousParameters: SQLInputValue[]): Row | undefined;
  }
}

/** One schema step. Ids are '<domain>/<number>-<what>'; every step is listed in migrations/index.ts. */
export interface Migration {
  id: string;
  sql: string;
}

/** Runs fn inside one transaction: all of it lands, or none of it. */
export function tx<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Refuses a list or a database this build cannot migrate safely: ids must be unique, and the steps the
 * database has recorded must be a beginning of the list (a step recorded but unknown here means the
 * folder was written by a newer or a different build; a step missing before recorded ones means a
 * new step was placed in the middle of the history instead of at its end). seedMarks: the ids a
 * once-only seed records in the same table (migrations/index.ts SEED_MARKS).
 */
export function checkRecorded(migrations: readonly Migration[], recorded: ReadonlySet<string>, seedMarks: readonly string[] = []): void {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`migration id ${m.id} is listed twice (demo/server/migrations/index.ts)`);
    ids.add(m.id);
  }
  const unknown = [...recorded].filter((id) => !ids.has(id) && !seedMarks.includes(id));
  if (unknown.length > 0)
    throw new Error(`the data folder has schema steps this build does not know (${unknown.join(', ')}): it was written by a newer or a different build of the platform; start that build, or use another ATRIUM_DATA`);
  const lastRecorded = migrations.findLastIndex((m) => recorded.has(m.id));
  const gaps = migrations.slice(0, lastRecorded + 1).filter((m) => !recorded.has(m.id));
  if (gaps.length > 0)
    throw new Error(`schema steps ${gaps.map((m) => m.id).join(', ')} are listed before ${migrations[lastRecorded]!.id}, which the data folder has already applied: a new step goes at the end of demo/server/migrations/index.ts`);
}

/** Applies, in list order, each step the database has not recorded yet, each in its own transaction. */
function migrate(db: Db, migrations: readonly Migration[], seedMarks: readonly string[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migration (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set((db.prepare('SELECT id FROM schema_migration').all<{ id: string }>()).map((r) => r.id));
  checkRecorded(migrations, applied, seedMarks);
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    tx(db, () => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migration (id, applied_at) VALUES (?, ?)').run(migration.id, Date.now());
    });
  }
}

const OPERATOR_MENUS = ['MonitorOPS', 'alarmManager', 'alarmSearch', 'videoGroup', 'linkManage', 'quickScene', 'devCard'];
const OPERATOR_ELEMENTS = ['video:play', 'progress:view'];

function logoSvg(text: string, width: number, height: number): string {
  // Plain shapes and text only: uploads are served with a CSP that forbids everything else anyway.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" rx="4" fill="#409EFF"/>` +
    `<text x="${width / 2}" y="${height / 2 + 6}" font-family="sans-serif" font-size="${Math.min(18, height - 8)}" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}

function writeSeedLogos(uploadDir: string): void {
  const dir = join(uploadDir, 'logo');
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'demo-main.svg': logoSvg('Demo Building Co.', 220, 50),
    'demo-small.svg': logoSvg('D', 25, 25),
    'second-main.svg': logoSvg('Second Tenant Ltd.', 220, 50),
    'second-small.svg': logoSvg('S', 25, 25),
  };
  for (const [name, svg] of Object.entries(files)) {
    const path = join(dir, name);
    if (!existsSync(path)) writeFileSync(path, svg);
  }
}

async function seed(db: Db, uploadDir: string): Promise<void> {
  writeSeedLogos(uploadDir);
  const has = db.prepare('SELECT COUNT(*) AS n FROM tenant').get<{ n: number }>()!;
  if (has.n > 0) return;
  const [adminHash, operatorHash, viewerHash, admin2Hash] = await Promise.all(
    ['admin123', 'operator123', 'viewer123', 'admin123'].map((p) => hashPassword(p)),
  );
  tx(db, () => {
    const tenant = db.prepare('INSERT INTO tenant (id, name, type, sms_enabled, main_logo, small_logo, is_default) VALUES (?, ?, ?, ?, ?, ?, ?)');
    tenant.run(1, 'Demo Building Co.', 'enterprise', 1, '/upload/logo/demo-main.svg', '/upload/logo/demo-small.svg', 1);
    tenant.run(2, 'Second Tenant Ltd.', 'enterprise', 0, '/upload/logo/second-main.svg', '/upload/logo/second-small.svg', 0);

    const role = db.prepare('INSERT INTO role (tenant_id, code, name, super_admin) VALUES (?, ?, ?, ?)');
    // Descriptions in both languages where the role page's table shows them (role.ts adds the columns).
    const describe = db.prepare('UPDATE role SET description = ?, description_en = ? WHERE id = ?');
    const roleMenu = db.prepare('INSERT INTO role_menu (role_id, menu_code) VALUES (?, ?)');
    const roleElement = db.prepare('INSERT INTO role_element (role_id, element_code) VALUES (?, ?)');
    // Names in both languages (migrations/administration.ts SEED_ROLE_NAMES; the stored name is the Chinese one).
    const named = (id: number, en: string) => (db.prepare('UPDATE role SET name_en = ? WHERE id = ?').run(en, id), id);
    const superRole1 = named(Number(role.run(1, 'tenantSuperAdmin', '租户超级管理员', 1).lastInsertRowid), 'Tenant super admin');
    const operatorRole = named(Number(role.run(1, 'operator', '值班操作员', 0).lastInsertRowid), 'Operator');
    const viewerRole = named(Number(role.run(1, 'viewer', '告警查看员', 0).lastInsertRowid), 'Viewer');
    const superRole2 = named(Number(role.run(2, 'tenantSuperAdmin', '租户超级管理员', 1).lastInsertRowid), 'Tenant super admin');
    for (const [id, zh, en] of [
      [superRole1, '租户的全部菜单和按钮', 'Every menu and element of the tenant'],
      [operatorRole, '值班监控：告警、实时视频、联动和快捷场景', 'Duty monitoring: alarms, live video, linkage and quick scenes'],
      [viewerRole, '只看告警数量', 'Sees the alarm count only'],
      [superRole2, '租户的全部菜单和按钮', 'Every menu and element of the tenant'],
    ] as const)
      describe.run(zh, en, id);
    for (const code of OPERATOR_MENUS) roleMenu.run(operatorRole, code);
    for (const code of OPERATOR_ELEMENTS) roleElement.run(operatorRole, code);
    roleMenu.run(viewerRole, 'alarmSearch');
    // Super admin roles hold every right through their flag; listing the elements keeps the tables honest.
    for (const code of ELEMENT_CODES) {
      roleElement.run(superRole1, code);
      roleElement.run(superRole2, code);
    }

    const user = db.prepare(
      'INSERT INTO user (tenant_id, username, password_hash, name, phone, email, description, description_en) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const userRole = db.prepare('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)');
    const users: Array<[number, string, string, string, string, string, readonly [string, string], number]> = [
      [1, 'admin', adminHash!, 'Demo Admin', '13800000001', 'admin@demo-building.example', SEED_DESCRIPTIONS.admin, superRole1],
      [1, 'operator', operatorHash!, 'Olivia Operator', '13800000002', 'operator@demo-building.example', SEED_DESCRIPTIONS.operator, operatorRole],
      [1, 'viewer', viewerHash!, 'Victor Viewer', '13800000003', 'viewer@demo-building.example', SEED_DESCRIPTIONS.viewer, viewerRole],
      [2, 'admin2', admin2Hash!, 'Second Admin', '13900000001', 'admin@second-tenant.example', SEED_DESCRIPTIONS.admin, superRole2],
    ];
    for (const [tenantId, username, hash, name, phone, email, description, roleId] of users) {
      const id = Number(user.run(tenantId, username, hash, name, phone, email, ...description).lastInsertRowid);
      userRole.run(id, roleId);
    }
  });
}

/**
 * Opens (creating if needed) ATRIUM_DATA/atrium.db, applies the schema steps it has not recorded
 * (the list is demo/server/migrations/index.ts, passed by app.ts), and seeds an empty database with
 * the demo tenants and accounts.
 */
export async function openDatabase(dataDir: string, uploadDir: string, migrations: readonly Migration[], seedMarks: readonly string[] = []): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, 'atrium.db'));
  db.exec('PRAGMA journal_mode = WAL');
  // NORMAL is durable against a crash of this process in WAL mode; only power loss can lose the last commit.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  registerLocalNames(db);
  try {
    migrate(db, migrations, seedMarks);
  } catch (error) {
    db.close();
    throw error;
  }
  await seed(db, uploadDir);
  return db;
}

export function closeDatabase(db: Db): void {
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}
