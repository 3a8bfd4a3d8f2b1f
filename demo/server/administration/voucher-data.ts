// The vouchers' data (issue 39): a tenant's vouchers through its tenant data; the operator's withdrawal
// of any tenant's voucher on the platform's database (platformData in voucher.ts names why).
import { randomBytes } from 'node:crypto';
import type { Voucher, VoucherSave } from '../../../shared/api/tenant-types.ts';
import type { Db } from '../db.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A new voucher's code: ATR-XXXX-XXXX-XXXX. */
export const newCode = (): string => `ATR-${randomBytes(6).toString('hex').toUpperCase().match(/.{4}/g)!.join('-')}`;

/** A voucher as the API answers it (voucher v), seen at a moment (ms): provisional ones expire. */
const VOUCHER = shape<Voucher, number>({
  id: col.value('v.id'),
  tenantId: col.value('v.tenant_id'),
  code: col.value('v.code'),
  kind: col.value('v.kind'),
  expiresAt: col.time('v.expires_at'),
  expired: col.calc("CASE WHEN v.kind = 'provisional' THEN COALESCE(v.expires_at, 0) END", (until, now: number) => until !== null && Number(until) <= now),
  note: col.value('v.note'),
});

/** A new tenant's first voucher: 30 days, provisional. */
export function issueTrial(data: TenantData, now = Date.now()): void {
  data.run("INSERT INTO voucher (tenant_id, code, kind, expires_at, note, created_at) VALUES ($tenant, ?, 'provisional', ?, 'trial', ?)", newCode(), now + 30 * 24 * 3600 * 1000, now);
}

/** The tenant's vouchers, newest first, as seen at `now`. */
export const listVouchers = (td: TenantData, now: number): Voucher[] => VOUCHER.all(td.all(`SELECT ${VOUCHER.select} FROM voucher v WHERE v.tenant_id = $tenant ORDER BY v.id DESC`), now);

/** One of the tenant's vouchers as seen at `now`, or undefined. */
export function findVoucher(td: TenantData, id: number, now: number): Voucher | undefined {
  const row = td.get(`SELECT ${VOUCHER.select} FROM voucher v WHERE v.id = ? AND v.tenant_id = $tenant`, id);
  return row && VOUCHER.read(row, now);
}

/** Whether the voucher is the tenant's. */
export const voucherExists = (td: TenantData, id: number): boolean => Boolean(td.get('SELECT 1 FROM voucher WHERE id = ? AND tenant_id = $tenant', id));

/** What a voucher holds besides its code: its kind, its expiry (ms, null: none) and note, as stored. */
export interface VoucherWrite {
  kind: VoucherSave['kind'];
  expiresAt: number | null;
  note: string;
}

/** Issues the tenant a voucher with a new code; answers its id. */
export const insertVoucher = (td: TenantData, v: VoucherWrite, now: number): number =>
  Number(td.run('INSERT INTO voucher (tenant_id, code, kind, expires_at, note, created_at) VALUES ($tenant, ?, ?, ?, ?, ?)', newCode(), v.kind, v.expiresAt, v.note, now).lastInsertRowid);

/** Changes one of the tenant's vouchers. */
export const updateVoucher = (td: TenantData, id: number, v: VoucherWrite): void =>
  void td.run('UPDATE voucher SET kind = ?, expires_at = ?, note = ? WHERE id = ? AND tenant_id = $tenant', v.kind, v.expiresAt, v.note, id);

/** Withdraws a voucher of whichever tenant (the operator's right): how many went. */
export const deleteVoucher = (db: Db, id: number): number => Number(db.prepare('DELETE FROM voucher WHERE id = ?').run(id).changes);
