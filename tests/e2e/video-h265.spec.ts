// An H.265 camera (CAM-046) in both branches: this Chromium cannot decode H.265, so the platform sends
// an H.264 transcode and the player says so in one line; with the browser's answer forced to "yes",
// the player loads the mpegts.js engine (its own chunk, only now) and asks for the H.265 stream, whose
// FLV codec-12 packaging mpegts.js reads (the codec string it reports comes from our record).
import { expect, test, type Page } from './fixtures.ts';
import { addPlayer, call, openVideoPage, probe, signIn, waitForPlayback } from './video-helpers.ts';
import { openWall, pane, paneIsPlaying, storedWall, WALL_KEY } from './wall-helpers.ts';

// The cameras' own drawn 1280x720 pictures are what this file checks (the others play the cheap loops).
test.use({ platformEnv: { ATRIUM_DEMO_VIDEO: 'drawn' } });

async function h265CameraId(base: string, token: string): Promise<number> {
  const list = await call(base, token, 'GET', '/api/cctv/video/client/getCameraList', { query: { label: 'CAM-046', exact: 'true', page: '1', limit: '10' } });
  const camera = (list.data.rows as Array<{ id: number; codec: string }>)[0]!;
  expect(camera.codec).toBe('h265');
  return camera.id;
}

const playRequest = (page: Page) => page.waitForRequest((r) => r.url().includes('/cctv/video/client/request') && r.method() === 'POST');

test.describe('an H.265 camera', () => {
  test('where the browser cannot decode H.265: an H.264 transcode plays, and the pane says so', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const id = await h265CameraId(baseURL!, admin);
    await openVideoPage(page, admin);
    expect(await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="hvc1.1.6.L93.B0"'))).toBe(false);
    const asked = playRequest(page);
    const player = await addPlayer(page, { 'camera-id': String(id), muted: true });
    expect((await asked).postDataJSON()).toMatchObject({ id, playType: 0, h265: false });
    const pane = player.locator('[data-pane=live]');
    await expect(pane.locator('[data-part=transcoded]')).toHaveText('This browser cannot decode H.265: playing an H.264 copy made by the platform');
    await expect(pane).toHaveAttribute('data-engine', 'flv.js');
    // The clip is encoded on first use: allow for it before the first picture.
    await waitForPlayback(page, player, 1, 20_000);
    expect((await probe(player))[0]).toMatchObject({ width: 1280, height: 720 });
    // H.264 alone needed no H.265 engine.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('mpegts')))).toBe(false);
  });

  test('where the browser decodes H.265: the mpegts.js engine loads and reads the H.265 stream', async ({ page, baseURL }) => {
    // This Chromium has no H.265 decoder, so its answer is forced; the stream then reaches the engine
    // but cannot reach the screen, which is what this branch can show here.
    await page.addInitScript(() => {
      const asked = MediaSource.isTypeSupported.bind(MediaSource);
      MediaSource.isTypeSupported = (type: string) => /hvc1|hev1/.test(type) || asked(type);
    });
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const id = await h265CameraId(baseURL!, admin);
    await openVideoPage(page, admin);
    const asked = playRequest(page);
    const player = await addPlayer(page, { 'camera-id': String(id), muted: true });
    expect((await asked).postDataJSON()).toMatchObject({ id, playType: 0, h265: true });
    const pane = player.locator('[data-pane=live]');
    await expect(pane).toHaveAttribute('data-codec', 'h265');
    await expect(pane).toHaveAttribute('data-engine', 'mpegts.js');
    await expect(pane).toHaveAttribute('data-media-codec', /^hvc1\.1\.\d+\.L93/, { timeout: 20_000 });
    await expect(pane.locator('[data-part=transcoded]')).toHaveCount(0);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('mpegts-engine')))).toBe(true);
  });

  test('on the wall, the same: the pane plays the transcode and says so', async ({ page, baseURL }) => {
    // The operator's own wall (each user keeps one), so the admin's wall tests are not disturbed.
    const operator = await signIn(baseURL!, 'operator', 'operator123');
    const id = await h265CameraId(baseURL!, operator);
    const slots = JSON.stringify([{ id, name: 'CAM-046', label: 'CAM-046', type: 2, params: { disableYunControl: true } }]);
    const stored = await storedWall(baseURL!, operator);
    const saved = stored
      ? await call(baseURL!, operator, 'PUT', '/api/admin/custom/data', { body: { id: stored.id, customKey: WALL_KEY, customValue: slots, version: stored.version } })
      : await call(baseURL!, operator, 'POST', '/api/admin/custom/data', { body: { customKey: WALL_KEY, customValue: slots } });
    expect(saved.code, saved.msg).toBe(0);
    const wall = await openWall(page, operator);
    await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', String(id));
    await expect(pane(wall, 2).locator('[data-part=transcoded]')).toHaveText('This browser cannot decode H.265: playing an H.264 copy made by the platform');
    await expect(pane(wall, 2)).toHaveAttribute('data-engine', 'flv.js');
    await expect.poll(() => paneIsPlaying(wall, 2), { timeout: 20_000 }).toBe(true);
  });
});
