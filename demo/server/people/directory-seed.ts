// The directory sign-in's first-start data: the sign-in tenant (the default one) uses the demo's own
// directory (../../ldap/directory.ts) out of the box.
import { DIRECTORY_BASE, DIRECTORY_READER } from '../../ldap/directory.ts';
import type { Db } from '../db.ts';

/** The sign-in tenant (the default one) gets the demo directory on first start. */
export function seedDirectory(db: Db): void {
  const tenant = db.prepare('SELECT id FROM tenant WHERE is_default = 1 ORDER BY id LIMIT 1').get<{ id: number }>();
  if (!tenant || db.prepare('SELECT 1 FROM ldap_directory WHERE tenant_id = ?').get(tenant.id)) return;
  if (db.prepare("SELECT 1 FROM schema_migration WHERE id = 'directory/seed'").get()) return;
  // Sealed on first use (the key lives in the data folder, which the seed does not see): '' = the demo's own.
  db.prepare("INSERT INTO ldap_directory (tenant_id, url, bind_dn, bind_password_sealed, base_dn, user_filter, group_roles, group_depts, embedded) VALUES (?, '', ?, '', ?, ?, ?, ?, 1)").run(
    tenant.id,
    DIRECTORY_READER.dn,
    `ou=people,${DIRECTORY_BASE}`,
    '(&(objectClass=inetOrgPerson)(uid={username}))',
    JSON.stringify({ operators: 'operator', viewers: 'viewer' }),
    JSON.stringify({ operators: '运营中心', viewers: '运营中心' }),
  );
  db.prepare("INSERT INTO schema_migration (id, applied_at) VALUES ('directory/seed', ?)").run(Date.now());
}
