// Regions and devices through the console: an area, 50 devices from %d patterns in it (a batch of
// 1001 and a code without %d refused on the form), the devices in the device list element, an edit
// refused for an 11-character SN, the area kept while it holds devices, export started; axe passes.
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';

test('an area, 50 devices from patterns, visible in the device list element, edited and kept by the rules', async ({ page }) => {
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  const root = page.locator('[data-page=device-subsystem]');
  await expect(root.locator('tbody tr[data-row]').first()).toBeVisible();

  await root.locator('[data-action=add-area]').click();
  let form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('Lift shaft');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await root.getByTestId('areas').locator('[data-node-id]', { hasText: 'Lift shaft' }).click();
  await expect(root.getByRole('status').or(root.locator('tbody')).first()).toBeVisible();
  await expect(root.locator('tbody tr[data-row]')).toHaveCount(0);

  await root.locator('[data-action=batch]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=count]').fill('1001');
  await form.locator('[name=code]').fill('LIFT-');
  await form.locator('[name=name]').fill('Lift-%d');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.batch.range', { min: 1, max: 1000 }) })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.batch.placeholder') })).toBeVisible();
  await form.locator('[name=count]').fill('50');
  await form.locator('[name=code]').fill('LIFT-%d');
  await form.locator('[name=address]').fill('7-%d');
  await form.locator('[name=modelId]').selectOption({ label: 'FCU100 风机盘管' });
  await expect(form.locator('[data-hint]')).toHaveText(zh('subsystem.batchPreview', { count: 50, first: 'LIFT-1', last: 'LIFT-50' }));
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(root.getByText(zh('resource.total', { count: 50 }))).toBeVisible();
  await expect(root.locator('tbody tr[data-row]').first()).toContainText('风机盘管');

  // An edit with an 11-character SN is refused on the form and changes nothing.
  const lift7 = root.locator('tbody tr[data-row]').filter({ has: page.locator('td', { hasText: /^LIFT-1$/ }) });
  await lift7.locator('[data-action=edit]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=sn]').fill('ABCDEFGHIJK');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveText(zh('validate.device.sn'));
  await form.locator('[name=sn]').fill('ABCDEFGHIJKL');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(lift7).toContainText('ABCDEFGHIJKL');

  // The area holds devices: the platform keeps it.
  await root.locator('[data-action=delete-area]').click();
  const confirm = page.getByTestId('confirm-delete');
  await confirm.locator('[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm.getByRole('alert')).toHaveText('区域下还有 50 台设备、0 个下级区域，不能删除');
  await confirm.getByRole('button', { name: zh('resource.cancel') }).click();

  await root.locator('[data-action=export]').click();
  await expect(page.getByText(zh('resource.exportStarted'))).toBeVisible();

  // The device list element shows them.
  await page.goto('/devstatus/tabs');
  await page.getByRole('button', { name: zh('devcard.table') }).click();
  const list = page.locator('atrium-device-list');
  // The element renders the table a task after the click; until then the cards' own search box is the
  // only one, and typing there would only set the cards' unapplied keyword.
  await expect(list.getByRole('grid')).toBeVisible();
  await list.getByRole('searchbox').fill('LIFT-');
  const rows = list.locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])');
  await expect(rows.first()).toContainText('LIFT-', { timeout: 15000 });
});

test('devices imported from an xlsx through the import dialog appear in the list', async ({ page }) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('devices');
  sheet.columns = [
    { header: '设备编码', key: 'code' },
    { header: '设备名称', key: 'name' },
    { header: '型号编码', key: 'model' },
  ];
  for (let i = 1; i <= 3; i++) sheet.addRow({ code: `XLS-${i}`, name: `Imported-${i}`, model: 'PMP55' });
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  const root = page.locator('[data-page=device-subsystem]');
  await root.locator('[data-action=import]').click();
  const dialog = page.getByTestId('resource-import');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'devices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await dialog.locator('button[type=submit]').click();
  await expect(dialog).toBeHidden();
  await root.locator('input[name=keyword]').fill('XLS-');
  await expect
    .poll(async () => {
      await root.locator('input[name=keyword]').press('Enter');
      return root.locator('tbody tr[data-row]').count();
    }, { timeout: 20_000 })
    .toBe(3);
  await expect(root.locator('tbody tr[data-row]').first()).toContainText('水泵');
});

test('regions and devices pass axe in the dark and light themes', async ({ page }) => {
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  await expect(page.locator('[data-page=device-subsystem] tbody tr[data-row]').first()).toBeVisible();
});

test('selected devices are filed in a new data group, which the role page then offers under device groups', async ({ page }) => {
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  const root = page.locator('[data-page=device-subsystem]');
  await root.locator('input[name=keyword]').fill('METER-');
  await root.locator('input[name=keyword]').press('Enter');
  const rows = root.locator('tbody tr[data-row]');
  await expect(rows.first()).toContainText('METER-');
  const codes = [(await rows.nth(0).locator('td').nth(1).textContent())!, (await rows.nth(1).locator('td').nth(1).textContent())!];
  await rows.nth(0).locator('input[type=checkbox]').check();
  await rows.nth(1).locator('input[type=checkbox]').check();
  await root.locator('[data-action=file-group]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('select[name=groupId]').selectOption({ label: zh('subsystem.newGroup') });
  // A new group needs its name.
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  const name = `Meters ${Date.now() % 100000}`;
  await form.locator('input[name=newName]').fill(name);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  for (const code of codes) await expect(rows.filter({ hasText: code.trim() }).locator('[data-group]')).toHaveText(name);

  // The role page offers the new group under the device groups of its data authority.
  await page.goto('/group');
  await page.locator('[data-page=group] tbody tr[data-row] [data-action=rights]').first().click();
  await expect(page.getByTestId('data-authority')).toContainText(zh('roles.deviceGroups'));
  await expect(page.getByTestId('data-authority')).toContainText(name);
});
