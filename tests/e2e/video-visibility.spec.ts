// Background tabs pause live video and resume it at the live edge (issue 4); a tab hidden past the
// grace period gives its stream back (shut, no heartbeats) and asks for a fresh one when shown.
import { expect, test } from './fixtures.ts';
import { VISIBILITY_SCRIPT } from './alarm-progress-helpers.ts';
import { addPlayer, clearRequests, HEART_PATH, openVideoPage, probe, REQUEST_PATH, requestsTo, SHUT_PATH, signIn, waitForPlayback } from './video-helpers.ts';

test('a hidden tab pauses live video, lets the stream go, and resumes at the live edge', async ({ page, baseURL }) => {
  await page.addInitScript(VISIBILITY_SCRIPT);
  const admin = await signIn(baseURL!, 'admin', 'admin123');
  await openVideoPage(page, admin);
  const player = await addPlayer(page, { 'camera-id': '12', muted: true });
  await waitForPlayback(page, player);
  await clearRequests(baseURL!);

  await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
  await expect.poll(async () => (await probe(player))[0]?.paused).toBe(true);
  await expect(player.locator('[data-pane=live]')).toHaveAttribute('data-status', 'paused', { timeout: 8000 });
  expect(await requestsTo(baseURL!, SHUT_PATH)).toHaveLength(1);
  const beats = (await requestsTo(baseURL!, HEART_PATH)).length;
  await page.waitForTimeout(3000);
  expect((await requestsTo(baseURL!, HEART_PATH)).length).toBe(beats);

  await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(false));
  await waitForPlayback(page, player);
  expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(1);
  await page.waitForTimeout(1000);
  const [video] = await probe(player);
  expect(video!.bufferEnd - video!.time).toBeLessThan(0.8);
});
