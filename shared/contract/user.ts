// Users and departments of a tenant (SPEC §3 user fields, §4 account states, §5 rules, §7 user and
// department calls): the user list, adding and changing accounts, their roles, the department tree,
// a role's members, and the export and import of users.
import Type from 'typebox';
import { GENDERS, USER_STATUSES } from '../api/user-types.ts';
import { LENGTHS, PASSWORD_BOUNDS, PATTERNS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, Name1, OneOf, Strict, Text, PageOf, PageQueryOf } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Users';
const MAX_ROLES = 50;

export const UserStatus = OneOf(USER_STATUSES, { description: 'SPEC §4: normal, logoff, deactivated, overdue; only normal may sign in' });
export const Gender = OneOf(GENDERS);

export const UserRow = Strict({
  id: Id(),
  username: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  status: UserStatus,
  gender: Gender,
  departmentId: Type.Union([Id(), Type.Null()]),
  departmentName: Type.String(),
  roleIds: Type.Array(Id()),
  roleNames: Type.Array(Type.String()),
  superAdmin: Type.Boolean({ description: "The tenant's super admin: cannot be deleted or given roles" }),
});

export const UserPage = PageOf(UserRow);

const filters = {
  keyword: Type.Optional(Text(0, 64, { description: 'Matches the user name or account' })),
  departmentId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'Users of this department and the departments below it' })),
  status: Type.Optional(UserStatus),
};

export const UserPageQuery = PageQueryOf({ ...filters });
export const UserExportQuery = Strict(filters);

const [pwMin, pwMax] = PASSWORD_BOUNDS.user;
const Password = (description: string) => Type.String({ minLength: pwMin, maxLength: pwMax, description: `${pwMin} to ${pwMax} characters; ${description}` });
const personFields = {
  name: Name1(LENGTHS.name[0], LENGTHS.name[1]),
  phone: Type.String({ pattern: PATTERNS.phone, 'x-rule': 'validate.phone.format', description: 'SPEC §5: 11 digits, 1 then 3 to 9; unique' }),
  email: Type.Optional(Type.String({ maxLength: 120, pattern: `^$|${PATTERNS.email}`, 'x-rule': 'validate.email', description: "An address, or ''" })),
  gender: Type.Optional(Gender),
  status: Type.Optional(UserStatus),
  departmentId: Type.Optional(Type.Union([Id(), Type.Null()], { description: "One of the tenant's departments, or null" })),
};

export const UserCreate = Strict({
  username: Type.String({ minLength: LENGTHS.account[0], maxLength: LENGTHS.account[1], pattern: PATTERNS.accountChars, 'x-rule': 'validate.account.chars', description: 'Letters, digits, _ . - (4 to 32); unique across the platform (people sign in by it)' }),
  password: Password('entered twice'),
  confirmPassword: Type.String({ maxLength: pwMax, description: 'The password again' }),
  ...personFields,
  roleIds: Type.Optional(Ids(MAX_ROLES, 0, { description: "The tenant's roles (never the super admin's)" })),
});

export const UserUpdate = Strict({
  ...personFields,
  password: Type.Optional(Type.Union([Password('a new password ends the user\'s sessions'), Type.Literal('')])),
  confirmPassword: Type.Optional(Type.String({ maxLength: pwMax, description: 'The new password again' })),
});

export const UserRoles = Strict({ roleIds: Ids(MAX_ROLES, 0, { description: "The tenant's roles (never the super admin's)" }) });

const departmentFields = {
  id: Id(),
  parentId: Type.Union([Id(), Type.Null()]),
  name: Type.String({ description: "In the caller's language for the seeded departments" }),
  sort: Type.Integer(),
  headUserId: Type.Union([Id(), Type.Null()], { description: "Who heads it (approves workflow steps that go to the initiator's department head)" }),
  headName: Type.String(),
  userCount: Type.Integer({ minimum: 0, description: 'Users directly in this department' }),
};

/** A department with the departments below it (any depth). */
export const Department = Type.Cyclic(
  { UserDepartment: Type.Object({ ...departmentFields, children: Type.Array(Type.Ref('UserDepartment')) }, { additionalProperties: false }) },
  'UserDepartment',
);

const depSaveFields = {
  parentId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'The department above it (not itself or one below it); null at the top' })),
  name: Type.String({ minLength: 1, maxLength: 64, pattern: PATTERNS.groupName, 'x-rule': 'validate.name.group', description: 'Unique among its siblings' }),
  headUserId: Type.Optional(Type.Union([Id(), Type.Null()], { description: "One of the tenant's users, or null" })),
  sort: Type.Optional(Int(0, 100_000)),
};
export const DepartmentCreate = Strict({ id: Type.Optional(Type.Union([Id(), Type.Null()])), ...depSaveFields });
export const DepartmentUpdate = Strict({ id: Id({ description: 'The department to change' }), ...depSaveFields });

const sampleUser = {
  id: 5,
  username: 'zhang.san',
  name: 'Zhang San',
  phone: '13812345678',
  email: 'zhang.san@example.com',
  status: 'normal',
  gender: 'male',
  departmentId: 2,
  departmentName: 'Operations centre',
  roleIds: [3],
  roleNames: ['Operator'],
  superAdmin: false,
};
const mng = { menu: 'userMng' } as const;

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/admin/user/page',
    rights: mng,
    tag: TAG,
    summary: "The tenant's users, paged",
    description: 'Filtered by text in the name or account, a department (with those below it) and the account state.',
    body: UserPageQuery,
    data: UserPage,
    examples: { body: { page: 1, limit: 20, status: 'normal' }, data: { rows: [sampleUser], total: 1 } },
  }),
  nameExists: operation({
    method: 'GET',
    path: '/api/admin/user/name/:name',
    rights: mng,
    tag: TAG,
    summary: 'Whether an account name is taken (while typing)',
    description: 'Accounts are unique across the platform: people sign in by them.',
    params: Strict({ name: Text(1, 64) }),
    data: Strict({ exists: Type.Boolean() }),
    examples: { params: { name: 'zhang.san' }, data: { exists: true } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/user',
    rights: mng,
    tag: TAG,
    summary: 'Adds a user',
    description: "Refused for an account or phone in use, passwords that differ, a department or role that is not the tenant's (or the super admin's role); the refusal names the field.",
    body: UserCreate,
    data: UserRow,
    examples: {
      body: { username: 'zhang.san', name: 'Zhang San', password: 'Welcome2024', confirmPassword: 'Welcome2024', phone: '13812345678', email: 'zhang.san@example.com', gender: 'male', departmentId: 2, roleIds: [3] },
      data: sampleUser,
    },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/user/:id',
    rights: mng,
    tag: TAG,
    summary: 'Changes a user (the account name is fixed)',
    description: "A new password (entered twice) ends the user's sessions. The super admin stays normal. Refused for a phone in use or a department that is not the tenant's.",
    params: IdParams,
    body: UserUpdate,
    data: UserRow,
    examples: { params: { id: 5 }, body: { name: 'Zhang San', phone: '13812345678', status: 'deactivated' }, data: { ...sampleUser, status: 'deactivated' } },
  }),
  roles: operation({
    method: 'PUT',
    path: '/api/admin/user/roles/:id',
    rights: mng,
    tag: TAG,
    summary: "Sets a user's roles",
    description: "Refused for the super admin and for a role that is not the tenant's or is the super admin's.",
    params: IdParams,
    body: UserRoles,
    data: UserRow,
    examples: { params: { id: 5 }, body: { roleIds: [3] }, data: sampleUser },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/admin/user/:a/:b',
    rights: mng,
    tag: TAG,
    summary: 'Deletes users: /api/admin/user/{tenantId}/{ids, comma separated}',
    description: "All or none. Refused for another tenant, an id that is not the tenant's, the super admin, or the caller.",
    params: Strict({ a: Id({ description: "The caller's tenant id" }), b: Type.String({ minLength: 1, maxLength: 11_000, pattern: '^\\s*\\d+\\s*(,\\s*\\d+\\s*)*$', description: 'User ids, comma separated (at most 1000)' }) }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { params: { a: 1, b: '5,6' }, data: { deleted: 2 } },
  }),
  departments: operation({
    method: 'POST',
    path: '/api/admin/user/dep/page',
    rights: mng,
    tag: TAG,
    summary: "The tenant's department tree",
    description: 'Top departments in order, each with the departments below it. Takes no body.',
    data: Type.Array(Department),
    examples: { data: [{ id: 1, parentId: null, name: 'Head office', sort: 0, headUserId: null, headName: '', userCount: 3, children: [] }] },
  }),
  createDepartment: operation({
    method: 'POST',
    path: '/api/admin/user/dep',
    rights: mng,
    tag: TAG,
    summary: 'Adds a department',
    description: "Refused for a parent or head that is not the tenant's, or a name its siblings have.",
    body: DepartmentCreate,
    data: Strict({ id: Id() }),
    examples: { body: { parentId: 1, name: 'Security', sort: 10 }, data: { id: 4 } },
  }),
  updateDepartment: operation({
    method: 'PUT',
    path: '/api/admin/user/dep',
    rights: mng,
    tag: TAG,
    summary: 'Changes a department (name, parent, head, order)',
    description: "The same checks as adding; a parent below the department itself is refused.",
    body: DepartmentUpdate,
    data: Strict({ id: Id() }),
    examples: { body: { id: 4, parentId: 1, name: 'Security', headUserId: 5 }, data: { id: 4 } },
  }),
  removeDepartment: operation({
    method: 'DELETE',
    path: '/api/admin/user/dep/:id',
    rights: mng,
    tag: TAG,
    summary: 'Deletes a department',
    description: "Refused while it has users or departments below it, or when it is not the tenant's.",
    params: IdParams,
    data: Strict({ deleted: Type.Literal(1) }),
    examples: { params: { id: 4 }, data: { deleted: 1 } },
  }),
  members: operation({
    method: 'POST',
    path: '/api/admin/user/group',
    rights: { menu: 'groupManager' },
    tag: TAG,
    summary: 'The users holding a role (at most 1000)',
    description: "Only the tenant's users.",
    body: Strict({ roleId: Id() }),
    data: Type.Array(UserRow),
    examples: { body: { roleId: 3 }, data: [sampleUser] },
  }),
  export: operation({
    method: 'POST',
    path: '/api/admin/user/dep/exportPage',
    rights: mng,
    tag: TAG,
    summary: 'Exports the matching users to a spreadsheet (a background task)',
    description: "The list's filters (text, department). The answer names the background task; its file is offered in the progress panel. Refused while the user runs too many tasks.",
    body: UserExportQuery,
    data: ProgressKey,
    examples: { body: { departmentId: 2 }, data: { key: 'userExport', hashKey: '0123456789abcdef' } },
  }),
  template: operation({
    method: 'GET',
    path: '/api/admin/user/dep/importUser/template',
    rights: mng,
    tag: TAG,
    summary: 'The import template (an xlsx spreadsheet with one sample row)',
    description: 'Answers the file itself, not an envelope; its headers are in the caller\'s language.',
    data: Type.Never({ description: 'On success the answer is the file, not an envelope' }),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
  import: operation({
    method: 'POST',
    path: '/api/admin/user/dep/importUser/import',
    rights: mng,
    tag: TAG,
    summary: 'Imports users from a spreadsheet (a background task)',
    description:
      'multipart/form-data: the file (the template\'s columns) and optionally skipBad. Each row is checked like adding a user; a department is named by its path in either language. With bad rows and no skipBad nothing is stored and the task offers an error report.',
    data: ProgressKey,
    examples: { data: { key: 'userImport', hashKey: '0123456789abcdef' } },
  }),
};
