// Tenant-wide rules (SPEC §5, §6) that look at more than one record, and the tenant form's field rules.
import type { Schema } from './combine.ts';
import { KEYS } from './keys.ts';
import { fail, type Result } from './message.ts';
import { accountChars, length, LENGTHS, password, PASSWORD_BOUNDS, required } from './text.ts';

/** Give the number of super admins the tenant would have after the change; more than one is refused. */
export function atMostOneSuperAdmin(superAdminCount: number): Result {
  return superAdminCount <= 1 ? null : fail(KEYS.oneSuperAdmin);
}

/**
 * The bounds of a tenant's fields and of its first super admin's (tenantMng), shared by the console's
 * tenant form and the API contract (shared/contract/tenant.ts takes them from here).
 */
export const TENANT_BOUNDS = {
  name: [2, 64],
  home: [0, 200],
  description: LENGTHS.description,
  adminUsername: LENGTHS.account,
  adminName: [1, 20],
  adminPassword: PASSWORD_BOUNDS.user,
} as const;
const B = TENANT_BOUNDS;

/** The tenant form's rules (the admin's fields only when adding; the home page is checked by the platform). */
export const tenantSchema = {
  type: [required()],
  name: [required(), length(...B.name)],
  description: [length(...B.description)],
  adminUsername: [required(), length(...B.adminUsername), accountChars()],
  adminName: [required(), length(...B.adminName)],
  adminPassword: [required(), password('user')],
} as const satisfies Schema;
