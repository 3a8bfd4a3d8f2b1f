// What a sign-in reads before a tenant is bound (people/auth.ts, oauth.ts, directory.ts): the account
// by its name or phone (both unique across the platform) and the sign-in page's tenant, through the Db
// platformData hands the caller.
import type { Db } from '../db.ts';

/** An account as a sign-in checks it, with whether its tenant allows SMS sign-in. */
export interface LoginUserRow {
  id: number;
  tenant_id: number;
  password_hash: string;
  status: string;
  sms_enabled: number;
}

const USER_BY = (column: 'username' | 'phone'): string =>
  `SELECT u.id, u.tenant_id, u.password_hash, u.status, t.sms_enabled FROM user u JOIN tenant t ON t.id = u.tenant_id WHERE u.${column} = ?`;

/** Finds accounts by name or by phone across the platform (prepared once). */
export function loginAccounts(db: Db): { byUsername(username: string): LoginUserRow | undefined; byPhone(phone: string): LoginUserRow | undefined } {
  const byUsername = db.prepare(USER_BY('username'));
  const byPhone = db.prepare(USER_BY('phone'));
  return {
    byUsername: (username) => byUsername.get<LoginUserRow>(username),
    byPhone: (phone) => byPhone.get<LoginUserRow>(phone),
  };
}

/** The sign-in page's tenant: the default one (1 when none is marked). */
export const signInTenant = (db: Db): number => db.prepare('SELECT id FROM tenant WHERE is_default = 1 ORDER BY id LIMIT 1').get<{ id: number }>()?.id ?? 1;
