// Issue 4 "Checked by": real frames for live, replay and both; heartbeats every 2 s at the server;
// removing the element shuts its stream; a move in the DOM keeps it; rights and tenants hold.
import { expect, test } from './fixtures.ts';
import { addPlayer, call, clearRequests, controlTime, HEART_PATH, mediaBaseOf, mediaStats, openVideoPage, probe, REQUEST_PATH, requestsTo, SHUT_PATH, signIn, waitForPlayback } from './video-helpers.ts';

// The cameras' own drawn 1280x720 pictures are what this file checks (the others play the cheap loops).
test.use({ platformEnv: { ATRIUM_DEMO_VIDEO: 'drawn' } });
// The tests are independent and the file comes late in the run: the workers share them (each starts
// the file's platform where it runs) instead of one worker running them all while the others wait.
test.describe.configure({ mode: 'parallel' });

test.describe('video player', () => {
  test('live: decodes real frames and keeps near the live edge', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const played = page.evaluate(() => new Promise((r) => document.addEventListener('atrium-play', (e) => r((e as CustomEvent).detail), { once: true })));
    const player = await addPlayer(page, { 'camera-id': '1', muted: true });
    await waitForPlayback(page, player);
    expect(await played).toEqual({ cameraId: '1', playType: 0 });
    const [video] = await probe(player);
    // The camera's own drawn picture (demo/media/scene.ts), not a stretched test pattern.
    expect([video!.width, video!.height]).toEqual([1280, 720]);
    // Two more seconds of picture, then still near the live edge.
    await expect.poll(async () => (await probe(player))[0]!.time, { timeout: 10_000 }).toBeGreaterThan(video!.time + 2);
    const later = (await probe(player))[0]!;
    expect(later.bufferEnd - later.time).toBeLessThan(1);
    await expect(player.locator('[data-pane=live]')).toHaveAttribute('data-status', 'playing');
  });

  test('replay and both side by side decode real frames', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const replay = await addPlayer(page, { 'camera-id': '2', 'play-type': '1', muted: true }, 'replay');
    await waitForPlayback(page, replay);
    const both = await addPlayer(page, { 'camera-id': '3', 'play-type': '2', muted: true }, 'both');
    await waitForPlayback(page, both, 2);
    await expect(both.locator('[data-pane]')).toHaveCount(2);
    // playType 2 is one request answering both streams.
    await expect(both.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
  });

  test('heartbeats reach the server every 2 s (±0.5 s) while playing', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': '4', muted: true });
    await waitForPlayback(page, player);
    await clearRequests(baseURL!);
    // Five beats as the server saw them (about 8 s), however long they take to come.
    await expect.poll(async () => (await requestsTo(baseURL!, HEART_PATH)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const beats = (await requestsTo(baseURL!, HEART_PATH)).map((r) => r.at);
    const gaps = beats.slice(1).map((t, i) => t - beats[i]!);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1500);
      expect(gap).toBeLessThanOrEqual(2500);
    }
  });

  test('removing the element shuts the stream and closes its connection; a quick move does not', async ({ page, baseURL }) => {
    const sent = await controlTime(page);
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const media = mediaBaseOf(baseURL!);
    const player = await addPlayer(page, { 'camera-id': '5', muted: true });
    await waitForPlayback(page, player);
    await clearRequests(baseURL!);

    // Move it to another parent, as a wall does when a pane is dragged.
    await page.evaluate(() => {
      const el = document.getElementById('player')!;
      const box = document.createElement('div');
      box.id = 'elsewhere';
      document.body.append(box);
      box.append(el);
    });
    // Past the element's 3 s keep-alive on the page's clock: had the move been taken for a removal, the
    // shut would have been sent by now.
    await page.clock.runFor(3500);
    expect(await sent(SHUT_PATH)).toBe(0);
    await waitForPlayback(page, player);
    expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(0);
    expect(await requestsTo(baseURL!, SHUT_PATH)).toHaveLength(0);
    await expect(player.locator('[data-pane=live]')).toHaveAttribute('data-status', 'playing');

    const viewers = (await mediaStats(media)).liveViewers;
    await page.evaluate(() => document.getElementById('player')!.remove());
    // The element waits 3 s (keep-alive for moves), then shuts.
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length, { timeout: 6000 }).toBe(1);
    await expect.poll(async () => (await mediaStats(media)).liveViewers, { timeout: 3000 }).toBe(viewers - 1);
    const beats = await sent(HEART_PATH);
    expect(beats).toBeGreaterThan(0);
    // Three heartbeat intervals on the page's clock: a heartbeat still due would have been sent.
    await page.clock.runFor(6000);
    expect(await sent(HEART_PATH)).toBe(beats);
  });

  test('finds a camera by device code, and shows the no-device message for an unknown one', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const lookupOf = (label: string) =>
      page.waitForRequest((r) => r.url().includes('/getCameraList') && new URL(r.url()).searchParams.get('label') === label);
    const lookup = lookupOf('CAM-006');
    const found = await addPlayer(page, { 'dev-label': 'CAM-006', muted: true }, 'found');
    // SPEC §4: the lookup asks for page 1, limit 10, exact.
    const asked = new URL((await lookup).url()).searchParams;
    expect([asked.get('page'), asked.get('limit'), asked.get('exact')]).toEqual(['1', '10', 'true']);
    await waitForPlayback(page, found);
    const missing = await addPlayer(page, { 'dev-label': 'NO-SUCH-CAM' }, 'missing');
    await expect(missing.locator('[data-status=no-device]')).toHaveText('No device code or device id');
    // Exact: the start of a real code (CAM-00 of CAM-006) finds nothing.
    const partial = await addPlayer(page, { 'dev-label': 'CAM-00' }, 'partial');
    await expect(partial.locator('[data-status=no-device]')).toHaveText('No device code or device id');
    const none = await addPlayer(page, {}, 'none');
    await expect(none.locator('[data-status=no-device]')).toBeVisible();
    // Given only an id, the player still names its camera (from the camera list), not "#6".
    const byId = await addPlayer(page, { 'camera-id': String(6), muted: true }, 'by-id');
    // The embed page runs in English: the camera's English name.
    const camera = ((await call(baseURL!, admin, 'GET', '/api/cctv/video/client/getCameraList', { query: { id: '6', limit: '1' }, headers: { lang: 'en' } })).data.rows as Array<{ name: string }>)[0]!;
    await expect(byId.locator('[data-part=title]')).toHaveText(camera.name);
  });

  test('operator gets live but no replay', async ({ page, baseURL }) => {
    const operator = await signIn(baseURL!, 'operator', 'operator123');
    await openVideoPage(page, operator);
    const live = await addPlayer(page, { 'camera-id': '7', muted: true }, 'live');
    await waitForPlayback(page, live);
    // Not offered replay at all: no live/replay switch and no replay period.
    await expect(live.locator('button[data-mode=live]')).toHaveCount(0);
    await expect(live.locator('button[data-mode=replay]')).toHaveCount(0);
    await expect(live.locator('button[data-action=range]')).toHaveCount(0);
    await expect(live.locator('button[data-action=screenshot]')).toBeVisible();
    await clearRequests(baseURL!);
    const replay = await addPlayer(page, { 'camera-id': '7', 'play-type': '1', muted: true }, 'replay');
    await expect(replay.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'no-permission');
    await expect(replay.locator('[data-pane=replay] [role=status]')).toHaveText('No permission to play');
    expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(0);
    expect(await replay.locator('video').count()).toBe(0);
  });

  test('admin2 cannot play a first-tenant camera', async ({ page, baseURL }) => {
    const admin2 = await signIn(baseURL!, 'admin2', 'admin123');
    await openVideoPage(page, admin2);
    const errors = page.evaluate(() => new Promise((r) => document.addEventListener('atrium-error', (e) => r((e as CustomEvent).detail), { once: true })));
    const player = await addPlayer(page, { 'camera-id': '1', muted: true });
    await expect(player.locator('[data-pane=live]')).toHaveAttribute('data-status', 'no-device');
    expect(await errors).toMatchObject({ message: expect.any(String) });
    const [video] = await probe(player);
    expect(video?.width ?? 0).toBe(0);
  });

  test('picking a replay range while on live switches to replay on that range', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': '10', muted: true });
    await waitForPlayback(page, player);
    await expect(player.locator('button[data-mode=live]')).toHaveAttribute('aria-pressed', 'true');
    await clearRequests(baseURL!);
    const y = new Date(Date.now() - 86_400_000);
    const past = `${y.getFullYear()}-${String(y.getMonth() + 1).padStart(2, '0')}-${String(y.getDate()).padStart(2, '0')}`;
    await player.locator('button[data-action=range]').click();
    const panel = player.locator('[data-panel=range]');
    await panel.locator('input[name=startTime]').fill(`${past} 03:00:00`);
    await panel.locator('input[name=endTime]').fill(`${past} 04:00:00`);
    await panel.locator('button[data-action=apply-range]').click();
    await expect(player.locator('button[data-mode=replay]')).toHaveAttribute('aria-pressed', 'true');
    await expect(player.locator('[data-pane=live]')).toHaveCount(0);
    await expect(player.locator('button[data-action=range]')).toHaveText(`${past} 03:00:00 – ${past} 04:00:00`);
    await waitForPlayback(page, player);
    await expect(player.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
    // The live stream was let go.
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length).toBe(1);
  });

  test('live/replay switch, a picked range, and a screenshot named <timestamp>screenshot.png', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': '9', muted: true });
    await waitForPlayback(page, player);

    await clearRequests(baseURL!);
    await player.locator('button[data-mode=replay]').click();
    await expect(player.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
    await expect(player.locator('[data-pane=live]')).toHaveCount(0);
    // No time given: today in full.
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await expect(player.locator('button[data-action=range]')).toHaveText(`${day} 00:00:00 – ${day} 23:59:59`);
    // Switching away from live shut the live stream.
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length).toBe(1);

    // The period is typed or picked in the product's own date field: SPEC §9 format, no browser date input.
    await player.locator('button[data-action=range]').click();
    const panel = player.locator('[data-panel=range]');
    await expect(panel.locator('input[type=datetime-local], input[type=date]')).toHaveCount(0);
    await expect(panel.locator('input[name=startTime]')).toHaveAttribute('placeholder', 'YYYY-MM-DD HH:mm:ss');
    // The calendar opens in the user's language on today's month (no day after today: the pinned-clock
    // tests below, mid-month, at a month's end and at a year's end).
    await panel.getByRole('button', { name: 'Start time: open the calendar' }).click();
    const calendar = panel.getByRole('dialog', { name: 'Pick a date range' });
    await expect(calendar).toContainText(today.toLocaleString('en-GB', { month: 'long' }));
    // Yesterday (the night is recorded whatever the hour this runs at), picked as first and last day.
    const y = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    const past = `${y.getFullYear()}-${String(y.getMonth() + 1).padStart(2, '0')}-${String(y.getDate()).padStart(2, '0')}`;
    if (y.getMonth() !== today.getMonth()) await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.locator(`[data-day="${past}"]`).click();
    await calendar.locator(`[data-day="${past}"]`).click();
    await expect(calendar).toHaveCount(0);
    await expect(panel.locator('input[name=startTime]')).toHaveValue(`${past} 00:00:00`);
    await expect(panel.locator('input[name=endTime]')).toHaveValue(`${past} 23:59:59`);
    // A typed time after today is refused with the rule's message.
    await panel.locator('input[name=startTime]').fill('2099-01-01 00:00:00');
    await panel.locator('input[name=endTime]').fill('2099-01-01 01:00:00');
    await panel.locator('button[data-action=apply-range]').click();
    await expect(panel.getByRole('alert')).toHaveText('Times after today cannot be chosen');
    await panel.locator('input[name=startTime]').fill(`${past} 01:00:00`);
    await panel.locator('input[name=endTime]').fill(`${past} 02:00:00`);
    await panel.locator('button[data-action=apply-range]').click();
    await expect(player.locator('button[data-action=range]')).toHaveText(`${past} 01:00:00 – ${past} 02:00:00`);
    await waitForPlayback(page, player);

    const shotEvent = page.evaluate(() => new Promise((r) => document.addEventListener('atrium-screenshot', (e) => r((e as CustomEvent).detail), { once: true })));
    const download = page.waitForEvent('download');
    await player.locator('button[data-action=screenshot]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^\d{13}screenshot\.png$/);
    expect(await shotEvent).toEqual({ fileName: file.suggestedFilename() });

    // Full screen on and off.
    const full = player.locator('button[data-action=fullscreen]');
    await full.click();
    await expect(full).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.fullscreenElement?.id)).toBe('player');
    await full.click();
    await expect(full).toHaveAttribute('aria-pressed', 'false');

    // Back to live stops the replay player.
    await player.locator('button[data-mode=live]').click();
    await expect(player.locator('[data-pane=replay]')).toHaveCount(0);
    await waitForPlayback(page, player);
    await expect(player.locator('video')).toHaveCount(1);
  });

  // The page's clock is set to a chosen moment once the player is up, and runs on from there (the kit
  // judges its session by the real clock; the platform's is not moved: nothing here asks it for recordings).
  for (const [when, now, today, tomorrow] of [
    ['in the middle of a month', '2026-06-15T15:00:00', '2026-06-15', '2026-06-16'],
    ['on the last day of a month', '2026-04-30T23:30:00', '2026-04-30', '2026-05-01'],
    ['on the last day of a year', '2025-12-31T23:30:00', '2025-12-31', '2026-01-01'],
  ] as const) {
    test(`the range calendar offers today but no later day ${when}`, async ({ page, baseURL }) => {
      const admin = await signIn(baseURL!, 'admin', 'admin123');
      await openVideoPage(page, admin);
      const player = await addPlayer(page, { 'camera-id': '9', muted: true });
      await expect(player.locator('button[data-action=range]')).toBeVisible();
      await page.clock.install({ time: new Date(now) });
      await page.clock.resume();
      await player.locator('button[data-action=range]').click();
      const panel = player.locator('[data-panel=range]');
      await panel.getByRole('button', { name: 'Start time: open the calendar' }).click();
      const calendar = panel.getByRole('dialog', { name: 'Pick a date range' });
      await expect(calendar.locator(`[data-day="${today}"]`)).not.toHaveAttribute('aria-disabled', 'true');
      if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
        await expect(calendar.locator(`[data-day="${tomorrow}"]`)).toHaveAttribute('aria-disabled', 'true');
      } else {
        // Tomorrow is in the next month (and year): shown greyed at the grid's end, and the calendar
        // does not go to that month at all.
        await expect(calendar.locator(`[data-day="${tomorrow}"]`)).toHaveAttribute('aria-disabled', 'true');
        await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
      }
      // A typed time of tomorrow is refused with the rule's message.
      await calendar.press('Escape');
      await panel.locator('input[name=startTime]').fill(`${tomorrow} 00:10:00`);
      await panel.locator('input[name=endTime]').fill(`${tomorrow} 00:20:00`);
      await panel.locator('button[data-action=apply-range]').click();
      await expect(panel.getByRole('alert')).toHaveText('Times after today cannot be chosen');
    });
  }
});
