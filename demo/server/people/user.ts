// People of a tenant (SPEC §7 users and departments): the user list, create, edit, roles, password
// reset, delete; the department tree; import and export of users as spreadsheets through background
// tasks. Every query is scoped to the caller's tenant; the tenant's super admin can be neither
// deleted nor given roles; an account that is not normal cannot sign in and its tokens stop at once
// (tokens.ts findSession checks the status on every call).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ProgressKey } from '../../../shared/api/progress-types.ts';
import type { Department, DepartmentSave } from '../../../shared/api/user-types.ts';
import { ops } from '../../../shared/contract/user.ts';
import { KEYS, validateObject } from '../../../shared/validate/index.ts';
import { userCreateSchema } from '../../../shared/validate/people.ts';
import { route } from '../contract.ts';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db.ts';
import { describeIssue, fail, failField, ok, userOf, type Issue } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { namesAfterEdit, requestLang } from '../local-names.ts';
import { hashPassword } from './passwords.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { makesCycle, offsetOf, readImportUpload, startExport, startImport, tooManyTasks, type SheetColumn } from '../resource.ts';
import {
  deleteDepartment,
  deleteUsers,
  departmentChildCount,
  departmentNameTaken,
  departmentOf,
  departmentParents,
  departmentTree,
  departmentUserCount,
  findUser,
  insertDepartment,
  insertImportedUsers,
  insertUser,
  listUsers,
  platformAccounts,
  roleMembers,
  setUserRoles,
  updateDepartment,
  updateUser,
  userExists,
  usersToExport,
  validRoles,
} from './user-data.ts';
import { seedPeople } from './user-seed.ts';

/** First start: a small organisation for the first tenant, with the demo accounts placed in it. */
export const seed = (db: Db, config: AppConfig): void => seedPeople(db, config);

const TEXTS = {
  notFound: { zh: '用户不存在', en: 'no such user' },
  accountTaken: { zh: '账号已存在', en: 'Name already exists' },
  phoneTaken: { zh: '该手机号码已被使用', en: 'this phone number is already in use' },
  superAdmin: { zh: '租户超级管理员不能删除，也不能分配角色或停用', en: 'the tenant super admin cannot be deleted, given roles or deactivated' },
  self: { zh: '不能删除自己的账号', en: 'you cannot delete your own account' },
  badDepartment: { zh: '部门不存在', en: 'no such department' },
  badRole: { zh: '角色不存在，或是超级管理员角色', en: 'no such role, or it is the super admin role' },
  badTenant: { zh: '只能删除本租户的用户', en: 'only users of your own tenant can be deleted' },
  badIds: { zh: '用户 ID 列表无效（1 到 1000 个数字，用逗号分隔）', en: 'invalid user ids (1 to 1000 numbers, comma separated)' },
  depNotFound: { zh: '部门不存在', en: 'no such department' },
  headNotFound: { zh: '负责人不存在', en: 'no such user for the department head' },
  depSameName: { zh: '同一上级下已有同名部门', en: 'The same name already exists.' },
  depCycle: { zh: '上级部门不能是它自己或它的下级', en: 'a department cannot be placed under itself or one of its own sub-departments' },
  depHasUsers: { zh: '部门“{{name}}”下还有 {{count}} 个用户，请先移走', en: 'department "{{name}}" still holds {{count}} user(s); move them first' },
  depHasChildren: { zh: '部门“{{name}}”下还有 {{count}} 个下级部门，请先删除', en: 'department "{{name}}" still has {{count}} sub-department(s); delete them first' },
  importTitle: { zh: '导入用户', en: 'Import users' },
  exportTitle: { zh: '导出用户', en: 'Export users' },
  rowDuplicate: { zh: '账号在文件中重复', en: 'the account appears twice in the file' },
  rowDepartment: { zh: '部门不存在', en: 'no such department' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXTS);

/** The sheet's columns; headers are read back in either language. */
const SHEET: ReadonlyArray<SheetColumn & { zh: string; en: string }> = [
  { key: 'username', header: '账号', zh: '账号', en: 'Account' },
  { key: 'name', header: '姓名', zh: '姓名', en: 'Name' },
  { key: 'phone', header: '手机号码', zh: '手机号码', en: 'Phone' },
  { key: 'email', header: '邮箱', zh: '邮箱', en: 'Email' },
  { key: 'department', header: '部门', zh: '部门', en: 'Department' },
  { key: 'password', header: '初始密码', zh: '初始密码', en: 'Initial password' },
];
const SHEET_HEADERS = Object.fromEntries(SHEET.map((c) => [c.key, [c.zh, c.en]]));
const sheetColumns = (lang: Lang): SheetColumn[] => SHEET.map((c) => ({ key: c.key, header: c[lang], width: c.key === 'email' ? 28 : 16 }));

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // Accounts and phone numbers are unique across the platform: people sign in by either without naming a tenant.
  const platform = platformData(app, 'accounts and phone numbers are unique across the platform (a sign-in names no tenant)');
  // Exports and imports run on the task runner, one per database (operations/tasks.ts).
  const tasks = platformData(app, 'exports and imports run on the task runner, which is one per database for every tenant');
  const { accountTaken, phoneTaken } = platformAccounts(platform);
  const validDepartment = (data: TenantData, id: number | null | undefined): boolean => id === null || id === undefined || departmentOf(data, id) !== undefined;

  /** The two passwords must match (SPEC §5): a rule across two fields, checked here. */
  const mismatch = (request: FastifyRequest, password: string | undefined, confirm: string | undefined) =>
    (password ?? '') === (confirm ?? '') ? null : failField(translate(langOf(request), KEYS.passwordMismatch), 'confirmPassword');

  // ---- users --------------------------------------------------------------------------------------

  route(
    app,
    ops.page,
    async (request) => {
      const q = request.body;
      return ok(listUsers(tenantData(request), q, q.limit, offsetOf(q)));
    },
  );

  // Uniqueness while typing: accounts are unique across the platform (they sign in by it).
  route(app, ops.nameExists, async (request) => {
    const name = request.params.name.trim();
    return ok({ exists: name !== '' && accountTaken(name) });
  });

  route(
    app,
    ops.create,
    async (request) => {
      const data = tenantData(request);
      const b = request.body;
      const differ = mismatch(request, b.password, b.confirmPassword);
      if (differ) return differ;
      const username = b.username.trim();
      if (accountTaken(username)) return failField(say(request, 'accountTaken'), 'username');
      if (phoneTaken(b.phone.trim(), 0)) return failField(say(request, 'phoneTaken'), 'phone');
      if (!validDepartment(data, b.departmentId)) return failField(say(request, 'badDepartment'), 'departmentId');
      if (!validRoles(data, b.roleIds ?? [])) return failField(say(request, 'badRole'), 'roleIds');
      const hash = await hashPassword(b.password);
      const id = insertUser(data, {
        username,
        passwordHash: hash,
        name: b.name.trim(),
        phone: b.phone.trim(),
        email: (b.email ?? '').trim(),
        status: b.status ?? 'normal',
        gender: b.gender ?? 'unknown',
        departmentId: b.departmentId ?? null,
        roleIds: b.roleIds ?? [],
      });
      return ok(findUser(data, id)!);
    },
  );

  route(
    app,
    ops.update,
    async (request) => {
      const data = tenantData(request);
      const target = findUser(data, request.params.id);
      if (!target) return fail(say(request, 'notFound'));
      const b = request.body;
      const differ = mismatch(request, b.password, b.confirmPassword);
      if (differ) return differ;
      if (target.superAdmin && b.status !== undefined && b.status !== 'normal') return failField(say(request, 'superAdmin'), 'status');
      if (phoneTaken(b.phone.trim(), target.id)) return failField(say(request, 'phoneTaken'), 'phone');
      if (!validDepartment(data, b.departmentId)) return failField(say(request, 'badDepartment'), 'departmentId');
      const hash = b.password ? await hashPassword(b.password) : null;
      updateUser(data, target.id, {
        name: b.name.trim(),
        phone: b.phone.trim(),
        email: (b.email ?? target.email).trim(),
        status: b.status ?? target.status,
        gender: b.gender ?? target.gender,
        departmentId: b.departmentId === undefined ? target.departmentId : b.departmentId,
        passwordHash: hash,
      });
      return ok(findUser(data, target.id)!);
    },
  );

  route(
    app,
    ops.roles,
    async (request) => {
      const data = tenantData(request);
      const target = findUser(data, request.params.id);
      if (!target) return fail(say(request, 'notFound'));
      if (target.superAdmin) return fail(say(request, 'superAdmin'));
      if (!validRoles(data, request.body.roleIds)) return failField(say(request, 'badRole'), 'roleIds');
      setUserRoles(data, target.id, request.body.roleIds);
      return ok(findUser(data, target.id)!);
    },
  );

  // DELETE /api/admin/user/{tenantId}/{ids}: ids comma separated; all of them or none.
  route(app, ops.remove, async (request) => {
    const user = userOf(request);
    if (request.params.a !== user.tenantId) return fail(say(request, 'badTenant'));
    const ids = request.params.b.split(',').map((x) => Number(x.trim()));
    if (ids.length === 0 || ids.length > 1000 || ids.some((x) => !Number.isInteger(x) || x <= 0)) return fail(say(request, 'badIds'));
    const data = tenantData(request);
    const targets = ids.map((id) => findUser(data, id));
    if (targets.some((t) => t === null)) return fail(say(request, 'notFound'));
    if (targets.some((t) => t!.superAdmin)) return fail(say(request, 'superAdmin'));
    if (ids.includes(user.id)) return fail(say(request, 'self'));
    const deleted = deleteUsers(data, ids);
    return ok({ deleted });
  });

  // ---- departments --------------------------------------------------------------------------------

  route(app, ops.departments, async (request) => ok(departmentTree(tenantData(request))));

  const saveDepartment = (request: FastifyRequest<{ Body: DepartmentSave }>, id: number | null) => {
    const data = tenantData(request);
    const b = request.body;
    const parentId = b.parentId ?? null;
    if (id !== null && !departmentOf(data, id)) return fail(say(request, 'depNotFound'));
    if (parentId !== null && !departmentOf(data, parentId)) return failField(say(request, 'depNotFound'), 'parentId');
    if (id !== null && makesCycle(departmentParents(data), id, parentId)) return failField(say(request, 'depCycle'), 'parentId');
    const before = id === null ? undefined : departmentOf(data, id)!;
    // A name kept as shown keeps both languages; a name typed anew is the name in both.
    const { name, name_en } = before ? namesAfterEdit({ name: before.stored_name, name_en: before.name_en }, b.name.trim()) : { name: b.name.trim(), name_en: '' };
    if (departmentNameTaken(data, parentId, name, b.name.trim(), id)) return failField(say(request, 'depSameName'), 'name');
    const head = b.headUserId ?? null;
    if (head !== null && !userExists(data, head)) return failField(say(request, 'headNotFound'), 'headUserId');
    if (id === null) {
      const created = insertDepartment(data, parentId, name, b.sort ?? 0, head);
      return ok({ id: created });
    }
    updateDepartment(data, id, { parentId, name, nameEn: name_en, sort: b.sort ?? null, headUserId: head });
    return ok({ id });
  };
  route(app, ops.createDepartment, async (request) => saveDepartment(request, null));
  route(app, ops.updateDepartment, async (request) => saveDepartment(request, request.body.id));

  route(app, ops.removeDepartment, async (request) => {
    const data = tenantData(request);
    const dep = departmentOf(data, request.params.id);
    if (!dep) return fail(say(request, 'depNotFound'));
    const users = departmentUserCount(data, dep.id);
    if (users > 0) return fail(say(request, 'depHasUsers', { name: dep.name, count: users }));
    const children = departmentChildCount(data, dep.id);
    if (children > 0) return fail(say(request, 'depHasChildren', { name: dep.name, count: children }));
    deleteDepartment(data, dep.id);
    return ok({ deleted: 1 as const });
  });

  // POST /api/admin/user/group: the users holding one role (the role page's members).
  route(app, ops.members, async (request) => {
    return ok(roleMembers(tenantData(request), request.body.roleId));
  });

  // ---- export and import --------------------------------------------------------------------------

  const departmentPaths = (data: TenantData): Map<number, string> => {
    const out = new Map<number, string>();
    const walk = (nodes: Department[], prefix: string) => {
      for (const n of nodes) {
        const path = prefix ? `${prefix}/${n.name}` : n.name;
        out.set(n.id, path);
        walk(n.children, path);
      }
    };
    walk(departmentTree(data), '');
    return out;
  };

  route(app, ops.export, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const busy = tooManyTasks(request, tasks, user);
    if (busy) return fail(busy);
    const lang = langOf(request);
    const departmentId = request.body.departmentId ?? null;
    const keyword = request.body.keyword ?? '';
    const { total, rows } = usersToExport(data, departmentId, keyword);
    const started: ProgressKey = startExport(tasks, config.dataDir, user, {
      key: 'userExport',
      title: TEXTS.exportTitle[lang],
      sheet: 'users',
      fileName: 'users.xlsx',
      columns: sheetColumns(lang).filter((c) => c.key !== 'password'),
      total,
      load: () => {
        const paths = departmentPaths(data);
        return rows().map((r) => ({
          username: r.username,
          name: r.name,
          phone: r.phone,
          email: r.email,
          department: r.departmentId ? (paths.get(r.departmentId) ?? '') : '',
        }));
      },
      done: (n) => ({ zh: `已导出 ${n} 个用户`, en: `${n} users exported` }),
    });
    return ok(started);
  });

  route(app, ops.template, async (request, reply) => {
    const lang = langOf(request);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('users');
    sheet.columns = sheetColumns(lang).map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow({ username: 'zhang.san', name: lang === 'zh' ? '张三' : 'Zhang San', phone: '13812345678', email: 'zhang.san@example.com', department: departmentTree(tenantData(request))[0]?.name ?? '', password: 'Welcome2024' });
    const body = Buffer.from(await book.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="users-template.xlsx"')
      .send(body);
  });

  route(app, ops.import, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const busy = tooManyTasks(request, tasks, user);
    if (busy) return fail(busy);
    const lang = langOf(request);
    const upload = await readImportUpload(request, SHEET_HEADERS);
    if (!('rows' in upload)) return failField(upload.msg, upload.data.field);
    const { rows, skipBad } = upload;
    // A department path in either language (a sheet exported in English imports in Chinese too).
    const byPath = new Map((['zh', 'en'] as const).flatMap((l) => requestLang.run(l, () => [...departmentPaths(data)].map(([id, path]) => [path, id] as const))));
    const both = (check: (l: Lang) => string) => ({ zh: check('zh'), en: check('en') });
    const started = startImport(tasks, config.dataDir, user, {
      key: 'userImport',
      title: TEXTS.importTitle[lang],
      rows,
      skipBad,
      columns: sheetColumns(lang),
      check: (row, seen) => {
        const v: Record<string, string | undefined> = { ...row.values, confirmPassword: row.values.password ?? '' };
        const errors = validateObject(v, userCreateSchema) as Record<string, Issue | undefined>;
        const field = Object.keys(errors)[0];
        if (field) return both((l) => describeIssue(l, field, errors[field]!));
        const account = (v.username ?? '').trim();
        if (seen.has(account)) return both((l) => TEXTS.rowDuplicate[l]);
        if (accountTaken(account)) return both((l) => `${translate(l, 'field.username')}: ${TEXTS.accountTaken[l]}`);
        if (phoneTaken((v.phone ?? '').trim(), 0)) return both((l) => TEXTS.phoneTaken[l]);
        if (v.department && !byPath.has(v.department)) return both((l) => `${TEXTS.rowDepartment[l]}: ${v.department}`);
        seen.add(account);
        return null;
      },
      store: async (good) => {
        // scrypt runs in libuv's thread pool: hash in small batches so the event loop stays free; initial
        // passwords use the bulk cost and are re-hashed at the user's first sign-in.
        const hashes = new Map<number, string>();
        for (let i = 0; i < good.length; i += 8) {
          const batch = good.slice(i, i + 8);
          const done = await Promise.all(batch.map((row) => hashPassword(row.values.password!, 'bulk')));
          batch.forEach((row, j) => hashes.set(row.line, done[j]!));
        }
        insertImportedUsers(
          data,
          good.map(({ line, values: v }) => ({
            username: v.username!.trim(),
            passwordHash: hashes.get(line)!,
            name: v.name!.trim(),
            phone: v.phone!.trim(),
            email: (v.email ?? '').trim(),
            departmentId: v.department ? (byPath.get(v.department) ?? null) : null,
          })),
        );
      },
    });
    return ok(started);
  });
};

export default plugin;
