// Issue 38, long lists you can search: a picker over the building’s 360 devices is a combobox you
// type into, operated from the keyboard alone, that renders only the rows on screen; the device
// chosen is the one saved.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';
import { pickerList } from './picker-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('a 360-device picker is searched and chosen from by keyboard alone, virtualised, and the choice is saved', async ({ page, baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const devices = (await call(baseURL!, admin, 'GET', '/api/device/list', { query: { limit: '1000' } })).data as { rows: Array<{ id: number; code: string; name: string }>; total: number };
  expect(devices.total).toBeGreaterThanOrEqual(360);
  // A device far down the list: a plain list would make the user scroll past hundreds.
  const target = devices.rows.at(-1)!;
  const camera = ((await call(baseURL!, admin, 'GET', '/api/cctv/video/client/getCameraList', { query: { page: '1', limit: '1' } })).data.rows as Array<{ id: number; name: string }>)[0]!;
  const label = `${target.code} ${target.name}`;
  const name = `Picker ${Date.now() % 100000}`;

  await signIn(page, 'admin', { to: '/relation/device' });
  const root = page.locator('[data-page=relation]');
  await root.locator('[data-action=create]').focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('resource-form');
  const device = form.getByRole('combobox', { name: zh('relations.field.device') });
  // The dialog's first field has the focus; the device picker is reached with Tab.
  await expect(device).toBeVisible();
  while (!(await device.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');

  // Down opens the whole list: 360+ options, of which only a screenful is in the page.
  await page.keyboard.press('ArrowDown');
  const list = await pickerList(device);
  await expect(list).toBeVisible();
  await expect(list).toHaveAttribute('data-count', String(devices.rows.length));
  const rendered = await list.getByRole('option').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(40);
  // End reaches the last device through the virtual list; Home comes back.
  await page.keyboard.press('End');
  await expect(list.getByRole('option', { name: label })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Home');
  await expect(list.getByRole('option').first()).toHaveAttribute('data-highlighted', '');

  // Typing narrows the list to the matches; the first is highlighted and Enter takes it.
  await page.keyboard.type(target.code);
  await expect(list.getByRole('option').first()).toContainText(target.code);
  expect(await list.getByRole('option').count()).toBeLessThan(devices.rows.length);
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(device).toHaveValue(label);

  // The rest of the form by keyboard too: the camera, a name, then save.
  await page.keyboard.press('Tab');
  const cameraField = form.locator('[name=cameraId]');
  if ((await cameraField.evaluate((el) => el.tagName)) === 'SELECT') await cameraField.selectOption(String(camera.id));
  else {
    while (!(await cameraField.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.type(camera.name);
    await page.keyboard.press('Enter');
    // The camera list closes before the next field is reached (closing, it gives the focus back to
    // its field: typing before then would go there).
    await expect(await pickerList(cameraField)).toBeHidden();
  }
  await form.locator('[name=name]').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  // Saved with the device picked.
  const rows = (await call(baseURL!, admin, 'POST', '/api/relation/device/page', { body: { page: 1, limit: 100, keyword: target.code } })).data.rows as Array<{ id: number; deviceId: number; name: string }>;
  const saved = rows.filter((r) => r.name === name);
  expect(saved.map((r) => r.deviceId)).toEqual([target.id]);
  await call(baseURL!, admin, 'POST', '/api/relation/device/delete', { body: { ids: saved.map((r) => r.id) } });

  // The documents-by-device picker on the same page narrows and answers the same way; Escape closes.
  const docs = page.locator('[data-part=device-documents]').getByRole('combobox', { name: zh('relations.field.device') });
  await docs.focus();
  await page.keyboard.type('zz-no-such-device');
  const docList = await pickerList(docs);
  await expect(docList).toContainText(zh('resource.picker.none'));
  await page.keyboard.press('Escape');
  await expect(docList).toBeHidden();
});
