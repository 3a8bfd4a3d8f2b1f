// People of a tenant (SPEC §3 user and role fields, §4 account states, §7 user, department and role
// calls): the shapes the user, department and role pages and the demo platform share.
import type { Static } from 'typebox';
import type * as R from '../contract/role.ts';

/** SPEC §4 account states: normal, logged off, deactivated, expired. Only normal may sign in. */
export const USER_STATUSES = ['normal', 'logoff', 'deactivated', 'overdue'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['male', 'female', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

/** POST /api/admin/user/page. */
export interface UserPageQuery {
  page: number;
  limit: number;
  /** Matches user name or account. */
  keyword?: string;
  /** Users of this department and the departments below it. */
  departmentId?: number;
  status?: UserStatus;
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  phone: string;
  email: string;
  status: UserStatus;
  gender: Gender;
  departmentId: number | null;
  departmentName: string;
  roleIds: number[];
  roleNames: string[];
  /** The tenant's super admin: cannot be deleted or given roles. */
  superAdmin: boolean;
}

export interface UserPage {
  rows: UserRow[];
  total: number;
}

/** POST /api/admin/user. */
export interface UserCreate {
  username: string;
  name: string;
  password: string;
  confirmPassword: string;
  phone: string;
  email?: string;
  gender?: Gender;
  status?: UserStatus;
  departmentId?: number | null;
  roleIds?: number[];
}

/** PUT /api/admin/user/{id}; password and confirmPassword together, or neither. */
export interface UserUpdate {
  name: string;
  phone: string;
  email?: string;
  gender?: Gender;
  status?: UserStatus;
  departmentId?: number | null;
  password?: string;
  confirmPassword?: string;
}

/** PUT /api/admin/user/roles/{id}. */
export interface UserRoles {
  roleIds: number[];
}

export interface Department {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  /** Who heads it (approves workflow steps that go to the initiator's department head). */
  headUserId: number | null;
  headName: string;
  /** Users directly in this department. */
  userCount: number;
  children: Department[];
}

/** POST (create) and PUT (id set) /api/admin/user/dep. */
export interface DepartmentSave {
  id?: number;
  parentId: number | null;
  name: string;
  headUserId?: number | null;
  sort?: number;
}

// Roles come from their declarations (shared/contract/role.ts), types only.
export type Role = Static<typeof R.Role>;
/** PUT /api/admin/group/role: create when id is absent. */
export type RoleSave = Static<typeof R.RoleSave>;

/** POST /api/admin/user/dep/importUser/import answers the task that runs it. */
export interface ImportStarted {
  key: string;
  hashKey: string;
}
