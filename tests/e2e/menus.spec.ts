// Menus through the console: a javascript: address is refused in the form; renaming a group and
// hiding another reach the side menu at the next user-info load; resetting brings the platform's
// entry back. (Entries of the tenant's own and the second tenant: demo/server/menu.test.ts.)
import { expect, test } from './fixtures.ts';
import { menuLabels, signIn, zh } from './console-helpers.ts';

test('a renamed group shows in the side menu after a reload; a javascript: address is refused; reset restores it', async ({ page }) => {
  await signIn(page, 'admin', { to: '/menu' });
  const root = page.locator('[data-page=menu]');
  const row = root.locator('tbody tr[data-row=relationManager]');
  await row.locator('[data-action=edit]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=uri]').fill('javascript:alert(1)');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('menus.uriHint') })).toHaveCount(1);
  await form.locator('[name=uri]').fill('/relation');
  await form.locator('[name=zh]').fill('关联关系（改）');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(row.locator('[data-state]')).toHaveText(zh('menus.changed'));

  await page.reload();
  await expect(page.getByTestId('header')).toBeVisible();
  expect(await menuLabels(page)).toContain('关联关系（改）');

  await page.goto('/menu');
  await root.locator('tbody tr[data-row=relationManager] [data-action=reset]').click();
  await expect(root.locator('tbody tr[data-row=relationManager] [data-state]')).toHaveText(zh('menus.platform'));
  await page.reload();
  await expect(page.getByTestId('header')).toBeVisible();
  expect(await menuLabels(page)).not.toContain('关联关系（改）');
});
