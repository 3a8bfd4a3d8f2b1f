// Background tabs pause live video and resume it at the live edge (issue 4); a tab hidden past the
// grace period gives its stream back (shut, no heartbeats) and asks for a fresh one when shown; leaving
// the page shuts the stream at once (SPEC §4), and coming back plays again.
import { expect, test } from './fixtures.ts';
import { VISIBILITY_SCRIPT } from './alarm-progress-helpers.ts';
import { addPlayer, clearRequests, controlTime, HEART_PATH, mediaBaseOf, mediaStats, openVideoPage, probe, REQUEST_PATH, requestsTo, SHUT_PATH, signIn, waitForPlayback } from './video-helpers.ts';

test('a hidden tab pauses live video, lets the stream go, and resumes at the live edge', async ({ page, baseURL }) => {
  await page.addInitScript(VISIBILITY_SCRIPT);
  const sent = await controlTime(page);
  const heartbeatsSent = () => sent(HEART_PATH);
  const admin = await signIn(baseURL!, 'admin', 'admin123');
  await openVideoPage(page, admin);
  const player = await addPlayer(page, { 'camera-id': '12', muted: true });
  await waitForPlayback(page, player);
  await clearRequests(baseURL!);

  await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
  await expect.poll(async () => (await probe(player))[0]?.paused).toBe(true);
  await expect(player.locator('[data-pane=live]')).toHaveAttribute('data-status', 'paused', { timeout: 8000 });
  expect(await requestsTo(baseURL!, SHUT_PATH)).toHaveLength(1);
  // While it played, the page sent heartbeats (so the count below can move).
  expect(await heartbeatsSent()).toBeGreaterThan(0);
  const beats = await heartbeatsSent();
  // Three heartbeat intervals (2 s each) pass on the page's clock: a heartbeat that was due has been sent.
  await page.clock.runFor(6000);
  expect(await heartbeatsSent()).toBe(beats);

  await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(false));
  await waitForPlayback(page, player);
  expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(1);
  // Back in view, the latency control catches up with the live edge by itself.
  await expect.poll(async () => {
    const [video] = await probe(player);
    return video!.bufferEnd - video!.time;
  }, { timeout: 10_000 }).toBeLessThan(0.8);
});

test('leaving the page shuts the stream by a request that outlives the page; coming back plays again', async ({ page, baseURL }) => {
  const admin = await signIn(baseURL!, 'admin', 'admin123');
  await openVideoPage(page, admin);
  const player = await addPlayer(page, { 'camera-id': '12', muted: true });
  await waitForPlayback(page, player);
  await clearRequests(baseURL!);
  const media = mediaBaseOf(baseURL!);
  expect((await mediaStats(media)).streams).toBeGreaterThan(0);

  await page.goto('about:blank');
  // The shut reached the platform although the page that sent it is gone (the code would otherwise live 10 s).
  await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length, { timeout: 3000 }).toBe(1);
  await expect.poll(async () => (await mediaStats(media)).streams, { timeout: 3000 }).toBe(0);

  await page.goBack();
  const restored = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward' && Boolean(document.getElementById('player')));
  if (restored) {
    // Back from the back/forward cache: the same player asks for a fresh code and plays.
    await waitForPlayback(page, page.locator('#player'));
  } else {
    // The browser reloaded the page instead: a player added again plays as any new one.
    await page.waitForFunction(() => Boolean(customElements.get('atrium-video-player')));
    await waitForPlayback(page, await addPlayer(page, { 'camera-id': '12', muted: true }));
  }
  expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(1);
});
