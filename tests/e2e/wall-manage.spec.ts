// The video access management page (devManager /videoGroup): batch add with %d (validated), delete
// confirmed by typing delete, export as a background task, moving cameras between groups; and
// /videoGroup?type=wall shows the wall.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('cameras: batch add, move, delete with confirmation, export', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await page.goto('/videoGroup');
  const root = page.locator('[data-page=video-group]');
  await root.locator('[data-group-id]', { hasText: 'Gardens' }).click();
  await expect(root.locator('tbody tr')).toHaveCount(4);

  // Batch add: the count and the %d placeholder are checked before anything is sent.
  await root.locator('[data-action=batch]').click();
  const form = page.locator('form[data-form=camera]');
  await form.locator('[name=name]').fill('Bench seat %d');
  await form.locator('[name=label]').fill('SEAT');
  await form.locator('[name=count]').fill('1001');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveCount(2);
  await form.locator('[name=label]').fill('SEAT-%d');
  await form.locator('[name=count]').fill('3');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(root.locator('tbody tr')).toHaveCount(7);
  await expect(root.locator('tbody')).toContainText('SEAT-3');

  // Move two of them to another group.
  await root.locator('[data-filter=name]').fill('Bench seat');
  await expect(root.locator('tbody tr')).toHaveCount(3);
  await root.locator('tbody tr', { hasText: 'SEAT-1' }).locator('input[type=checkbox]').check();
  await root.locator('tbody tr', { hasText: 'SEAT-2' }).locator('input[type=checkbox]').check();
  await root.locator('[data-action=move]').click();
  const move = page.locator('form[data-form=move]');
  const roof = (await move.locator('option', { hasText: 'Roof' }).getAttribute('value'))!;
  await move.locator('select').selectOption(roof);
  await move.locator('button[type=submit]').click();
  await expect(root.locator('tbody tr')).toHaveCount(1);
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const inRoof = (await call(baseURL!, token, 'GET', '/api/cctv/video/client/getCameraList', { query: { dataGroupId: roof, name: 'Bench seat', limit: '50' } })).data.rows as Array<{ label: string }>;
  expect(inRoof.map((r) => r.label).sort()).toEqual(['SEAT-1', 'SEAT-2']);

  // Delete needs the word delete.
  await root.locator('tbody tr', { hasText: 'SEAT-3' }).locator('[data-action=delete]').click();
  const confirm = page.locator('form[data-form=delete]');
  await confirm.locator('[name=confirm]').fill('delet');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm.getByRole('alert')).toBeVisible();
  await expect(root.locator('tbody tr')).toHaveCount(1);
  await confirm.locator('[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm).toBeHidden();
  await expect(root.locator('tbody tr')).toHaveCount(0);

  // Export runs as a background task.
  await root.locator('[data-action=export]').click();
  await expect(page.getByText(zh('videoGroup.exportStarted'))).toBeVisible();
  await expect.poll(async () => ((await call(baseURL!, token, 'GET', '/api/admin/progress')).data as Array<{ key: string }>).some((p) => p.key === 'cameraExport')).toBe(true);
});

test('/videoGroup?type=wall shows the wall', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/videoGroup?type=wall');
  await expect(page.locator('atrium-video-wall [data-pane]')).toHaveCount(4);
  await expect(page.locator('atrium-video-wall [role=option]').first()).toBeVisible();
});
