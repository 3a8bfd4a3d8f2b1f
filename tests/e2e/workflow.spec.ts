// Workflows through the console: the admin designs a leave form (a repeated field name is named in
// the form) with two approval steps and a CC; the operator starts a request (a value that is not a
// number is refused beside its field); the first approver approves, the second rejects with a reason;
// the initiator sees the timeline, the CC user finds it in "CC to me". (A restart half-way through is
// demo/server/workflow.test.ts: the journeys share one platform.)
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { fillPasswordForm, signIn, skipTour, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';
import { pick } from './picker-helpers.ts';

const PASSWORD = 'secret-pass-1';

async function asUser(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await skipTour(page, username);
  await page.goto('/login');
  await fillPasswordForm(page, username, password);
  await expect(page.getByTestId('header')).toBeVisible();
  return page;
}

async function openRequest(page: Page, path: string, formName: string) {
  await page.goto(path);
  const row = page.locator('[data-page=workflow-task] tbody tr[data-row]', { hasText: formName }).first();
  await row.locator('[data-action=open]').click();
  const dialog = page.getByTestId('workflow-request');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a two-step leave request: approved, then rejected with a reason; timeline for the initiator, CC sees it', async ({ page, browser, baseURL }) => {
  const suffix = String(Date.now() % 100000);
  const formName = `Leave ${suffix}`;
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const role = (await call(baseURL!, admin, 'PUT', '/api/admin/group/role', { body: { code: `wf_${suffix}`, name: `Workflow ${suffix}`, menus: ['activitiManager', 'myTask', 'hisTask', 'approveTask', 'copyTask'] } })).data as { id: number };
  const ids: Record<string, number> = {};
  for (const [i, who] of ['lead', 'boss', 'cc'].entries()) {
    const made = await call(baseURL!, admin, 'POST', '/api/admin/user', {
      body: { username: `wf.${who}.${suffix}`, name: `WF ${who} ${suffix}`, password: PASSWORD, confirmPassword: PASSWORD, phone: `139${suffix.padStart(5, '0')}${i}${i}${i}`, email: `${who}${suffix}@example.com`, roleIds: [role.id] },
    });
    expect(made.code, made.msg).toBe(0);
    ids[who] = made.data.id;
  }
  // The operator holds the workflow boxes for this journey only.
  const operator = ((await call(baseURL!, admin, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 10, keyword: 'operator' } })).data.rows as Array<{ id: number; username: string; roleIds: number[] }>).find((u) => u.username === 'operator')!;
  await call(baseURL!, admin, 'PUT', `/api/admin/user/roles/${operator.id}`, { body: { roleIds: [...operator.roleIds, role.id] } });
  try {
    // The admin designs the form.
    await signIn(page, 'admin', { to: '/activiti/menu' });
    const root = page.locator('[data-page=workflow-form]');
    await root.locator('[data-action=create]').click();
    const form = page.getByTestId('resource-form');
    await form.locator('[name=name]').fill(formName);
    await form.locator('[name=field-name-0]').fill('days');
    await form.locator('[name=field-label-0]').fill('Days');
    await form.locator('[name=field-type-0]').selectOption('number');
    await form.locator('[data-action=add-field]').click();
    await form.locator('[name=field-name-1]').fill('days');
    await form.locator('[name=field-label-1]').fill('Reason');
    await form.locator('[name=step-name-0]').fill('Lead');
    await pick(form.locator('[name=step-users-0]'), `(wf.lead.${suffix})`);
    await form.locator('[data-action=add-step]').click();
    await form.locator('[name=step-name-1]').fill('Manager');
    await pick(form.locator('[name=step-users-1]'), `(wf.boss.${suffix})`);
    const ccPicker = form.locator('[name=process-cc]');
    await pick(ccPicker, `(wf.cc.${suffix})`);
    // A picker of several stays open after a choice, its list over the dialog's foot: leave it by Tab,
    // as a keyboard user would, so the click on Save lands on Save and not on the closing list.
    await ccPicker.press('Tab');
    await expect(ccPicker).not.toHaveAttribute('aria-expanded', 'true');
    await form.locator('button[type=submit]').click();
    await expect(form.getByRole('alert').filter({ hasText: zh('workflow.problem.fieldRepeats', { name: 'days' }) })).toHaveCount(1);
    await form.locator('[name=field-name-1]').fill('reason');
    await form.locator('button[type=submit]').click();
    await expect(form).toBeHidden();
    await expect(root.locator('tbody tr[data-row]', { hasText: formName })).toContainText('Lead → Manager');

    // The operator starts a request.
    const op = await asUser(browser, 'operator', 'operator123');
    await op.goto('/activiti/his_task');
    await op.locator('[data-page=workflow-task] [data-action=start]').click();
    const start = op.getByTestId('workflow-start');
    await start.locator('#wf-form').selectOption({ label: formName });
    await start.locator('[name=days]').fill('three');
    await start.locator('button[type=submit]').click();
    await expect(start.getByRole('alert')).toHaveText(zh('workflow.problem.number', { label: 'Days' }));
    await start.locator('[name=days]').fill('3');
    await start.locator('[name=reason]').fill('Family visit');
    await start.locator('button[type=submit]').click();
    await expect(start).toBeHidden();
    await expect(op.locator('tbody tr[data-row]', { hasText: formName }).first().locator('[data-status]')).toHaveText(zh('workflow.status.running'));

    // The first approver approves.
    const lead = await asUser(browser, `wf.lead.${suffix}`, PASSWORD);
    let dialog = await openRequest(lead, '/activiti/my_task', formName);
    await expect(dialog.locator('[data-value=reason]')).toHaveText('Family visit');
    await dialog.locator('#wf-comment').fill('Fine');
    await dialog.locator('[data-action=approve]').click();
    await expect(dialog.locator('[data-part=status]')).toHaveText(zh('workflow.status.running'));
    await expect(dialog.locator('[data-step="1"]')).toHaveAttribute('data-current', 'true');

    // The second rejects, with a reason, ending the request.
    const boss = await asUser(browser, `wf.boss.${suffix}`, PASSWORD);
    await boss.goto('/activiti/my_task');
    await expect(boss.locator('[data-count=my]')).toHaveText('1');
    dialog = await openRequest(boss, '/activiti/my_task', formName);
    await dialog.locator('[data-action=reject]').click();
    await dialog.locator('[data-action=confirm]').click();
    await expect(dialog.getByRole('alert')).toHaveText('驳回时请填写原因');
    await dialog.locator('#wf-reason').fill('Peak season');
    await dialog.getByLabel(zh('workflow.detail.endRequest')).check();
    await dialog.locator('[data-action=confirm]').click();
    await expect(dialog.locator('[data-part=status]')).toHaveText(zh('workflow.status.rejected'));

    // The initiator sees the whole timeline.
    dialog = await openRequest(op, '/activiti/his_task', formName);
    const timeline = dialog.locator('[data-part=timeline] li');
    await expect(timeline.filter({ hasText: zh('workflow.kind.started') })).toHaveCount(1);
    await expect(timeline.filter({ hasText: `WF lead ${suffix}` })).toContainText('Fine');
    await expect(dialog.locator('[data-part=timeline] [data-kind=rejected]')).toContainText('Peak season');
    await expect(dialog.locator('[data-part=status]')).toHaveText(zh('workflow.status.rejected'));
    await expectNoSeriousA11yViolations(op, 'workflow request', { include: '[data-testid=workflow-request]' });

    // The CC user finds it in "CC to me".
    const cc = await asUser(browser, `wf.cc.${suffix}`, PASSWORD);
    await cc.goto('/activiti/copy_task');
    await expect(cc.locator('tbody tr[data-row]', { hasText: formName })).toHaveCount(1);
    await expect(cc.locator('[data-count=cc]')).toHaveText('1');
    for (const p of [op, lead, boss, cc]) await p.context().close();
  } finally {
    await call(baseURL!, admin, 'PUT', `/api/admin/user/roles/${operator.id}`, { body: { roleIds: operator.roleIds } });
  }
});
