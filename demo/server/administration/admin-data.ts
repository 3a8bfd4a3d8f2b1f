// The data behind front/info and tenant/detail (issue 39): the signed-in user's profile and token
// through the tenant's data; the login page's tenant on the platform's database, read before a tenant
// is bound (platformData in admin.ts names why).
import type { TenantDetail } from '../../../shared/api/types.ts';
import type { Db } from '../db.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A tenant as the login page and the shell read it (tenant): both logos in one field, main;small. */
const TENANT = shape<TenantDetail>({ id: col.value('id'), name: col.value('name'), logoUrl: col.value("main_logo || ';' || small_logo") });

/** The user's description and avatar, or undefined. */
export const userProfile = (td: TenantData, userId: number): { description: string; avatar: string } | undefined =>
  td.get<{ description: string; avatar: string }>('SELECT description, avatar FROM user WHERE id = ? AND tenant_id = $tenant', userId);

/** When the tenant's token with this hash expires (ms), or undefined. */
export const tokenExpiresAt = (td: TenantData, hash: string): number | undefined => td.get<{ expires_at: number }>('SELECT expires_at FROM token WHERE hash = ? AND tenant_id = $tenant', hash)?.expires_at;

/** The login page's tenant: the one named (a session's), else the default one; undefined when there is none. */
export function loginTenant(db: Db, tenantId: number | null): TenantDetail | undefined {
  const row = tenantId !== null ? db.prepare(`SELECT ${TENANT.select} FROM tenant WHERE id = ?`).get(tenantId) : db.prepare(`SELECT ${TENANT.select} FROM tenant WHERE is_default = 1 ORDER BY id LIMIT 1`).get();
  return row ? TENANT.read(row) : undefined;
}
