// Tenant-wide rules (SPEC §5, §6) that look at more than one record.
import { KEYS } from './keys.ts';
import { fail, type Result } from './message.ts';

/** Give the number of super admins the tenant would have after the change; more than one is refused. */
export function atMostOneSuperAdmin(superAdminCount: number): Result {
  return superAdminCount <= 1 ? null : fail(KEYS.oneSuperAdmin);
}
