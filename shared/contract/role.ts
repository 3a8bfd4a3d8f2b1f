// Roles (groupManager, SPEC §6): a tree of roles of the tenant, each with menu, element and data-group
// rights; what a role loses is taken from the roles below it, what it gains is given to those above.
import Type from 'typebox';
import { PATTERNS, LENGTHS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Name1, Strict, Text } from './fields.ts';

const TAG = 'Roles';

export const Role = Strict({
  id: Id(),
  code: Type.String(),
  name: Type.String({ description: "In the caller's language for the seeded roles" }),
  description: Type.String(),
  parentId: Type.Union([Id(), Type.Null()], { description: 'The role above it, null at the top' }),
  superAdmin: Type.Boolean({ description: "The tenant super admin's role: every right, cannot be changed or deleted" }),
  menus: Type.Array(Type.String(), { description: 'Menu codes (groups and pages) the role holds' }),
  elements: Type.Array(Type.String(), { description: 'Element codes (progress:view, video:play, …)' }),
  dataGroups: Type.Array(Id(), { description: 'Data groups (data authority)' }),
  userCount: Type.Integer({ minimum: 0 }),
});

const Codes = (description: string) => Type.Optional(Type.Array(Text(1, 64), { maxItems: 500, description }));

export const RoleSave = Strict({
  id: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'The role to change; none adds a role' })),
  code: Type.String({ minLength: 2, maxLength: 32, pattern: PATTERNS.accountChars, 'x-rule': 'validate.account.chars', description: 'Letters, digits, _ . - (2 to 32); unique within the tenant' }),
  name: Name1(2, 32),
  description: Type.Optional(Text(LENGTHS.description[0], LENGTHS.description[1], { multiline: true })),
  parentId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'The role above it (not itself or one below it); null at the top' })),
  menus: Codes('Menu codes; a group is kept only with one of its pages. Left out: unchanged'),
  elements: Codes('Element codes. Left out: unchanged'),
  dataGroups: Type.Optional(Ids(1000, 0, { description: "The tenant's data groups. Left out: unchanged" })),
});

const sample = { id: 3, code: 'operator', name: 'Operator', description: 'Duty monitoring', parentId: null, superAdmin: false, menus: ['alarm', 'alarmSearch'], elements: ['video:play'], dataGroups: [], userCount: 2 };

export const ops = {
  list: operation({
    method: 'GET',
    path: '/api/admin/group/roles',
    rights: { menu: 'groupManager' },
    tag: TAG,
    summary: "The tenant's roles with their rights",
    description: 'In the order they were made; parentId gives the tree.',
    data: Type.Array(Role),
    examples: { data: [sample] },
  }),
  save: operation({
    method: 'PUT',
    path: '/api/admin/group/role',
    rights: { menu: 'groupManager' },
    tag: TAG,
    summary: 'Adds or changes a role and its rights, keeping the tree consistent',
    description:
      "Refused for the super admin's role, a code in use, a parent that is not the tenant's or lies below the role, a menu or element the tenant may not grant, or a data group that is not the tenant's; the refusal names the field.",
    body: RoleSave,
    data: Role,
    examples: { body: { code: 'operator', name: 'Operator', menus: ['alarm', 'alarmSearch'], elements: ['video:play'], dataGroups: [] }, data: sample },
  }),
  copy: operation({
    method: 'POST',
    path: '/api/admin/group/roles/copy/:id',
    rights: { menu: 'groupManager' },
    tag: TAG,
    summary: 'Copies a role with its rights under the same parent',
    description: "The copy's code and name get a suffix. Takes no body. Refused for the super admin's role or a role that is not the tenant's.",
    params: IdParams,
    data: Role,
    examples: { params: { id: 3 }, data: { ...sample, id: 4, code: 'operator_copy', name: 'Operator (copy)', userCount: 0 } },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/admin/group/role/:id',
    rights: { menu: 'groupManager' },
    tag: TAG,
    summary: 'Deletes a role',
    description: "Refused for the super admin's role, a role that still has users or roles below it, or one that is not the tenant's.",
    params: IdParams,
    data: Strict({ deleted: Type.Literal(1) }),
    examples: { params: { id: 4 }, data: { deleted: 1 } },
  }),
};
