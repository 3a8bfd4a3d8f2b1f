// The console routes that host widgets: /video from its query parameters, real-time monitoring's device list.
import { expect, test } from './fixtures.ts';
import { signIn } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('/video plays the camera named in the query, with the query flags applied', async ({ page }) => {
  await signIn(page, 'admin', { to: '/video?id=1&muted=true&disableYunControl=true' });
  const player = page.locator('atrium-video-player');
  await expect(player).toHaveAttribute('camera-id', '1');
  await expect(player).toHaveAttribute('disable-yun-control', '');
  await expect
    .poll(() => player.evaluate((el) => el.shadowRoot?.querySelector('video')?.videoWidth ?? 0), { timeout: 15000 })
    .toBeGreaterThan(0);
  // The picture moves on: its time passes the time it showed first.
  const time = () => player.evaluate((el) => el.shadowRoot!.querySelector('video')!.currentTime);
  const t0 = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(t0);
});

test('real-time monitoring lists the tenant’s devices in its table view', async ({ page }) => {
  await signIn(page, 'operator', { to: '/devstatus/tabs' });
  await page.locator('[data-view-choice=table]').click();
  const rows = page.locator('atrium-device-list').locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])');
  await expect(rows.first()).toBeVisible({ timeout: 15000 });
  expect(await rows.count()).toBeGreaterThan(5);
});

test('/video_wall shows the wall full screen with its four panes', async ({ page }) => {
  await signIn(page, 'admin', { to: '/video_wall' });
  const wall = page.locator('atrium-video-wall');
  await expect(wall).toHaveAttribute('fullscreen', '');
  await expect(wall.locator('[data-pane]')).toHaveCount(4, { timeout: 15000 });
  const box = await wall.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);
});

test('the dashboard counts the tenant’s users and cameras from the platform', async ({ page, baseURL }) => {
  // Other journeys add users to the shared platform: the count is whatever the platform holds now.
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const users = (await call(baseURL!, token, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 1 } })).data.total as number;
  expect(users).toBeGreaterThanOrEqual(3);
  await signIn(page, 'admin');
  const counters = page.getByTestId('dashboard-counter');
  await expect(counters.filter({ hasText: '用户数' }).locator('dd')).toHaveText(String(users));
  await expect(counters.filter({ hasText: '摄像机数' }).locator('dd')).toHaveText(/^\d[\d,]*$/);
  const cameras = Number((await counters.filter({ hasText: '摄像机数' }).locator('dd').textContent())!.replace(/,/g, ''));
  expect(cameras).toBeGreaterThanOrEqual(40);
});
