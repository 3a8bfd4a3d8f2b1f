// The video access management page (devManager /videoGroup): batch add with %d (validated), delete
// confirmed by typing delete, export as a background task, moving cameras between groups; and
// /videoGroup?type=wall shows the wall.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('cameras: batch add, filters on the server, move, delete with confirmation, export', async ({ page, baseURL }) => {
  await signIn(page, 'admin', { to: '/videoGroup' });
  const root = page.locator('[data-page=video-group]');
  const rows = root.locator('tbody tr[data-row]');
  // 2号机房 (server room 2) of the data centre: the switchgear and generator cameras.
  await root.getByTestId('camera-groups').locator('[data-node-id]', { hasText: '2号机房' }).click();
  await expect(rows).toHaveCount(2);
  await expect(root.getByTestId('resource-total')).toHaveText(zh('resource.total', { count: 2 }));

  // Batch add: the count and the %d placeholder are checked before anything is sent.
  await root.locator('[data-action=batch]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('Bench seat %d');
  await form.locator('[name=label]').fill('SEAT');
  await form.locator('[name=count]').fill('1001');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveCount(2);
  await form.locator('[name=label]').fill('SEAT-%d');
  await form.locator('[name=count]').fill('3');
  await form.locator('[name=tags]').fill('Bench');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(5);
  await expect(root.locator('tbody')).toContainText('SEAT-3');

  // The tag filter is applied by the platform: the total counts every group, not one page.
  await root.getByTestId('camera-groups').locator('[data-node-id=all]').click();
  await root.locator('select[name=tag]').selectOption('Bench');
  await expect(rows).toHaveCount(3);
  await expect(root.getByTestId('resource-total')).toHaveText(zh('resource.total', { count: 3 }));
  await root.locator('select[name=tag]').selectOption('');
  await root.getByTestId('camera-groups').locator('[data-node-id]', { hasText: '2号机房' }).click();

  // Move two of them to another group.
  await root.locator('input[name=name]').fill('Bench seat');
  await root.locator('input[name=name]').press('Enter');
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: 'SEAT-1' }).locator('input[type=checkbox]').check();
  await rows.filter({ hasText: 'SEAT-2' }).locator('input[type=checkbox]').check();
  await root.locator('[data-action=move]').click();
  const move = page.getByTestId('move-cameras');
  const roof = (await move.locator('option', { hasText: 'B栋' }).getAttribute('value'))!;
  await move.locator('select').selectOption(roof);
  await move.locator('button[type=submit]').click();
  await expect(rows).toHaveCount(1);
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const inRoof = (await call(baseURL!, token, 'GET', '/api/cctv/video/client/getCameraList', { query: { dataGroupId: roof, name: 'Bench seat', limit: '50' } })).data.rows as Array<{ label: string }>;
  expect(inRoof.map((r) => r.label).sort()).toEqual(['SEAT-1', 'SEAT-2']);

  // Delete needs the word delete.
  await rows.filter({ hasText: 'SEAT-3' }).locator('[data-action=delete]').click();
  const confirm = page.getByTestId('confirm-delete');
  await confirm.locator('[name=confirm]').fill('delet');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm.getByRole('alert')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await confirm.locator('[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm).toBeHidden();
  await expect(root.locator('tbody [data-state=empty]')).toHaveText(zh('resource.empty'));

  // Export runs as a background task, with the filter the page shows.
  await root.locator('[data-action=export]').click();
  await expect(page.getByText(zh('resource.exportStarted'))).toBeVisible();
  await expect.poll(async () => ((await call(baseURL!, token, 'GET', '/api/admin/progress')).data as Array<{ key: string }>).some((p) => p.key === 'cameraExport')).toBe(true);
});

test('/videoGroup?type=wall shows the wall', async ({ page }) => {
  await signIn(page, 'operator', { to: '/videoGroup?type=wall' });
  await expect(page.locator('atrium-video-wall [data-pane]')).toHaveCount(4);
  await expect(page.locator('atrium-video-wall [role=option]').first()).toBeVisible();
});
