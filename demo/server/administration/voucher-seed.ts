// Vouchers for the tenants seeded before vouchers existed: each gets a perpetual one, on the first
// start with vouchers only.
import type { Db } from '../db.ts';
import { newCode } from './voucher-data.ts';

export function seed(db: Db): void {
  // Only on the first start with vouchers (marked in the migration log): later, a tenant whose vouchers
  // were all withdrawn stays unlicensed instead of getting a new one at the next restart.
  if (db.prepare("SELECT 1 FROM schema_migration WHERE id = 'voucher/seed-perpetual'").get()) return;
  const bare = db.prepare('SELECT id FROM tenant t WHERE platform = 0 AND NOT EXISTS (SELECT 1 FROM voucher v WHERE v.tenant_id = t.id)').all<{ id: number }>();
  for (const { id } of bare) db.prepare("INSERT INTO voucher (tenant_id, code, kind, note, created_at) VALUES (?, ?, 'perpetual', 'demo', ?)").run(id, newCode(), Date.now());
  db.prepare("INSERT INTO schema_migration (id, applied_at) VALUES ('voucher/seed-perpetual', ?)").run(Date.now());
}
