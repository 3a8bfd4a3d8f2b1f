// Issue 38, the seams between screens: dead ends lead somewhere, a page shows only what the user may
// reach, a day still in progress marks nobody absent.
import { expect, test } from './fixtures.ts';
import { offered } from './picker-helpers.ts';
import { signIn, zh } from './console-helpers.ts';
import { elementNameKey } from '../../shared/api/menu-seed.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('/job_detail without a job says so and leads back to the job list', async ({ page }) => {
  await signIn(page, 'admin', { to: '/job_detail' });
  const root = page.locator('[data-page=job-detail]');
  await expect(root.getByRole('status')).toHaveText(zh('jobDetail.missing'));
  await root.getByRole('link', { name: zh('jobDetail.back') }).click();
  await expect(page).toHaveURL(/\/jobmng$/);
  await expect(page.locator('[data-page=job]')).toBeVisible();
});

test('viewer: the dashboard links only where the viewer may go (the alarm count is theirs, the alarm list is not)', async ({ page }) => {
  await signIn(page, 'viewer', { to: '/introduction' });
  const board = page.getByTestId('dashboard');
  const open = board.getByTestId('board-open');
  await expect(open.locator('dd')).toHaveText(/^\d[\d,]*$/);
  await expect(board.getByTestId('board-critical').locator('dd')).toHaveText(/^\d[\d,+]*$/);
  // The counters show their numbers, not links to the alarm list (401 for the viewer).
  await expect(open.getByRole('link')).toHaveCount(0);
  await expect(board.getByTestId('board-critical').getByRole('link')).toHaveCount(0);
  // Every link left on the dashboard opens a page the viewer may see.
  const hrefs = await board.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of new Set(hrefs)) {
    await page.goto(href);
    await expect(page.getByTestId('page-401'), href).toHaveCount(0);
  }
});

test('vendor: no bell that never counts, and "functions available" counts what the dashboard lists', async ({ page }) => {
  await signIn(page, 'vendor', { to: '/introduction' });
  await expect(page.getByTestId('header')).toBeVisible();
  const listed = page.getByTestId('board-rights').locator('[data-menu]');
  await expect(listed.first()).toBeVisible();
  const counter = page.getByTestId('dashboard-counter').filter({ has: page.locator('dt', { hasText: zh('shell.dashboard.rights') }) });
  await expect(counter.locator('dd')).toHaveText(String(await listed.count()));
  await expect(page.getByTestId('header').locator('atrium-alarm-bell')).toHaveCount(0);
});

test('/group: a right is ticked by clicking its name, and element rights show their names', async ({ page }) => {
  await signIn(page, 'admin', { to: '/group' });
  const roles = page.locator('[data-page=group]');
  await roles.locator('tbody tr', { hasText: 'viewer' }).first().locator('[data-action=rights]').click();
  const tree = page.getByTestId('role-rights').getByTestId('function-authority');
  const history = tree.locator('[data-node-id=historySearch]');
  const box = history.getByRole('checkbox');
  await expect(box).toHaveAttribute('aria-checked', 'false');
  await history.locator('[data-part=name]').click();
  await expect(box).toHaveAttribute('aria-checked', 'true');
  await history.locator('[data-part=name]').click();
  await expect(box).toHaveAttribute('aria-checked', 'false');
  // Element rights: their names, not their codes.
  const names = await tree.locator('[role=treeitem] [data-part=name]').allTextContents();
  expect(names.length).toBeGreaterThan(5);
  expect(names.filter((n) => /^[a-z]+:[a-z]+/.test(n))).toEqual([]);
  for (const code of ['progress:view', 'video:play']) expect(names.some((n) => n.startsWith(zh(elementNameKey(code))))).toBe(true);
});

test('the workflow designer offers as approvers only people and roles who can act on a task, and says why', async ({ page }) => {
  await signIn(page, 'admin', { to: '/activiti/menu' });
  await page.locator('[data-page=workflow-form] [data-action=create]').click();
  const form = page.getByTestId('resource-form');
  const users = form.locator('[name=step-users-0]');
  // A select or, once the tenant has more than 20 people (other journeys add some), the picker.
  expect(await offered(users, '(admin)')).toBe(1);
  // operator holds no "my tasks" right: a request waiting on them would never move.
  expect(await offered(users, '(operator)')).toBe(0);
  await expect(form.locator('[data-part=approver-note]')).toContainText(zh('workflow.designer.onlyActors', { count: 0 }).split('（')[0]!);
  await form.locator('[name=step-kind-0]').selectOption('role');
  // No seeded role holds the right (viewer's role only counts alarms), so none of them is offered
  // (a role another journey made with the right may be).
  const roles = form.locator('[name=step-role-0] option');
  await expect(roles.first()).toBeAttached();
  for (const name of ['租户超级管理员', '值班操作员', '告警查看员']) await expect(roles.filter({ hasText: name })).toHaveCount(0);
  // With no role offered, the list says why; a role another journey made may be offered instead.
  const texts = await roles.allTextContents();
  if (texts.includes(zh('workflow.designer.noActingRole'))) expect(texts).toEqual([zh('workflow.designer.noActingRole')]);
});

test('a device added with a model on an online gateway says what it waits for, then comes online with values in one round', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const gateway = (await call(baseURL!, token, 'GET', '/api/gateway/list', { query: { page: '1', limit: '50', status: 'online' } })).data.rows[0] as { id: number; name: string };
  const model = ((await call(baseURL!, token, 'GET', '/api/device/model/all')).data as Array<{ id: number; code: string }>).find((m) => m.code === 'FCU100')!;
  const code = `THS-NEW-${Date.now() % 100000}`;
  const made = await call(baseURL!, token, 'POST', '/api/device', { body: { code, name: code, modelId: model.id, gatewayId: gateway.id } });
  expect(made.code, made.msg).toBe(0);
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  const root = page.locator('[data-page=device-subsystem]');
  await root.locator('input[name=keyword]').fill(code);
  await root.locator('input[name=keyword]').press('Enter');
  const row = root.locator('tbody tr[data-row]', { hasText: code });
  await expect(row.locator('[data-status=unknown]')).toHaveText(`${zh('status.device.unknown')} · ${zh('status.deviceWaits.report', { gateway: gateway.name })}`);
  // One simulator round.
  await page.request.post('/__test/points/tick');
  await expect
    .poll(async () => {
      await root.locator('input[name=keyword]').press('Enter');
      return row.locator('[data-status]').getAttribute('data-status');
    }, { timeout: 15_000 })
    .toBe('online');
  await row.locator('[data-action=values]').click();
  const dialog = page.getByTestId('device-values');
  await expect(dialog.locator('[data-point] [data-value]').first()).toHaveText(/^-?\d/);
  await expect(dialog.locator('[data-action=close-values]')).toHaveText(zh('common.close'));
});

test('one excursion of one point raises one alarm until it is handled; the next excursion is a new one', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const model = ((await call(baseURL!, token, 'GET', '/api/device/model/all')).data as Array<{ id: number; code: string }>).find((m) => m.code === 'FCU100')!;
  const device = ((await call(baseURL!, token, 'GET', '/api/device/list', { query: { page: '1', limit: '2000', status: 'online' } })).data.rows as Array<{ id: number; code: string; modelId: number | null }>).find((d) => d.modelId === model.id)!;
  expect(device).toBeTruthy();
  // A rule that holds for every value of this one device, without a ban: it waits for the clearing.
  const marker = `Excursion ${Date.now() % 100000}`;
  const made = await call(baseURL!, token, 'POST', '/api/alarm/rule', { body: { modelId: model.id, paramCode: 'temp', deviceId: device.id, expression: 'x > -1000', level: 'reminder', content: `${marker} {value}`, banHours: 0, noticeHours: 1 } });
  expect(made.code, made.msg).toBe(0);
  const tick = () => page.request.post('/__test/points/tick');
  for (let i = 0; i < 3; i++) await tick();
  await signIn(page, 'admin', { to: `/alarm/search?keyword=${encodeURIComponent(device.code)}` });
  const root = page.locator('[data-page=alarm-search]');
  const rows = root.locator('tbody tr[data-row]', { hasText: marker });
  await expect(rows).toHaveCount(1);
  // Handled: the condition still holds, so the next round is a new excursion and a new alarm.
  const id = Number(await rows.first().getAttribute('data-row'));
  expect((await call(baseURL!, token, 'POST', '/api/alarm/handle', { body: { ids: [id], handleStatus: 'handled', note: 'checked' } })).code).toBe(0);
  await tick();
  await tick();
  await page.reload();
  await expect(rows).toHaveCount(2);
});

test('an admin reassigns a task stranded with someone who can no longer act on it', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const suffix = Date.now() % 100000;
  const role = (await call(baseURL!, token, 'PUT', '/api/admin/group/role', { body: { code: `wf_r${suffix}`, name: `Approvers ${suffix}`, menus: ['activitiManager', 'myTask', 'hisTask'] } })).data as { id: number };
  const roles = (await call(baseURL!, token, 'GET', '/api/admin/group/roles')).data as Array<{ id: number; code: string }>;
  const viewerRole = roles.find((r) => r.code === 'viewer')!.id;
  const made = await call(baseURL!, token, 'POST', '/api/admin/user', { body: { username: `eve${suffix}`, name: `Eve ${suffix}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: `1360${String(suffix).padStart(7, '0')}`, email: `eve${suffix}@example.com`, roleIds: [role.id] } });
  expect(made.code, made.msg).toBe(0);
  const eve = made.data.id as number;
  const form = await call(baseURL!, token, 'POST', '/api/workflow/form', {
    body: { name: `Stranded ${suffix}`, description: '', enabled: true, fields: [{ name: 'days', label: 'Days', type: 'number', required: true }], process: { steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [eve] } }], cc: [] } },
  });
  expect(form.code, form.msg).toBe(0);
  const started = await call(baseURL!, token, 'POST', '/api/workflow/request', { body: { formId: form.data.id, values: { days: '2' } } });
  expect(started.code, started.msg).toBe(0);
  // Eve moves to a role without workflow rights: her task would wait for ever.
  expect((await call(baseURL!, token, 'PUT', `/api/admin/user/roles/${eve}`, { body: { roleIds: [viewerRole] } })).code).toBe(0);

  await signIn(page, 'admin', { to: '/activiti/all_task' });
  const root = page.locator('[data-page=workflow-task]');
  await root.locator(`tbody tr[data-row="${started.data.id}"] [data-action=open]`).click();
  const dialog = page.getByTestId('workflow-request');
  await dialog.locator('[data-action=reassign]').click();
  const target = dialog.locator('#wf-target');
  // Eve is not offered any more; the admin is.
  await expect(target.locator('option', { hasText: `(eve${suffix})` })).toHaveCount(0);
  const admin = await target.locator('option', { hasText: '(admin)' }).first().getAttribute('value');
  await target.selectOption(admin!);
  await dialog.locator('[data-action=confirm]').click();
  await expect(dialog.locator('[data-step="0"] [data-task-status=transferred]')).toHaveCount(1);
  await expect(dialog.locator('[data-step="0"] [data-task-status=pending]')).toHaveCount(1);
});
