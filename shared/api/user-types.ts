// People of a tenant (SPEC §3 user and role fields, §4 account states, §7 user, department and role
// calls): the shapes the user, department and role pages and the demo platform share.
import type { Static } from 'typebox';
import type * as R from '../contract/role.ts';
import type * as U from '../contract/user.ts';

/** SPEC §4 account states: normal, logged off, deactivated, expired. Only normal may sign in. */
export const USER_STATUSES = ['normal', 'logoff', 'deactivated', 'overdue'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['male', 'female', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

// Users and departments come from their declarations (shared/contract/user.ts), types only.
/** POST /api/admin/user/page. */
export type UserPageQuery = Static<typeof U.UserPageQuery>;
export type UserRow = Static<typeof U.UserRow>;
export type UserPage = Static<typeof U.UserPage>;
/** POST /api/admin/user. */
export type UserCreate = Static<typeof U.UserCreate>;
/** PUT /api/admin/user/{id}; password and confirmPassword together, or neither. */
export type UserUpdate = Static<typeof U.UserUpdate>;
/** PUT /api/admin/user/roles/{id}. */
export type UserRoles = Static<typeof U.UserRoles>;
export type Department = Static<typeof U.Department>;
/** POST (create) and PUT (id set) /api/admin/user/dep. */
export type DepartmentSave = Static<typeof U.DepartmentCreate>;

// Roles come from their declarations (shared/contract/role.ts), types only.
export type Role = Static<typeof R.Role>;
/** PUT /api/admin/group/role: create when id is absent. */
export type RoleSave = Static<typeof R.RoleSave>;

/** POST /api/admin/user/dep/importUser/import answers the task that runs it. */
export interface ImportStarted {
  key: string;
  hashKey: string;
}
