// People of a tenant (SPEC §7 users and departments): the user list, create, edit, roles, password
// reset, delete; the department tree; import and export of users as spreadsheets through background
// tasks. Every query is scoped to the caller's tenant; the tenant's super admin can be neither
// deleted nor given roles; an account that is not normal cannot sign in and its tokens stop at once
// (tokens.ts findSession checks the status on every call).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ProgressKey } from '../../../shared/api/progress-types.ts';
import type { Department, DepartmentSave, UserRow } from '../../../shared/api/user-types.ts';
import { ops } from '../../../shared/contract/user.ts';
import { KEYS, validateObject } from '../../../shared/validate/index.ts';
import { userCreateSchema } from '../../../shared/validate/people.ts';
import { route } from '../contract.ts';
import type { AppConfig } from '../context.ts';
import { tx, type Db } from '../db.ts';
import { describeIssue, fail, failField, ok, userOf, type Issue } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { namesAfterEdit, requestLang } from '../local-names.ts';
import { hashPassword } from './passwords.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { likePattern, makesCycle, offsetOf, readImportUpload, startExport, startImport, subtree, tooManyTasks, type SheetColumn } from '../resource.ts';

/** The seeded departments' names: [Chinese, English]. */
export const DEPARTMENT_NAMES = [
  ['总部', 'Head office'],
  ['运营中心', 'Operations centre'],
  ['安保部', 'Security'],
  ['设施部', 'Facilities'],
] as const;

/** First start: a small organisation for the first tenant, with the demo accounts placed in it. */
export function seed(db: Db, config: AppConfig): void {
  seedOrganisation(db);
  seedBulkUsers(db, config.tuning.seedUsers);
}

function seedOrganisation(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM department').get<{ n: number }>()!;
  const tenant = db.prepare('SELECT id FROM tenant WHERE id = 1').get();
  if (has.n > 0 || !tenant) return;
  tx(db, () => {
    const insert = db.prepare('INSERT INTO department (tenant_id, parent_id, name, name_en, sort) VALUES (?, ?, ?, ?, ?)');
    const add = (tenantId: number, parent: number | null, [zh, en]: readonly [string, string], sort: number) => Number(insert.run(tenantId, parent, zh, en, sort).lastInsertRowid);
    const [headNames, opsNames, securityNames, facilitiesNames] = DEPARTMENT_NAMES;
    const head = add(1, null, headNames, 0);
    const ops = add(1, head, opsNames, 1);
    add(1, head, securityNames, 2);
    add(1, head, facilitiesNames, 3);
    const place = db.prepare('UPDATE user SET department_id = ? WHERE tenant_id = 1 AND username = ?');
    place.run(head, 'admin');
    place.run(ops, 'operator');
    place.run(ops, 'viewer');
    if (db.prepare('SELECT 1 FROM tenant WHERE id = 2').get()) add(2, null, headNames, 0);
  });
}

/**
 * ATRIUM_SEED_USERS=<n>: the first tenant holds at least n users (benchmarks). They cannot sign in
 * (their password hash matches nothing), spread over the seeded departments.
 */
function seedBulkUsers(db: Db, n: number | null): void {
  if (!n) return;
  const have = db.prepare('SELECT COUNT(*) AS n FROM user WHERE tenant_id = 1').get<{ n: number }>()!.n;
  const departments = (db.prepare('SELECT id FROM department WHERE tenant_id = 1 ORDER BY id').all<{ id: number }>()).map((d) => d.id);
  if (have >= n) return;
  tx(db, () => {
    const insert = db.prepare("INSERT INTO user (tenant_id, username, password_hash, name, phone, email, department_id) VALUES (1, ?, 'seeded$no-sign-in', ?, ?, ?, ?)");
    for (let i = have; i < n; i++) {
      const no = String(i).padStart(6, '0');
      insert.run(`bench.user${no}`, `Bench User ${no}`, `139${String(10_000_000 + i).slice(-8)}`, `bench${no}@example.com`, departments[i % Math.max(1, departments.length)] ?? null);
    }
  });
}

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
  const SELECT = `SELECT ${USER.select} FROM user u LEFT JOIN department d ON d.id = u.department_id AND d.tenant_id = $tenant`;
  const departmentOf = <Row = { id: number; name: string; stored_name: string; name_en: string; parent_id: number | null }>(data: TenantData, id: number) =>
    data.get<Row>('SELECT id, loc(name, name_en) AS name, name AS stored_name, name_en, parent_id FROM department WHERE id = ? AND tenant_id = $tenant', id);
  const departmentParents = (data: TenantData) =>
    new Map(data.all<{ id: number; parent_id: number | null }>('SELECT id, parent_id FROM department WHERE tenant_id = $tenant').map((r) => [r.id, r.parent_id]));
  const accountTaken = platform.prepare('SELECT 1 FROM user WHERE username = ?');
  const phoneTaken = platform.prepare("SELECT 1 FROM user WHERE phone = ? AND phone <> '' AND id <> ?");
  const findUser = (data: TenantData, id: number): UserRow | null => {
    const row = data.get(`${SELECT} WHERE u.id = ? AND u.tenant_id = $tenant`, id);
    return row ? USER.read(row) : null;
  };
  /** Roles the caller may hand out: of their tenant, never the super admin role. */
  const validRoles = (data: TenantData, ids: readonly number[]): boolean =>
    ids.every((id) => data.get('SELECT 1 FROM role WHERE id = ? AND tenant_id = $tenant AND super_admin = 0', id) !== undefined);
  const validDepartment = (data: TenantData, id: number | null | undefined): boolean => id === null || id === undefined || departmentOf(data, id) !== undefined;

  /** The two passwords must match (SPEC §5): a rule across two fields, checked here. */
  const mismatch = (request: FastifyRequest, password: string | undefined, confirm: string | undefined) =>
    (password ?? '') === (confirm ?? '') ? null : failField(translate(langOf(request), KEYS.passwordMismatch), 'confirmPassword');

  // ---- users --------------------------------------------------------------------------------------

  route(
    app,
    ops.page,
    async (request) => {
      const data = tenantData(request);
      const q = request.body;
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
      const rows = data.all(`${SELECT} WHERE ${where} ORDER BY u.id LIMIT ? OFFSET ?`, ...args, q.limit, offsetOf(q));
      return ok({ rows: USER.all(rows), total });
    },
  );

  // Uniqueness while typing: accounts are unique across the platform (they sign in by it).
  route(app, ops.nameExists, async (request) => {
    const name = request.params.name.trim();
    return ok({ exists: name !== '' && accountTaken.get(name) !== undefined });
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
      if (accountTaken.get(username)) return failField(say(request, 'accountTaken'), 'username');
      if (phoneTaken.get(b.phone.trim(), 0)) return failField(say(request, 'phoneTaken'), 'phone');
      if (!validDepartment(data, b.departmentId)) return failField(say(request, 'badDepartment'), 'departmentId');
      if (!validRoles(data, b.roleIds ?? [])) return failField(say(request, 'badRole'), 'roleIds');
      const hash = await hashPassword(b.password);
      const id = data.tx(() => {
        const created = Number(
          data.run(
            'INSERT INTO user (tenant_id, username, password_hash, name, phone, email, status, gender, department_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)',
            username,
            hash,
            b.name.trim(),
            b.phone.trim(),
            (b.email ?? '').trim(),
            b.status ?? 'normal',
            b.gender ?? 'unknown',
            b.departmentId ?? null,
          ).lastInsertRowid,
        );
        for (const roleId of new Set(b.roleIds ?? [])) data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', created, roleId);
        return created;
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
      if (phoneTaken.get(b.phone.trim(), target.id)) return failField(say(request, 'phoneTaken'), 'phone');
      if (!validDepartment(data, b.departmentId)) return failField(say(request, 'badDepartment'), 'departmentId');
      const hash = b.password ? await hashPassword(b.password) : null;
      data.tx(() => {
        data.run(
          'UPDATE user SET name = ?, phone = ?, email = ?, status = ?, gender = ?, department_id = ? WHERE id = ? AND tenant_id = $tenant',
          b.name.trim(),
          b.phone.trim(),
          (b.email ?? target.email).trim(),
          b.status ?? target.status,
          b.gender ?? target.gender,
          b.departmentId === undefined ? target.departmentId : b.departmentId,
          target.id,
        );
        if (hash) {
          data.run('UPDATE user SET password_hash = ? WHERE id = ? AND tenant_id = $tenant', hash, target.id);
          // A new password ends the user's sessions.
          data.run('DELETE FROM token WHERE user_id = ? AND tenant_id = $tenant', target.id);
        }
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
      data.tx(() => {
        data.run('DELETE FROM user_role WHERE user_id = ?', target.id);
        for (const roleId of new Set(request.body.roleIds)) data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', target.id, roleId);
      });
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
    const deleted = data.tx(() => ids.reduce((n, id) => n + Number(data.run('DELETE FROM user WHERE id = ? AND tenant_id = $tenant', id).changes), 0));
    return ok({ deleted });
  });

  // ---- departments --------------------------------------------------------------------------------

  const departmentTree = (data: TenantData): Department[] => {
    const rows = data.all<{ id: number; parent_id: number | null; name: string; sort: number; head_user_id: number | null; head_name: string | null; users: number }>(
      'SELECT d.id, d.parent_id, loc(d.name, d.name_en) AS name, d.sort, d.head_user_id, (SELECT name FROM user h WHERE h.id = d.head_user_id AND h.tenant_id = $tenant) AS head_name, (SELECT COUNT(*) FROM user u WHERE u.department_id = d.id AND u.tenant_id = $tenant) AS users FROM department d WHERE d.tenant_id = $tenant ORDER BY d.sort, d.id',
    );
    const nodes = new Map(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, sort: r.sort, headUserId: r.head_user_id, headName: r.head_name ?? '', userCount: r.users, children: [] as Department[] }]));
    const top: Department[] = [];
    for (const n of nodes.values()) (n.parentId !== null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : top).push(n);
    return top;
  };

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
    const clash = data.get('SELECT 1 FROM department WHERE tenant_id = $tenant AND parent_id IS ? AND (name = ? OR name_en = ?) AND id IS NOT ?', parentId, name, b.name.trim(), id);
    if (clash) return failField(say(request, 'depSameName'), 'name');
    const head = b.headUserId ?? null;
    if (head !== null && !data.get('SELECT 1 FROM user WHERE id = ? AND tenant_id = $tenant', head)) return failField(say(request, 'headNotFound'), 'headUserId');
    if (id === null) {
      const created = Number(data.run('INSERT INTO department (tenant_id, parent_id, name, sort, head_user_id) VALUES ($tenant, ?, ?, ?, ?)', parentId, name, b.sort ?? 0, head).lastInsertRowid);
      return ok({ id: created });
    }
    data.run('UPDATE department SET parent_id = ?, name = ?, name_en = ?, sort = COALESCE(?, sort), head_user_id = ? WHERE id = ? AND tenant_id = $tenant', parentId, name, name_en, b.sort ?? null, head, id);
    return ok({ id });
  };
  route(app, ops.createDepartment, async (request) => saveDepartment(request, null));
  route(app, ops.updateDepartment, async (request) => saveDepartment(request, request.body.id));

  route(app, ops.removeDepartment, async (request) => {
    const data = tenantData(request);
    const dep = departmentOf(data, request.params.id);
    if (!dep) return fail(say(request, 'depNotFound'));
    const users = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM user WHERE department_id = ? AND tenant_id = $tenant', dep.id)!.n;
    if (users > 0) return fail(say(request, 'depHasUsers', { name: dep.name, count: users }));
    const children = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM department WHERE parent_id = ? AND tenant_id = $tenant', dep.id)!.n;
    if (children > 0) return fail(say(request, 'depHasChildren', { name: dep.name, count: children }));
    data.run('DELETE FROM department WHERE id = ? AND tenant_id = $tenant', dep.id);
    return ok({ deleted: 1 as const });
  });

  // POST /api/admin/user/group: the users holding one role (the role page's members).
  route(app, ops.members, async (request) => {
    const rows = tenantData(request).all(`${SELECT} WHERE u.tenant_id = $tenant AND u.id IN (SELECT user_id FROM user_role WHERE role_id = ?) ORDER BY u.id LIMIT 1000`, request.body.roleId);
    return ok(USER.all(rows));
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
    const ids = departmentId !== null ? subtree(departmentParents(data), departmentId) : null;
    const where = `u.tenant_id = $tenant${ids ? ` AND u.department_id IN (${ids.map(() => '?').join(',') || 'NULL'})` : ''}${keyword ? " AND (u.username LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\')" : ''}`;
    const args = [...(ids ?? []), ...(keyword ? [likePattern(keyword), likePattern(keyword)] : [])];
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user u WHERE ${where}`, ...args)!.n;
    const started: ProgressKey = startExport(tasks, config.dataDir, user, {
      key: 'userExport',
      title: TEXTS.exportTitle[lang],
      sheet: 'users',
      fileName: 'users.xlsx',
      columns: sheetColumns(lang).filter((c) => c.key !== 'password'),
      total,
      load: () => {
        const paths = departmentPaths(data);
        return USER.all(data.all(`${SELECT} WHERE ${where} ORDER BY u.id`, ...args)).map((r) => ({
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
        if (accountTaken.get(account)) return both((l) => `${translate(l, 'field.username')}: ${TEXTS.accountTaken[l]}`);
        if (phoneTaken.get((v.phone ?? '').trim(), 0)) return both((l) => TEXTS.phoneTaken[l]);
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
        data.tx(() => {
          const insert = 'INSERT INTO user (tenant_id, username, password_hash, name, phone, email, department_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?)';
          for (const row of good) {
            const v = row.values;
            data.run(insert, v.username!.trim(), hashes.get(row.line)!, v.name!.trim(), v.phone!.trim(), (v.email ?? '').trim(), v.department ? (byPath.get(v.department) ?? null) : null);
          }
        });
      },
    });
    return ok(started);
  });
};

export default plugin;
