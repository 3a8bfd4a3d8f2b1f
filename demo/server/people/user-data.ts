// The people domain's users and departments in the database (SPEC §7 users and departments): the
// user list and its filters, saving users and their roles, the department tree, the export's and the
// import's rows. Every statement is the tenant's ($tenant); account and phone uniqueness are the
// platform's (a sign-in names no tenant) and are read through the Db platformData hands the routes.
import type { Department, UserRow } from '../../../shared/api/user-types.ts';
import type { Db } from '../db.ts';
import { likePattern, subtree } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

const ROLES_OF_USER = 'FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id';

/** A user as the API answers it (user u, department d); roles listed in the same order (by id). */
const USER = shape<UserRow>({
  id: col.value('u.id'),
  username: col.value('u.username'),
  name: col.value('u.name'),
  phone: col.value('u.phone'),
  email: col.value('u.email'),
  status: col.value('u.status'),
  gender: col.value('u.gender'),
  departmentId: col.value('u.department_id'),
  departmentName: col.value("COALESCE(loc(d.name, d.name_en), '')"),
  roleIds: col.gatherIds('r.id', ROLES_OF_USER, 'r.id'),
  roleNames: col.gather('loc(r.name, r.name_en)', ROLES_OF_USER, 'r.id'),
  superAdmin: col.flag(`EXISTS (SELECT 1 ${ROLES_OF_USER} AND r.super_admin = 1)`),
});

const SELECT = `SELECT ${USER.select} FROM user u LEFT JOIN department d ON d.id = u.department_id AND d.tenant_id = $tenant`;

/** A department of the tenant: its name in the caller's language, both stored names, its parent. */
export interface DepartmentRow {
  id: number;
  name: string;
  stored_name: string;
  name_en: string;
  parent_id: number | null;
}

export const departmentOf = (data: TenantData, id: number): DepartmentRow | undefined =>
  data.get<DepartmentRow>('SELECT id, loc(name, name_en) AS name, name AS stored_name, name_en, parent_id FROM department WHERE id = ? AND tenant_id = $tenant', id);

/** Every department of the tenant and its parent. */
export const departmentParents = (data: TenantData): Map<number, number | null> =>
  new Map(data.all<{ id: number; parent_id: number | null }>('SELECT id, parent_id FROM department WHERE tenant_id = $tenant').map((r) => [r.id, r.parent_id]));

/** Accounts and phone numbers across the platform (people sign in by either without naming a tenant); prepared once. */
export interface PlatformAccounts {
  accountTaken(username: string): boolean;
  /** Whether another user (not `exceptId`; 0 for none) holds this non-empty phone number. */
  phoneTaken(phone: string, exceptId: number): boolean;
}

export function platformAccounts(db: Db): PlatformAccounts {
  const account = db.prepare('SELECT 1 FROM user WHERE username = ?');
  const phone = db.prepare("SELECT 1 FROM user WHERE phone = ? AND phone <> '' AND id <> ?");
  return {
    accountTaken: (username) => account.get(username) !== undefined,
    phoneTaken: (number, exceptId) => phone.get(number, exceptId) !== undefined,
  };
}

export function findUser(data: TenantData, id: number): UserRow | null {
  const row = data.get(`${SELECT} WHERE u.id = ? AND u.tenant_id = $tenant`, id);
  return row ? USER.read(row) : null;
}

/** Roles the caller may hand out: of their tenant, never the super admin role. */
export const validRoles = (data: TenantData, ids: readonly number[]): boolean =>
  ids.every((id) => data.get('SELECT 1 FROM role WHERE id = ? AND tenant_id = $tenant AND super_admin = 0', id) !== undefined);

export interface UserFilter {
  keyword?: string;
  departmentId?: number | null;
  status?: string;
}

/** One page of the tenant's users (a department filter takes its sub-departments too). */
export function listUsers(data: TenantData, q: UserFilter, limit: number, offset: number): { rows: UserRow[]; total: number } {
  const clauses = ['u.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (q.keyword) {
    clauses.push("(u.username LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\')");
    args.push(likePattern(q.keyword), likePattern(q.keyword));
  }
  if (q.departmentId) {
    const ids = departmentOf(data, q.departmentId) ? subtree(departmentParents(data), q.departmentId) : [];
    clauses.push(`u.department_id IN (${ids.map(() => '?').join(',') || 'NULL'})`);
    args.push(...ids);
  }
  if (q.status) {
    clauses.push('u.status = ?');
    args.push(q.status);
  }
  const where = clauses.join(' AND ');
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user u WHERE ${where}`, ...args)!.n;
  const rows = data.all(`${SELECT} WHERE ${where} ORDER BY u.id LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: USER.all(rows), total };
}

export interface NewUser {
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  email: string;
  status: string;
  gender: string;
  departmentId: number | null;
  roleIds: readonly number[];
}

/** Creates a user with their roles, in one transaction; answers the id. */
export const insertUser = (data: TenantData, u: NewUser): number =>
  data.tx(() => {
    const created = Number(
      data.run(
        'INSERT INTO user (tenant_id, username, password_hash, name, phone, email, status, gender, department_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)',
        u.username,
        u.passwordHash,
        u.name,
        u.phone,
        u.email,
        u.status,
        u.gender,
        u.departmentId,
      ).lastInsertRowid,
    );
    for (const roleId of new Set(u.roleIds)) data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', created, roleId);
    return created;
  });

export interface UserEdit {
  name: string;
  phone: string;
  email: string;
  status: string;
  gender: string;
  departmentId: number | null;
  /** A new password's hash: it ends the user's sessions. */
  passwordHash: string | null;
}

/** Saves a user's details (and a new password, ending their sessions), in one transaction. */
export function updateUser(data: TenantData, id: number, u: UserEdit): void {
  data.tx(() => {
    data.run(
      'UPDATE user SET name = ?, phone = ?, email = ?, status = ?, gender = ?, department_id = ? WHERE id = ? AND tenant_id = $tenant',
      u.name,
      u.phone,
      u.email,
      u.status,
      u.gender,
      u.departmentId,
      id,
    );
    if (u.passwordHash) {
      setPasswordHash(data, id, u.passwordHash);
      // A new password ends the user's sessions.
      data.run('DELETE FROM token WHERE user_id = ? AND tenant_id = $tenant', id);
    }
  });
}

/** Stores a user's password hash (sessions stay; a caller that means to end them says so). */
export const setPasswordHash = (data: TenantData, id: number, hash: string): void => void data.run('UPDATE user SET password_hash = ? WHERE id = ? AND tenant_id = $tenant', hash, id);

/** Replaces a user's roles, in one transaction. */
export function setUserRoles(data: TenantData, id: number, roleIds: readonly number[]): void {
  data.tx(() => {
    data.run('DELETE FROM user_role WHERE user_id = ?', id);
    for (const roleId of new Set(roleIds)) data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', id, roleId);
  });
}

/** Deletes the tenant's users, all in one transaction; answers how many. */
export const deleteUsers = (data: TenantData, ids: readonly number[]): number =>
  data.tx(() => ids.reduce((n, id) => n + Number(data.run('DELETE FROM user WHERE id = ? AND tenant_id = $tenant', id).changes), 0));

/** The users holding one role (the role page's members), at most 1000. */
export const roleMembers = (data: TenantData, roleId: number): UserRow[] =>
  USER.all(data.all(`${SELECT} WHERE u.tenant_id = $tenant AND u.id IN (SELECT user_id FROM user_role WHERE role_id = ?) ORDER BY u.id LIMIT 1000`, roleId));

// ---- departments ------------------------------------------------------------------------------------

/** The tenant's departments as a tree, each with its head's name and its number of users. */
export function departmentTree(data: TenantData): Department[] {
  const rows = data.all<{ id: number; parent_id: number | null; name: string; sort: number; head_user_id: number | null; head_name: string | null; users: number }>(
    'SELECT d.id, d.parent_id, loc(d.name, d.name_en) AS name, d.sort, d.head_user_id, (SELECT name FROM user h WHERE h.id = d.head_user_id AND h.tenant_id = $tenant) AS head_name, (SELECT COUNT(*) FROM user u WHERE u.department_id = d.id AND u.tenant_id = $tenant) AS users FROM department d WHERE d.tenant_id = $tenant ORDER BY d.sort, d.id',
  );
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, sort: r.sort, headUserId: r.head_user_id, headName: r.head_name ?? '', userCount: r.users, children: [] as Department[] }]));
  const top: Department[] = [];
  for (const n of nodes.values()) (n.parentId !== null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : top).push(n);
  return top;
}

/** Whether another department under the same parent (not `exceptId`) is named `name` or, in English, `typed`. */
export const departmentNameTaken = (data: TenantData, parentId: number | null, name: string, typed: string, exceptId: number | null): boolean =>
  data.get('SELECT 1 FROM department WHERE tenant_id = $tenant AND parent_id IS ? AND (name = ? OR name_en = ?) AND id IS NOT ?', parentId, name, typed, exceptId) !== undefined;

export const userExists = (data: TenantData, id: number): boolean => data.get('SELECT 1 FROM user WHERE id = ? AND tenant_id = $tenant', id) !== undefined;

export const insertDepartment = (data: TenantData, parentId: number | null, name: string, sort: number, headUserId: number | null): number =>
  Number(data.run('INSERT INTO department (tenant_id, parent_id, name, sort, head_user_id) VALUES ($tenant, ?, ?, ?, ?)', parentId, name, sort, headUserId).lastInsertRowid);

/** Saves a department; a sort left out (null) keeps the stored one. */
export function updateDepartment(data: TenantData, id: number, d: { parentId: number | null; name: string; nameEn: string; sort: number | null; headUserId: number | null }): void {
  data.run('UPDATE department SET parent_id = ?, name = ?, name_en = ?, sort = COALESCE(?, sort), head_user_id = ? WHERE id = ? AND tenant_id = $tenant', d.parentId, d.name, d.nameEn, d.sort, d.headUserId, id);
}

/** How many users a department holds (its own, not its sub-departments'). */
export const departmentUserCount = (data: TenantData, id: number): number =>
  data.get<{ n: number }>('SELECT COUNT(*) AS n FROM user WHERE department_id = ? AND tenant_id = $tenant', id)!.n;

/** How many sub-departments a department has directly. */
export const departmentChildCount = (data: TenantData, id: number): number =>
  data.get<{ n: number }>('SELECT COUNT(*) AS n FROM department WHERE parent_id = ? AND tenant_id = $tenant', id)!.n;

export const deleteDepartment = (data: TenantData, id: number): void => void data.run('DELETE FROM department WHERE id = ? AND tenant_id = $tenant', id);

// ---- export and import ------------------------------------------------------------------------------

/**
 * The users an export takes (a department with its sub-departments, a keyword), chosen when the
 * export is asked for: how many now, and the rows when the task reads them.
 */
export function usersToExport(data: TenantData, departmentId: number | null, keyword: string): { total: number; rows: () => UserRow[] } {
  const ids = departmentId !== null ? subtree(departmentParents(data), departmentId) : null;
  const where = `u.tenant_id = $tenant${ids ? ` AND u.department_id IN (${ids.map(() => '?').join(',') || 'NULL'})` : ''}${keyword ? " AND (u.username LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\')" : ''}`;
  const args = [...(ids ?? []), ...(keyword ? [likePattern(keyword), likePattern(keyword)] : [])];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user u WHERE ${where}`, ...args)!.n;
  return { total, rows: () => USER.all(data.all(`${SELECT} WHERE ${where} ORDER BY u.id`, ...args)) };
}

export interface ImportedUser {
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  email: string;
  departmentId: number | null;
}

/** Stores an import's good rows: all of them or none. */
export function insertImportedUsers(data: TenantData, users: readonly ImportedUser[]): void {
  data.tx(() => {
    const insert = 'INSERT INTO user (tenant_id, username, password_hash, name, phone, email, department_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?)';
    for (const u of users) data.run(insert, u.username, u.passwordHash, u.name, u.phone, u.email, u.departmentId);
  });
}
