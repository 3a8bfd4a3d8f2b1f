// Role groups (SPEC §6, §7 "Data groups and role groups"): roles with a code, a description, a
// parent role (any depth), function authority (menu and element codes) and data authority (data
// groups). Inheritance keeps every role's rights inside its parent's: removing a right from a role
// removes it from all roles below; adding a right to a role adds it to all roles above. The tenant's
// super admin role holds everything through its flag and is never edited, copied or deleted.
import type { FastifyPluginAsync } from 'fastify';
import { ELEMENT_CODES, MENU_SEED } from '../../../shared/api/menu-seed.ts';
import type { Role } from '../../../shared/api/user-types.ts';
import { ops } from '../../../shared/contract/role.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { PLATFORM_MENUS } from '../tokens.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';
import { makesCycle, subtree } from '../resource.ts';
import { dataGroupExists } from './data-group-data.ts';
import { deleteRole, grantRights, insertRole, loadRoles, MENU_CHILDREN, replaceRights, updateRole } from './role-data.ts';
import { isOperatorTenant } from './tenants-data.ts';

export { seed } from './role-seed.ts';

const MENU_CODES = new Set(MENU_SEED.map((m) => m.code));
const PARENT_OF = new Map(MENU_SEED.map((m) => [m.code, m.parentCode]));
const ELEMENTS = new Set<string>(ELEMENT_CODES);

const TEXTS = {
  notFound: { zh: '角色不存在', en: 'no such role' },
  superAdmin: { zh: '超级管理员角色拥有全部权限，不能修改、复制或删除', en: 'the super admin role holds every right and cannot be edited, copied or deleted' },
  codeTaken: { zh: '角色编码已存在', en: 'Name already exists' },
  badParent: { zh: '上级角色无效（不存在，或是它自己或它的下级）', en: 'invalid parent role (missing, itself, or one of its own sub-roles)' },
  badMenu: { zh: '功能权限中有未知的菜单或元素编码', en: 'the function authority names an unknown menu or element code' },
  badDataGroup: { zh: '数据权限中的分组不存在', en: 'a data group of the data authority does not exist' },
  hasUsers: { zh: '角色“{{name}}”仍有 {{count}} 个用户，请先移除', en: 'role "{{name}}" is still held by {{count}} user(s); remove it from them first' },
  hasChildren: { zh: '角色“{{name}}”下还有 {{count}} 个下级角色', en: 'role "{{name}}" still has {{count}} sub-role(s)' },
  copySuffix: { zh: '副本', en: 'copy' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXTS);

/**
 * Rights as stored: every page with its group (so the side menu can show it), and no group whose
 * pages are all gone.
 */
export function normaliseMenus(menus: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const code of menus) {
    out.add(code);
    const parent = PARENT_OF.get(code);
    if (parent) out.add(parent);
  }
  for (const code of [...out]) {
    const children = MENU_CHILDREN.get(code);
    if (children && !children.some((c) => out.has(c))) out.delete(code);
  }
  return out;
}

const plugin: FastifyPluginAsync = async (app) => {
  const parentsOf = (roles: readonly Role[]) => new Map(roles.map((r) => [r.id, r.parentId]));
  const ancestors = (roles: readonly Role[], id: number): number[] => {
    const parents = parentsOf(roles);
    const out: number[] = [];
    for (let at = parents.get(id) ?? null; at !== null && out.length <= roles.length; at = parents.get(at) ?? null) out.push(at);
    return out;
  };

  route(app, ops.list, async (request) => ok(loadRoles(tenantData(request))));

  /**
   * Writes one role's rights and keeps the tree consistent (SPEC §6): what the role lost is taken
   * from every role below it; what it gained is given to every role above it.
   */
  function writeRights(data: TenantData, roles: readonly Role[], id: number, menus: Set<string>, elements: Set<string>, dataGroups: Set<number>) {
    const before = roles.find((r) => r.id === id);
    const lost = { menus: before ? before.menus.filter((m) => !menus.has(m)) : [], elements: before ? before.elements.filter((e) => !elements.has(e)) : [], groups: before ? before.dataGroups.filter((g) => !dataGroups.has(g)) : [] };
    const below = subtree(parentsOf(roles), id).filter((x) => x !== id);
    const above = ancestors(roles, id);
    const set = (roleId: number, m: Iterable<string>, e: Iterable<string>, g: Iterable<number>) => replaceRights(data, roleId, m, e, g);
    set(id, menus, elements, dataGroups);
    for (const childId of below) {
      const child = roles.find((r) => r.id === childId)!;
      set(
        childId,
        normaliseMenus(child.menus.filter((m) => !lost.menus.includes(m))),
        child.elements.filter((e) => !lost.elements.includes(e)),
        child.dataGroups.filter((g) => !lost.groups.includes(g)),
      );
    }
    for (const parentId of above) {
      const parent = roles.find((r) => r.id === parentId)!;
      if (parent.superAdmin) continue;
      set(parentId, normaliseMenus([...parent.menus, ...menus]), new Set([...parent.elements, ...elements]), new Set([...parent.dataGroups, ...dataGroups]));
    }
  }

  route(
    app,
    ops.save,
    async (request) => {
      const data = tenantData(request);
      const b = request.body;
      const roles = loadRoles(data);
      const existing = b.id ? roles.find((r) => r.id === b.id) : undefined;
      if (b.id && !existing) return fail(say(request, 'notFound'));
      if (existing?.superAdmin) return fail(say(request, 'superAdmin'));
      const parentId = b.parentId ?? null;
      const parent = parentId !== null ? roles.find((r) => r.id === parentId) : null;
      if (parentId !== null && (!parent || (existing && makesCycle(parentsOf(roles), existing.id, parentId)))) return failField(say(request, 'badParent'), 'parentId');
      const code = b.code.trim();
      if (roles.some((r) => r.code === code && r.id !== existing?.id)) return failField(say(request, 'codeTaken'), 'code');
      const menus = normaliseMenus(b.menus ?? existing?.menus ?? []);
      const elements = new Set(b.elements ?? existing?.elements ?? []);
      const grantable = (m: string) => MENU_CODES.has(m) && (!PLATFORM_MENUS.includes(m) || isOperatorTenant(data));
      if ([...menus].some((m) => !grantable(m)) || [...elements].some((e) => !ELEMENTS.has(e))) return failField(say(request, 'badMenu'), 'menus');
      const dataGroups = new Set(b.dataGroups ?? existing?.dataGroups ?? []);
      for (const g of dataGroups) if (!dataGroupExists(data, g)) return failField(say(request, 'badDataGroup'), 'dataGroups');
      const id = data.tx(() => {
        let roleId = existing?.id;
        const fields = { code, name: b.name.trim(), description: (b.description ?? '').trim(), parentId };
        if (roleId === undefined) roleId = insertRole(data, fields);
        else updateRole(data, roleId, fields);
        writeRights(data, loadRoles(data), roleId, menus, elements, dataGroups);
        return roleId;
      });
      return ok(loadRoles(data).find((r) => r.id === id)!);
    },
  );

  route(app, ops.copy, async (request) => {
    const data = tenantData(request);
    const roles = loadRoles(data);
    const source = roles.find((r) => r.id === request.params.id);
    if (!source) return fail(say(request, 'notFound'));
    if (source.superAdmin) return fail(say(request, 'superAdmin'));
    let code = `${source.code}_copy`;
    for (let n = 2; roles.some((r) => r.code === code); n++) code = `${source.code}_copy${n}`;
    const suffix = TEXTS.copySuffix[langOf(request)];
    const id = data.tx(() => {
      const created = insertRole(data, { code: code.slice(0, 32), name: `${source.name} ${suffix}`.slice(0, 32), description: source.description, parentId: source.parentId });
      grantRights(data, created, source.menus, source.elements, source.dataGroups);
      return created;
    });
    return ok(loadRoles(data).find((r) => r.id === id)!);
  });

  route(app, ops.remove, async (request) => {
    const data = tenantData(request);
    const roles = loadRoles(data);
    const role = roles.find((r) => r.id === request.params.id);
    if (!role) return fail(say(request, 'notFound'));
    if (role.superAdmin) return fail(say(request, 'superAdmin'));
    if (role.userCount > 0) return fail(say(request, 'hasUsers', { name: role.name, count: role.userCount }));
    const children = roles.filter((r) => r.parentId === role.id).length;
    if (children > 0) return fail(say(request, 'hasChildren', { name: role.name, count: children }));
    deleteRole(data, role.id);
    return ok({ deleted: 1 as const });
  });
};

export default plugin;
