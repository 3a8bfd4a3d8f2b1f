// SPEC paths no other journey covered. SPEC §4 "On page leave the streams are shut and paused", for
// the video wall: every pane playing when the page is left stops its video and shuts its stream by a
// request that outlives the page (the single player's case: video-visibility.spec.ts).
import { expect, test } from './fixtures.ts';
import { clearRequests, mediaStats, requestsTo, SHUT_PATH, signIn } from './video-helpers.ts';
import { openWall, pane, paneIsPlaying, resetWall, row } from './wall-helpers.ts';

test('leaving the page pauses every pane of the video wall and shuts its streams', async ({ page, baseURL, platform }) => {
  const admin = await signIn(baseURL!, 'admin', 'admin123');
  await resetWall(baseURL!, admin);
  try {
    const wall = await openWall(page, admin);
    for (const [camera, slot] of [
      [3, 1],
      [5, 2],
    ] as const) {
      // Chosen in the list and put in its pane by the pane's number (a drag is wall-persistence's
      // subject; here it only made the setup depend on a drag landing while the list redraws).
      await expect(row(wall, camera)).toBeVisible();
      await row(wall, camera).click();
      await wall.locator('[data-role=camera-list]').focus();
      await expect(row(wall, camera)).toHaveAttribute('data-focused', 'true');
      await page.keyboard.press(String(slot));
      await expect(pane(wall, slot)).toHaveAttribute('data-camera-id', String(camera));
      await expect.poll(() => paneIsPlaying(wall, slot), { timeout: 15000 }).toBe(true);
    }
    // The worker's platform has its media server on a port of its own.
    const media = `http://localhost:${platform.mediaPort}`;
    expect((await mediaStats(media)).streams).toBe(2);
    await clearRequests(baseURL!);

    // Registered after the panes' own pagehide handlers, so it sees the videos as the page leaves.
    await page.evaluate(() => {
      addEventListener('pagehide', () => {
        const videos = [...(document.querySelector('#wall')?.shadowRoot?.querySelectorAll('video') ?? [])];
        localStorage.setItem('atrium.test.leave', JSON.stringify(videos.map((v) => ({ paused: v.paused }))));
      });
    });
    await page.goto('about:blank');

    // Both shuts reached the platform although the page that sent them is gone, and the media server
    // let both streams go (a play code would otherwise live on for 10 s).
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length, { timeout: 3000 }).toBe(2);
    await expect.poll(async () => (await mediaStats(media)).streams, { timeout: 3000 }).toBe(0);
    // Each pane's video was paused by the time the page had gone.
    await page.goto(`${baseURL}/embed/wall-test.html`);
    const seen = await page.evaluate(() => JSON.parse(localStorage.getItem('atrium.test.leave') ?? 'null') as Array<{ paused: boolean }> | null);
    expect(seen).toEqual([{ paused: true }, { paused: true }]);
  } finally {
    await resetWall(baseURL!, admin);
  }
});
