// Device relations through the console: a camera related to the device of an alarm (a second time is
// refused) plays live from that alarm's row in alarm search; axe passes in the dark and light themes.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';
import { createAlarms } from './alarm-progress-helpers.ts';
import { call, signIn as apiSignIn, waitForPlayback } from './video-helpers.ts';
import { pick } from './picker-helpers.ts';

test('a camera related to an alarm’s device plays from the alarm row', async ({ page, baseURL }) => {
  await createAlarms(baseURL!, { count: 1 });
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const latest = (await call(baseURL!, admin, 'GET', '/api/alarm/total/tenant')).data.latest as { id: number };
  const alarm = ((await call(baseURL!, admin, 'GET', '/api/alarm/his', { query: { limit: '100' } })).data.rows as Array<{ id: number; deviceCode: string; deviceName: string }>).find((a) => a.id === latest.id)!;
  const camera = ((await call(baseURL!, admin, 'GET', '/api/cctv/video/client/getCameraList', { query: { page: '1', limit: '1' } })).data.rows as Array<{ id: number; name: string }>)[0]!;
  // A clean start for this device (a retried run finds its own relation from the first try).
  const old = (await call(baseURL!, admin, 'POST', '/api/relation/device/page', { body: { page: 1, limit: 100, keyword: alarm.deviceCode } })).data.rows as Array<{ id: number }>;
  if (old.length) await call(baseURL!, admin, 'POST', '/api/relation/device/delete', { body: { ids: old.map((r) => r.id) } });

  await signIn(page, 'admin', { to: '/relation/device' });
  const root = page.locator('[data-page=relation]');
  for (const attempt of [1, 2]) {
    await root.locator('[data-action=create]').click();
    const form = page.getByTestId('resource-form');
    await pick(form.locator('[name=deviceId]'), `${alarm.deviceCode} ${alarm.deviceName}`);
    await pick(form.locator('[name=cameraId]'), camera.name);
    await form.locator('[name=name]').fill('Door view');
    await form.locator('button[type=submit]').click();
    if (attempt === 1) await expect(form).toBeHidden();
    else {
      await expect(form.getByRole('alert')).toHaveText('该设备已关联这台摄像机');
      await form.getByRole('button', { name: zh('resource.cancel') }).click();
    }
  }
  await expect(root.locator('tbody tr[data-row]', { hasText: alarm.deviceCode })).toContainText('Door view');

  // The alarm is an hour old: its device's code brings it onto the first page among newer ones.
  await page.goto(`/alarm/search?view=history&keyword=${encodeURIComponent(alarm.deviceCode)}`);
  const row = page.locator(`[data-page=alarm-search] tbody tr[data-row="${alarm.id}"]`);
  await row.locator('[data-action=cameras]').click();
  const dialog = page.getByTestId('alarm-cameras');
  await expect(dialog.locator(`figure[data-camera-id="${camera.id}"]`)).toContainText('Door view');
  await waitForPlayback(page, dialog.locator('atrium-video-player'), 1, 15000);
});
