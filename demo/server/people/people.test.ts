// People on the platform: users, departments, roles with inheritance and enforced rights, import and
// export through background tasks — each refusal changes nothing, and no tenant reaches another's.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, Role, UserRow } from '../../../shared/api/user-types.ts';
import { api, downloadSigned, login, removeDir, start, taskDone as taskDoneIn, type Running } from '../testing.ts';

let s: Running;
let admin: string;
let admin2: string;

beforeAll(async () => {
  s = await start();
  admin = await login(s.base, 'admin', 'admin123');
  admin2 = await login(s.base, 'admin2', 'admin123');
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

const call = async (token: string, method: string, path: string, body?: unknown, lang = 'en') => (await api(s.base, method, path, { token, body, headers: { lang } })).body;
const users = async (token: string, body: Record<string, unknown> = {}) => (await call(token, 'POST', '/api/admin/user/page', { page: 1, limit: 1000, ...body })).data.rows as UserRow[];
const roles = async (token: string) => (await call(token, 'GET', '/api/admin/group/roles')).data as Role[];
const departments = async (token: string) => (await call(token, 'POST', '/api/admin/user/dep/page', {})).data as Department[];
const NEW_USER = { username: 'dora.desk', name: 'Dora Desk', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: '13700000011', email: 'dora@example.com' };

const taskDone = (token: string, key: string, hashKey: string) => taskDoneIn(s.base, token, key, hashKey);

async function xlsx(rows: Array<Record<string, string>>): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.columns = [
    { header: 'Account', key: 'username' },
    { header: 'Name', key: 'name' },
    { header: 'Phone', key: 'phone' },
    { header: 'Department', key: 'department' },
    { header: 'Initial password', key: 'password' },
  ];
  for (const r of rows) sheet.addRow(r);
  return new Blob([await book.xlsx.writeBuffer()]);
}

describe('users', () => {
  it('refuses bad input with the SPEC message and the field it is about, storing nothing', async () => {
    const before = (await users(admin)).length;
    const badAccount = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, username: 'dora desk!' });
    expect(badAccount).toMatchObject({ code: -1, data: { field: 'username' } });
    const mismatch = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, confirmPassword: 'other-pass-1' });
    expect(mismatch).toMatchObject({ code: -1, msg: 'The passwords entered twice do not match!', data: { field: 'confirmPassword' } });
    const short = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, password: 'short', confirmPassword: 'short' });
    expect(short.data.field).toBe('password');
    const wrongType = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, name: 42 });
    expect(wrongType.data.field).toBe('name');
    const control = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, name: 'Dora\u0007' });
    expect(control.code).toBe(-1);
    const otherTenantRole = (await roles(admin2))[0]!.id;
    expect((await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, roleIds: [otherTenantRole] })).data.field).toBe('roleIds');
    const otherDepartment = (await departments(admin2))[0]!.id;
    expect((await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, departmentId: otherDepartment })).data.field).toBe('departmentId');
    expect((await users(admin)).length).toBe(before);
  });

  it('creates a user once; the account is then taken', async () => {
    const dep = (await departments(admin))[0]!;
    const created = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, departmentId: dep.id });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ username: 'dora.desk', departmentName: dep.name, status: 'normal' });
    expect((await call(admin, 'GET', '/api/admin/user/name/dora.desk')).data).toEqual({ exists: true });
    expect((await call(admin, 'GET', '/api/admin/user/name/nobody.here')).data).toEqual({ exists: false });
    const again = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, phone: '13700000012' });
    expect(again).toMatchObject({ code: -1, msg: 'Name already exists', data: { field: 'username' } });
    expect(await login(s.base, 'dora.desk', 'secret-pass-1')).toBeTruthy();
  });

  it('ends a deactivated user’s session at once and refuses their sign-in', async () => {
    const token = await login(s.base, 'dora.desk', 'secret-pass-1');
    expect((await call(token, 'GET', '/api/admin/user/front/info')).code).toBe(0);
    const dora = (await users(admin, { keyword: 'dora' }))[0]!;
    expect((await call(admin, 'PUT', `/api/admin/user/${dora.id}`, { name: dora.name, phone: dora.phone, status: 'deactivated' })).code).toBe(0);
    expect((await call(token, 'GET', '/api/admin/user/front/info')).code).toBe(40101);
    await expect(login(s.base, 'dora.desk', 'secret-pass-1')).rejects.toThrow(/无效用户|invalid user/i);
    await call(admin, 'PUT', `/api/admin/user/${dora.id}`, { name: dora.name, phone: dora.phone, status: 'normal' });
  });

  it('never deletes or re-roles the super admin, and keeps tenants apart', async () => {
    const all = await users(admin);
    const root = all.find((u) => u.username === 'admin')!;
    expect(root.superAdmin).toBe(true);
    expect((await call(admin, 'DELETE', `/api/admin/user/1/${root.id}`)).code).toBe(-1);
    expect((await call(admin, 'PUT', `/api/admin/user/roles/${root.id}`, { roleIds: [] })).code).toBe(-1);
    const operator = all.find((u) => u.username === 'operator')!;
    // admin2 sees none of tenant 1 and cannot change or delete its users.
    expect((await users(admin2)).map((u) => u.username)).toEqual(['admin2']);
    expect((await call(admin2, 'PUT', `/api/admin/user/${operator.id}`, { name: 'Hijack', phone: '13700000099' })).code).toBe(-1);
    expect((await call(admin2, 'DELETE', `/api/admin/user/1/${operator.id}`)).code).toBe(-1);
    expect((await call(admin2, 'DELETE', `/api/admin/user/2/${operator.id}`)).code).toBe(-1);
    expect((await users(admin)).find((u) => u.id === operator.id)!.name).toBe('Olivia Operator');
  });
});

describe('departments', () => {
  it('names seeded departments in the caller\'s language; a rename kept as shown keeps both', async () => {
    const names = async (lang: string) => (await call(admin, 'POST', '/api/admin/user/dep/page', {}, lang)).data as Department[];
    const [zhHead] = await names('zh-CN');
    const [enHead] = await names('en');
    expect([zhHead!.name, ...zhHead!.children.map((c) => c.name)]).toEqual(['总部', '运营中心', '安保部', '设施部']);
    expect([enHead!.name, ...enHead!.children.map((c) => c.name)]).toEqual(['Head office', 'Operations centre', 'Security', 'Facilities']);
    const security = enHead!.children[1]!;
    // Moved by an English user under the name they were shown: still 安保部 in Chinese.
    expect((await call(admin, 'PUT', '/api/admin/user/dep', { id: security.id, parentId: enHead!.id, name: 'Security', sort: 5 })).code).toBe(0);
    expect((await names('zh-CN'))[0]!.children.map((c) => c.name)).toContain('安保部');
    // A sibling may not take the other language's name either.
    expect((await call(admin, 'POST', '/api/admin/user/dep', { parentId: enHead!.id, name: '安保部' })).data?.field).toBe('name');
    // Renamed: the new name in both languages.
    expect((await call(admin, 'PUT', '/api/admin/user/dep', { id: security.id, parentId: enHead!.id, name: 'Site security' })).code).toBe(0);
    for (const lang of ['zh-CN', 'en']) expect((await names(lang))[0]!.children.map((c) => c.name)).toContain('Site security');
    const users = (await call(admin, 'POST', '/api/admin/user/page', { page: 1, limit: 10, keyword: 'operator' }, 'en')).data.rows as UserRow[];
    expect(users.find((u) => u.username === 'operator')?.departmentName).toBe('Operations centre');
  });

  it('keeps names unique among siblings, refuses cycles, and deletes only empty leaves', async () => {
    const head = (await departments(admin))[0]!;
    const a = (await call(admin, 'POST', '/api/admin/user/dep', { parentId: head.id, name: 'Lab' })).data.id as number;
    const b = (await call(admin, 'POST', '/api/admin/user/dep', { parentId: a, name: 'Lab bench' })).data.id as number;
    expect(await call(admin, 'POST', '/api/admin/user/dep', { parentId: head.id, name: 'Lab' })).toMatchObject({ code: -1, msg: 'The same name already exists.', data: { field: 'name' } });
    expect((await call(admin, 'PUT', '/api/admin/user/dep', { id: a, parentId: b, name: 'Lab' })).data.field).toBe('parentId');
    expect((await call(admin, 'PUT', '/api/admin/user/dep', { id: a, parentId: a, name: 'Lab' })).data.field).toBe('parentId');
    const refused = await call(admin, 'DELETE', `/api/admin/user/dep/${a}`);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toContain('Lab');
    expect((await call(admin2, 'DELETE', `/api/admin/user/dep/${b}`)).code).toBe(-1);
    expect((await call(admin, 'DELETE', `/api/admin/user/dep/${b}`)).code).toBe(0);
    expect((await call(admin, 'DELETE', `/api/admin/user/dep/${a}`)).code).toBe(0);
    const withUsers = await call(admin, 'DELETE', `/api/admin/user/dep/${head.children.find((c) => c.userCount > 0)!.id}`);
    expect(withUsers.msg).toMatch(/still holds \d+ user/);
  });
});

describe('roles', () => {
  it('keeps a child inside its parent, and the user’s menus follow the roles', async () => {
    const parent = (await call(admin, 'PUT', '/api/admin/group/role', { code: 'facility', name: 'Facility lead', menus: ['devManager', 'gwManager', 'alarmManager', 'alarmSearchPage'], elements: ['progress:view'] })).data as Role;
    expect(parent.menus).toEqual(expect.arrayContaining(['devManager', 'gwManager', 'alarmSearchPage']));
    // Adding a right to the child adds it to the parent.
    const child = (await call(admin, 'PUT', '/api/admin/group/role', { code: 'facility_tech', name: 'Facility tech', parentId: parent.id, menus: ['gwManager', 'historySearch'] })).data as Role;
    expect(child.menus).toEqual(expect.arrayContaining(['devManager', 'gwManager', 'MonitorOPS', 'historySearch']));
    expect((await roles(admin)).find((r) => r.id === parent.id)!.menus).toContain('historySearch');

    const tech = await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, username: 'tim.tech', phone: '13700000021', roleIds: [child.id] });
    expect(tech.code).toBe(0);
    const token = await login(s.base, 'tim.tech', 'secret-pass-1');
    const menus = async () => ((await call(token, 'GET', '/api/admin/user/front/info')).data.menus as Array<{ code: string }>).map((m) => m.code).sort();
    expect(await menus()).toEqual(['MonitorOPS', 'devManager', 'gwManager', 'historySearch']);
    // Outside the rights: 40301 and nothing changes.
    expect((await call(token, 'POST', '/api/admin/user/page', { page: 1, limit: 10 })).code).toBe(40301);
    expect((await call(token, 'PUT', '/api/admin/group/role', { code: 'x_role', name: 'Sneaky' })).code).toBe(40301);

    // Removing a right from the parent removes it from the child, at the user's next user-info load.
    const current = (await roles(admin)).find((r) => r.id === parent.id)!;
    const withoutGateways = current.menus.filter((m) => m !== 'gwManager');
    expect((await call(admin, 'PUT', '/api/admin/group/role', { id: parent.id, code: 'facility', name: 'Facility lead', menus: withoutGateways })).code).toBe(0);
    expect((await roles(admin)).find((r) => r.id === child.id)!.menus).not.toContain('gwManager');
    // The device group has no page left for this user, so it is gone too.
    expect(await menus()).toEqual(['MonitorOPS', 'historySearch']);
  });

  it('refuses cycles, unknown codes, another tenant’s data groups, and the super admin role', async () => {
    const list = await roles(admin);
    const parent = list.find((r) => r.code === 'facility')!;
    const child = list.find((r) => r.code === 'facility_tech')!;
    expect((await call(admin, 'PUT', '/api/admin/group/role', { id: parent.id, code: 'facility', name: 'Facility lead', parentId: child.id })).data.field).toBe('parentId');
    expect((await call(admin, 'PUT', '/api/admin/group/role', { code: 'bad_codes', name: 'Bad codes', menus: ['noSuchMenu'] })).data.field).toBe('menus');
    // The platform's own pages cannot be handed to a tenant's role, and the super admin role does not list them.
    expect((await call(admin, 'PUT', '/api/admin/group/role', { code: 'monitors', name: 'Monitors', menus: ['clusterMonitorMng', 'mqMonitor'] })).data.field).toBe('menus');
    expect(list.find((r) => r.superAdmin)!.menus).not.toContain('tenantMng');
    expect((await call(admin, 'PUT', '/api/admin/group/role', { code: 'facility', name: 'Dup' })).msg).toBe('Name already exists');
    const superRole = list.find((r) => r.superAdmin)!;
    expect((await call(admin, 'PUT', '/api/admin/group/role', { id: superRole.id, code: superRole.code, name: 'Renamed' })).code).toBe(-1);
    expect((await call(admin, 'DELETE', `/api/admin/group/role/${superRole.id}`)).code).toBe(-1);
    expect((await call(admin2, 'DELETE', `/api/admin/group/role/${parent.id}`)).code).toBe(-1);
    expect((await roles(admin2)).some((r) => r.code === 'facility')).toBe(false);
    expect((await call(admin, 'DELETE', `/api/admin/group/role/${parent.id}`)).msg).toMatch(/sub-role/);
    const copy = (await call(admin, 'POST', `/api/admin/group/roles/copy/${child.id}`)).data as Role;
    expect(copy).toMatchObject({ code: 'facility_tech_copy', parentId: parent.id, menus: child.menus });
  });
});

describe('data authority', () => {
  it('narrows cameras, play requests and the group tree to the role’s data groups', async () => {
    const cameraGroups = (await call(admin, 'GET', '/api/admin/dataGrp/tree/0', undefined)).data as Array<{ id: number; name: string; children: Array<{ id: number; name: string }> }>;
    const tower = cameraGroups[0]!;
    const granted = tower.children[0]!;
    const role = (await call(admin, 'PUT', '/api/admin/group/role', { code: 'lobby_guard', name: 'Lobby guard', menus: ['videoGroup'], elements: ['video:play'], dataGroups: [granted.id] })).data as Role;
    expect((await call(admin, 'POST', '/api/admin/user', { ...NEW_USER, username: 'lobby.guard', phone: '13700000031', roleIds: [role.id] })).code).toBe(0);
    const guard = await login(s.base, 'lobby.guard', 'secret-pass-1');
    const list = async (token: string) => (await api(s.base, 'GET', '/api/cctv/video/client/getCameraList', { token, query: { limit: '20000' } })).body.data as { rows: Array<{ id: number; data_group_Id: number }>; total: number };
    const all = await list(admin);
    const mine = await list(guard);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBe(all.rows.filter((c) => c.data_group_Id === granted.id).length);
    const outside = all.rows.find((c) => c.data_group_Id !== granted.id)!;
    const play = (await api(s.base, 'POST', '/api/cctv/video/client/request', { token: guard, body: { id: outside.id, playType: 0 } })).body;
    expect(play.code).toBe(-1);
    const tree = (await call(guard, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number; children: Array<{ id: number }> }>;
    expect(tree.map((g) => g.id)).toEqual([tower.id]);
    expect(tree[0]!.children.map((g) => g.id)).toEqual([granted.id]);
  });
});

describe('import and export', () => {
  it('imports nothing from a file with bad rows, names them in a downloadable report, and imports the good ones when told to skip', async () => {
    const dep = (await departments(admin))[0]!;
    const rows = Array.from({ length: 50 }, (_, i) => ({ username: `import.user${i}`, name: `Import ${i}`, phone: `1360000${String(i).padStart(4, '0')}`, department: dep.name, password: 'import-pass-1' }));
    rows[4]!.phone = '12345';
    rows[20]!.username = 'bad account!';
    rows[33]!.department = 'No such place';
    // A sheet may name departments in either language.
    rows[10]!.department = '总部';
    const upload = async (skip: boolean) => {
      const form = new FormData();
      form.append('skipBad', String(skip));
      form.append('file', await xlsx(rows), 'users.xlsx');
      return (await api(s.base, 'POST', '/api/admin/user/dep/importUser/import', { token: admin, form, headers: { lang: 'en' } })).body;
    };
    const before = (await users(admin)).length;
    const first = await upload(false);
    expect(first.code).toBe(0);
    const failed = await taskDone(admin, first.data.key, first.data.hashKey);
    expect(failed.status).toBe(2);
    expect(failed.msg).toContain('rows 6, 22, 35');
    expect((await users(admin)).length).toBe(before);
    const report = await api(s.base, 'GET', failed.download!.split('?')[0]!, { token: admin, query: Object.fromEntries(new URLSearchParams(failed.download!.split('?')[1])) });
    expect(report.headers.get('content-disposition')).toContain('attachment');

    const second = await upload(true);
    const done = await taskDone(admin, second.data.key, second.data.hashKey);
    expect(done.status).toBe(0);
    expect(done.msg).toBe('47 rows imported, 3 skipped');
    expect((await users(admin)).length).toBe(before + 47);
    // Initial passwords are hashed cheaply in bulk and at full cost after the first sign-in.
    const hashOf = () => (s.app.atrium.db.prepare("SELECT password_hash FROM user WHERE username = 'import.user0'").get() as { password_hash: string }).password_hash;
    expect(hashOf()).toMatch(/^scrypt\$2048\$/);
    await login(s.base, 'import.user0', 'import-pass-1');
    expect(hashOf()).toMatch(/^scrypt\$16384\$/);
    await login(s.base, 'import.user0', 'import-pass-1');
  }, 60_000);

  it('refuses a file that is not xls/xlsx', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'users.csv');
    const answer = (await api(s.base, 'POST', '/api/admin/user/dep/importUser/import', { token: admin, form })).body;
    expect(answer).toMatchObject({ code: -1, data: { field: 'file' } });
  });

  it('exports the tenant’s users to an xlsx the progress item offers', async () => {
    const started = await call(admin, 'POST', '/api/admin/user/dep/exportPage', {});
    const item = await taskDone(admin, started.data.key, started.data.hashKey);
    expect(item.download).toMatch(/^\/api\/admin\/progress\/file\?/);
    const file = await downloadSigned(s.base, admin, item.download!);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    expect(book.worksheets[0]!.rowCount - 1).toBe((await users(admin)).length);
    // Someone else's token does not reach the file.
    expect((await downloadSigned(s.base, admin2, item.download!).then((r) => r.json())).code).toBe(-1);
  });
});
