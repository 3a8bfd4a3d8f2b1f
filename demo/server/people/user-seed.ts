// The people domain's first-start data: a small organisation for the first tenant with the demo
// accounts placed in it, and (ATRIUM_SEED_USERS) bulk users for benchmarks.
import type { AppConfig } from '../context.ts';
import { tx, type Db } from '../db.ts';

/** The seeded departments' names: [Chinese, English]. */
export const DEPARTMENT_NAMES = [
  ['总部', 'Head office'],
  ['运营中心', 'Operations centre'],
  ['安保部', 'Security'],
  ['设施部', 'Facilities'],
] as const;

/** First start: a small organisation for the first tenant, with the demo accounts placed in it. */
export function seedPeople(db: Db, config: AppConfig): void {
  seedOrganisation(db);
  seedBulkUsers(db, config.tuning.seedUsers);
}

function seedOrganisation(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM department').get<{ n: number }>()!;
  const tenant = db.prepare('SELECT id FROM tenant WHERE id = 1').get();
  if (has.n > 0 || !tenant) return;
  tx(db, () => {
    const insert = db.prepare('INSERT INTO department (tenant_id, parent_id, name, name_en, sort) VALUES (?, ?, ?, ?, ?)');
    const add = (tenantId: number, parent: number | null, [zh, en]: readonly [string, string], sort: number) => Number(insert.run(tenantId, parent, zh, en, sort).lastInsertRowid);
    const [headNames, opsNames, securityNames, facilitiesNames] = DEPARTMENT_NAMES;
    const head = add(1, null, headNames, 0);
    const ops = add(1, head, opsNames, 1);
    add(1, head, securityNames, 2);
    add(1, head, facilitiesNames, 3);
    const place = db.prepare('UPDATE user SET department_id = ? WHERE tenant_id = 1 AND username = ?');
    place.run(head, 'admin');
    place.run(ops, 'operator');
    place.run(ops, 'viewer');
    if (db.prepare('SELECT 1 FROM tenant WHERE id = 2').get()) add(2, null, headNames, 0);
  });
}

/**
 * ATRIUM_SEED_USERS=<n>: the first tenant holds at least n users (benchmarks). They cannot sign in
 * (their password hash matches nothing), spread over the seeded departments.
 */
function seedBulkUsers(db: Db, n: number | null): void {
  if (!n) return;
  const have = db.prepare('SELECT COUNT(*) AS n FROM user WHERE tenant_id = 1').get<{ n: number }>()!.n;
  const departments = (db.prepare('SELECT id FROM department WHERE tenant_id = 1 ORDER BY id').all<{ id: number }>()).map((d) => d.id);
  if (have >= n) return;
  tx(db, () => {
    const insert = db.prepare("INSERT INTO user (tenant_id, username, password_hash, name, phone, email, department_id) VALUES (1, ?, 'seeded$no-sign-in', ?, ?, ?, ?)");
    for (let i = have; i < n; i++) {
      const no = String(i).padStart(6, '0');
      insert.run(`bench.user${no}`, `Bench User ${no}`, `139${String(10_000_000 + i).slice(-8)}`, `bench${no}@example.com`, departments[i % Math.max(1, departments.length)] ?? null);
    }
  });
}
