// The roles' data (issue 39): a tenant's roles with their rights (menus, elements, data groups) and
// how many users hold each, through its tenant data. Inheritance (what a role's change means for the
// roles above and below it) is decided in role.ts; here rights are read and written.
import { ELEMENT_CODES, MENU_SEED } from '../../../shared/api/menu-seed.ts';
import type { Role } from '../../../shared/api/user-types.ts';
import { col, gathered, shape, splitList, UNIT } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';
import { PLATFORM_MENUS } from '../tokens.ts';

/** Each menu group's pages (the platform's tree). */
export const MENU_CHILDREN: ReadonlyMap<string, readonly string[]> = (() => {
  const children = new Map<string, string[]>();
  for (const m of MENU_SEED) if (m.parentCode) children.set(m.parentCode, [...(children.get(m.parentCode) ?? []), m.code]);
  return children;
})();

/** What the tenant super admin holds: every menu but the platform's, every element. */
const ALL_MENUS = MENU_SEED.map((m) => m.code).filter((code) => !PLATFORM_MENUS.includes(code));

/** A role's codes in one of its grant tables (role r), or everything when it is the super admin. */
const grants = (table: string, column: string, all: readonly string[]) =>
  col.from(['r.super_admin', gathered(column, `FROM ${table} WHERE role_id = r.id`)], ([superAdmin, codes]) => (superAdmin === 1 ? [...all] : splitList(codes ?? null, UNIT)));

/** A role as the API answers it (role r), with its rights and how many users hold it. */
const ROLE = shape<Role>({
  id: col.value('r.id'),
  code: col.value('r.code'),
  name: col.value('loc(r.name, r.name_en)'),
  description: col.value('loc(r.description, r.description_en)'),
  parentId: col.value('r.parent_id'),
  superAdmin: col.flag('r.super_admin'),
  menus: grants('role_menu', 'menu_code', ALL_MENUS),
  elements: grants('role_element', 'element_code', ELEMENT_CODES),
  dataGroups: col.gatherIds('data_group_id', 'FROM role_data_group WHERE role_id = r.id'),
  userCount: col.value('(SELECT COUNT(*) FROM user_role ur WHERE ur.role_id = r.id)'),
});

/** The tenant's roles, by id. */
export function loadRoles(data: TenantData): Role[] {
  return ROLE.all(data.all(`SELECT ${ROLE.select} FROM role r WHERE r.tenant_id = $tenant ORDER BY r.id`));
}

/** A role's own fields as saved (its names in one language: the other is cleared on an edit). */
export interface RoleWrite {
  code: string;
  name: string;
  description: string;
  parentId: number | null;
}

/** Adds a role of the tenant (never a super admin); answers its id. */
export const insertRole = (td: TenantData, r: RoleWrite): number =>
  Number(td.run('INSERT INTO role (tenant_id, code, name, description, parent_id, super_admin) VALUES ($tenant, ?, ?, ?, ?, 0)', r.code, r.name, r.description, r.parentId).lastInsertRowid);

/** Changes one of the tenant's roles. */
export const updateRole = (td: TenantData, id: number, r: RoleWrite): void =>
  void td.run("UPDATE role SET code = ?, name = ?, name_en = '', description = ?, description_en = '', parent_id = ? WHERE id = ? AND tenant_id = $tenant", r.code, r.name, r.description, r.parentId, id);

/** Grants a role these menus, elements and data groups (beside what it holds). */
export function grantRights(td: TenantData, roleId: number, menus: Iterable<string>, elements: Iterable<string>, dataGroups: Iterable<number>): void {
  for (const code of menus) td.run('INSERT INTO role_menu (role_id, menu_code) VALUES (?, ?)', roleId, code);
  for (const code of elements) td.run('INSERT INTO role_element (role_id, element_code) VALUES (?, ?)', roleId, code);
  for (const group of dataGroups) td.run('INSERT INTO role_data_group (role_id, data_group_id) VALUES (?, ?)', roleId, group);
}

/** A role's rights become exactly these menus, elements and data groups. */
export function replaceRights(td: TenantData, roleId: number, menus: Iterable<string>, elements: Iterable<string>, dataGroups: Iterable<number>): void {
  td.run('DELETE FROM role_menu WHERE role_id = ?', roleId);
  td.run('DELETE FROM role_element WHERE role_id = ?', roleId);
  td.run('DELETE FROM role_data_group WHERE role_id = ?', roleId);
  grantRights(td, roleId, menus, elements, dataGroups);
}

/** Removes one of the tenant's roles. */
export const deleteRole = (td: TenantData, id: number): void => void td.run('DELETE FROM role WHERE id = ? AND tenant_id = $tenant', id);
