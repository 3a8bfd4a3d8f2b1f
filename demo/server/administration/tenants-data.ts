// The tenants' data (issue 39): the operator's tenant list, a new tenant with its super admin and
// first voucher, a tenant's removal with every row of it — all on the platform's database (platformData
// in tenant.ts names why) — and a tenant's own info through its tenant data.
import { ELEMENT_CODES } from '../../../shared/api/menu-seed.ts';
import type { TenantRow } from '../../../shared/api/tenant-types.ts';
import type { Db } from '../db.ts';
import { tx } from '../db.ts';
import { likePattern, offsetOf, type PageQuery } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { issueTrial } from './voucher-data.ts';

/** A tenant as the operator's list answers it (tenant t): both logos in one field, main;small. */
const TENANT = shape<TenantRow>({
  id: col.value('t.id'),
  name: col.value('t.name'),
  type: col.value('t.type'),
  home: col.value('t.home'),
  description: col.value('t.description'),
  logoUrl: col.value("t.main_logo || ';' || t.small_logo"),
  users: col.value('(SELECT COUNT(*) FROM user u WHERE u.tenant_id = t.id)'),
  devices: col.value('(SELECT COUNT(*) FROM device d WHERE d.tenant_id = t.id)'),
  superAdmin: col.value(
    "COALESCE((SELECT u.username FROM user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id WHERE r.tenant_id = t.id AND r.super_admin = 1 LIMIT 1), '')",
  ),
});

// ---- the operator's tenants (platform-wide) -----------------------------------------------------

/** A customer tenant (not the platform's) as the list answers it, or null. */
export function tenantRow(db: Db, id: number): TenantRow | null {
  const row = db.prepare(`SELECT ${TENANT.select} FROM tenant t WHERE t.id = ? AND t.platform = 0`).get(id);
  return row ? TENANT.read(row) : null;
}

/** A page of the customer tenants, by id, whose name holds `keyword` (when given). */
export function listTenants(db: Db, keyword: string | undefined, paging: PageQuery): { rows: TenantRow[]; total: number } {
  const where = keyword ? "platform = 0 AND name LIKE ? ESCAPE '\\'" : 'platform = 0';
  const args = keyword ? [likePattern(keyword)] : [];
  const total = db.prepare(`SELECT COUNT(*) AS n FROM tenant WHERE ${where}`).get<{ n: number }>(...args)!.n;
  const rows = db.prepare(`SELECT ${TENANT.select} FROM tenant t WHERE ${where} ORDER BY t.id LIMIT ? OFFSET ?`).all(...args, paging.limit, offsetOf(paging));
  return { rows: TENANT.all(rows), total };
}

/** Whether a tenant (other than `exceptId`, when given) has this name. */
export const tenantNameTaken = (db: Db, name: string, exceptId?: number): boolean =>
  Boolean(exceptId === undefined ? db.prepare('SELECT 1 FROM tenant WHERE name = ?').get(name) : db.prepare('SELECT 1 FROM tenant WHERE name = ? AND id <> ?').get(name, exceptId));

/** Whether any tenant's user has this account (accounts are unique on the platform). */
export const usernameTaken = (db: Db, username: string): boolean => Boolean(db.prepare('SELECT 1 FROM user WHERE username = ?').get(username));

/** A tenant's own fields as the operator edits them. */
export interface TenantWrite {
  name: string;
  type: TenantRow['type'];
  home: string;
  description: string;
}

/**
 * Creates a tenant with its one super admin (every element right, a role of its own) and its 30-day
 * provisional voucher, all or nothing; answers its id.
 */
export function createTenant(db: Db, t: TenantWrite, admin: { username: string; passwordHash: string; name: string }): number {
  return tx(db, () => {
    const tenantId = Number(db.prepare("INSERT INTO tenant (name, type, home, description, main_logo, small_logo) VALUES (?, ?, ?, ?, '', '')").run(t.name, t.type, t.home, t.description).lastInsertRowid);
    // The new tenant's own rows, written as that tenant's.
    const data = tenantDataOf(db, tenantId);
    const roleId = Number(data.run("INSERT INTO role (tenant_id, code, name, name_en, super_admin) VALUES ($tenant, 'tenantSuperAdmin', '租户超级管理员', 'Tenant super admin', 1)").lastInsertRowid);
    for (const code of ELEMENT_CODES) data.run('INSERT INTO role_element (role_id, element_code) VALUES (?, ?)', roleId, code);
    const userId = Number(data.run('INSERT INTO user (tenant_id, username, password_hash, name) VALUES ($tenant, ?, ?, ?)', admin.username, admin.passwordHash, admin.name).lastInsertRowid);
    data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', userId, roleId);
    issueTrial(data);
    return tenantId;
  });
}

/** Changes a tenant's own fields. */
export const updateTenant = (db: Db, id: number, t: TenantWrite): void =>
  void db.prepare('UPDATE tenant SET name = ?, type = ?, home = ?, description = ? WHERE id = ?').run(t.name, t.type, t.home, t.description, id);

/** Whether the tenant is the platform's and whether it is the default one, or undefined when there is none. */
export const tenantFlags = (db: Db, id: number): { platform: number; is_default: number } | undefined =>
  db.prepare('SELECT platform, is_default FROM tenant WHERE id = ?').get<{ platform: number; is_default: number }>(id);

/** Every table holding tenant rows, children first where the schema says so (the rest is deferred). */
function tablesWithTenantRows(db: Db): string[] {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>()).map((t) => t.name);
  return tables.filter((t) => t !== 'tenant' && (db.prepare(`PRAGMA table_info("${t}")`).all<{ name: string }>()).some((c) => c.name === 'tenant_id'));
}

/** Removes a tenant and every row of it, in one transaction (its tokens with it, so its sessions end). */
export function removeTenant(db: Db, id: number): void {
  const tables = tablesWithTenantRows(db);
  tx(db, () => {
    db.exec('PRAGMA defer_foreign_keys = ON');
    for (const table of tables) db.prepare(`DELETE FROM "${table}" WHERE tenant_id = ?`).run(id);
    db.prepare('DELETE FROM role WHERE tenant_id = ?').run(id);
    db.prepare('DELETE FROM tenant WHERE id = ?').run(id);
  });
}

// ---- the tenant's own info (its tenant data) ----------------------------------------------------

/** What base_info shows of the tenant: both logos in one field, main;small. */
export interface TenantInfo {
  id: number;
  name: string;
  type: TenantRow['type'];
  home: string;
  description: string;
  logoUrl: string;
}

/** The tenant's own info. */
export function tenantInfo(td: TenantData): TenantInfo {
  const t = td.get<{ id: number; name: string; type: TenantRow['type']; home: string; description: string; main_logo: string; small_logo: string }>(
    'SELECT id, name, type, home, description, main_logo, small_logo FROM tenant WHERE id = $tenant',
  )!;
  return { id: t.id, name: t.name, type: t.type, home: t.home, description: t.description, logoUrl: `${t.main_logo};${t.small_logo}` };
}

/** Whether another tenant has this name (tenant names are unique across the platform). */
export const nameTakenByAnotherTenant = (td: TenantData, name: string): boolean => Boolean(td.get('SELECT 1 FROM tenant WHERE name = ? AND id <> $tenant', name));

/** Saves the tenant's own name, home page and description. */
export const saveTenantInfo = (td: TenantData, name: string, home: string, description: string): void =>
  void td.run('UPDATE tenant SET name = ?, home = ?, description = ? WHERE id = $tenant', name, home, description);

/** Points the tenant's main or small logo at an uploaded file. */
export const setTenantLogo = (td: TenantData, which: 'main' | 'small', url: string): void =>
  void td.run(`UPDATE tenant SET ${which === 'main' ? 'main_logo' : 'small_logo'} = ? WHERE id = $tenant`, url);

/** Whether the tenant is the platform's own (the operator's). */
export const isOperatorTenant = (td: TenantData): boolean => Boolean(td.get('SELECT 1 FROM tenant WHERE id = $tenant AND platform = 1'));

/** Whether the tenant exists and is a customer's (not the platform's). */
export const isCustomerTenant = (td: TenantData): boolean => Boolean(td.get('SELECT 1 FROM tenant WHERE id = $tenant AND platform = 0'));
