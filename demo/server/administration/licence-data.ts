// Whether a tenant may use the platform now (vouchers: voucher.ts). A data module of its own, apart
// from the routes and the vouchers' data, so the sign-in guard in http.ts can ask without importing a
// route file (or anything that imports http.ts back).
import type { Db } from '../db.ts';

/** The platform's own tenant always; others while a voucher of theirs is perpetual or not yet expired. */
export function licensed(db: Db, tenantId: number, now = Date.now()): boolean {
  return Boolean(
    db.prepare("SELECT 1 FROM tenant t WHERE t.id = ? AND (t.platform = 1 OR EXISTS (SELECT 1 FROM voucher v WHERE v.tenant_id = t.id AND (v.kind = 'perpetual' OR v.expires_at > ?)))").get(tenantId, now),
  );
}
