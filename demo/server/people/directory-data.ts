// A tenant's directory settings and the local accounts a directory sign-in keeps (people/directory.ts),
// all through the tenant's data ($tenant).
import type { DirectoryAnswer } from '../../../shared/api/directory-types.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A tenant's directory as stored (ldap_directory). */
export interface DirectoryRow {
  tenant_id: number;
  url: string;
  start_tls: number;
  bind_dn: string;
  bind_password_sealed: string;
  base_dn: string;
  user_filter: string;
  name_attr: string;
  mail_attr: string;
  group_roles: string;
  group_depts: string;
  enabled: number;
  embedded: number;
}

const SETTINGS = shape<DirectoryAnswer>({
  url: col.value("CASE WHEN embedded = 1 THEN '' ELSE url END"),
  startTls: col.flag('start_tls'),
  bindDn: col.value('bind_dn'),
  baseDn: col.value('base_dn'),
  userFilter: col.value('user_filter'),
  nameAttr: col.value('name_attr'),
  mailAttr: col.value('mail_attr'),
  groupRoles: col.json('group_roles'),
  groupDepartments: col.json('group_depts'),
  enabled: col.flag('enabled'),
  hasPassword: col.flag("embedded = 1 OR bind_password_sealed <> ''"),
});

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(',');

// ---- a directory sign-in ------------------------------------------------------------------------------

/** The tenant's directory when it is enabled. */
export const enabledDirectory = (data: TenantData): DirectoryRow | undefined => data.get<DirectoryRow>('SELECT * FROM ldap_directory WHERE tenant_id = $tenant AND enabled = 1');

/** The tenant's roles with these codes. */
export const rolesWithCodes = (data: TenantData, codes: readonly string[]): Array<{ id: number }> =>
  codes.length ? data.all<{ id: number }>(`SELECT id FROM role WHERE tenant_id = $tenant AND code IN (${marks(codes.length)})`, ...codes) : [];

/** The local account linked to a directory person (by DN). */
export const userByDirectoryDn = (data: TenantData, dn: string): { id: number; status: string } | undefined =>
  data.get<{ id: number; status: string }>('SELECT id, status FROM user WHERE directory_dn = ? AND tenant_id = $tenant', dn);

/** Creates the local account of a directory person; answers its id. */
export const insertDirectoryUser = (data: TenantData, u: { username: string; passwordHash: string; name: string; email: string; dn: string }): number =>
  Number(data.run('INSERT INTO user (tenant_id, username, password_hash, name, email, directory_dn) VALUES ($tenant, ?, ?, ?, ?, ?)', u.username, u.passwordHash, u.name, u.email, u.dn).lastInsertRowid);

/** Brings a directory person's local name and mail up to date. */
export const updateDirectoryUser = (data: TenantData, id: number, name: string, email: string): void =>
  void data.run('UPDATE user SET name = ?, email = ? WHERE id = ? AND tenant_id = $tenant', name, email, id);

/** The first department of the tenant named so (in either language). */
export const departmentNamed = (data: TenantData, name: string): { id: number } | undefined =>
  data.get<{ id: number }>('SELECT id FROM department WHERE tenant_id = $tenant AND (name = ? OR name_en = ?) ORDER BY id LIMIT 1', name, name);

export const placeUser = (data: TenantData, userId: number, departmentId: number): void =>
  void data.run('UPDATE user SET department_id = ? WHERE id = ? AND tenant_id = $tenant', departmentId, userId);

/** The user's roles become exactly these (the directory's groups decide them at every sign-in). */
export function replaceDirectoryRoles(data: TenantData, userId: number, roleIds: readonly number[]): void {
  data.run('DELETE FROM user_role WHERE user_id = ?', userId);
  for (const id of roleIds) data.run('INSERT OR IGNORE INTO user_role (user_id, role_id) VALUES (?, ?)', userId, id);
}

// ---- the settings ------------------------------------------------------------------------------------

/** The tenant's directory settings as answered (never the password), or null when none is configured. */
export function directorySettings(data: TenantData): DirectoryAnswer | null {
  const row = data.get(`SELECT ${SETTINGS.select} FROM ldap_directory WHERE tenant_id = $tenant`);
  return row ? SETTINGS.read(row) : null;
}

/** How many of these role codes the tenant has. */
export const roleCodeCount = (data: TenantData, codes: readonly string[]): number =>
  data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM role WHERE tenant_id = $tenant AND code IN (${codes.map(() => '?').join(',')})`, ...codes)!.n;

/** Whether the tenant has a department of this name (in either language). */
export const hasDepartmentNamed = (data: TenantData, name: string): boolean =>
  data.get('SELECT 1 FROM department WHERE tenant_id = $tenant AND (name = ? OR name_en = ?)', name, name) !== undefined;

/** The tenant's directory as stored, enabled or not. */
export const directoryRow = (data: TenantData): DirectoryRow | undefined => data.get<DirectoryRow>('SELECT * FROM ldap_directory WHERE tenant_id = $tenant');

export interface DirectorySave {
  url: string;
  startTls: number;
  bindDn: string;
  bindPasswordSealed: string;
  baseDn: string;
  userFilter: string;
  nameAttr: string;
  mailAttr: string;
  /** JSON. */
  groupRoles: string;
  /** JSON. */
  groupDepartments: string;
  enabled: number;
  embedded: number;
}

/** Saves the tenant's directory (creates it the first time). */
export function saveDirectory(data: TenantData, d: DirectorySave): void {
  data.run(
    `INSERT INTO ldap_directory (tenant_id, url, start_tls, bind_dn, bind_password_sealed, base_dn, user_filter, name_attr, mail_attr, group_roles, group_depts, enabled, embedded)
       VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET url = excluded.url, start_tls = excluded.start_tls, bind_dn = excluded.bind_dn, bind_password_sealed = excluded.bind_password_sealed,
         base_dn = excluded.base_dn, user_filter = excluded.user_filter, name_attr = excluded.name_attr, mail_attr = excluded.mail_attr, group_roles = excluded.group_roles,
         group_depts = excluded.group_depts, enabled = excluded.enabled, embedded = excluded.embedded`,
    d.url,
    d.startTls,
    d.bindDn,
    d.bindPasswordSealed,
    d.baseDn,
    d.userFilter,
    d.nameAttr,
    d.mailAttr,
    d.groupRoles,
    d.groupDepartments,
    d.enabled,
    d.embedded,
  );
}
