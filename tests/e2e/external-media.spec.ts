// A camera played in the console through an existing media server (issue 35): a platform of its own
// configured with ATRIUM_MEDIA_SERVER (node-media-server 4 on free ports, play URLs signed) and
// ATRIUM_MEDIA_ORIGINS; the camera is an RTSP stand-in (GStreamer, credentials in its URL), which
// node-media-server pulls through its relay API when the console asks to play it.
// The picture comes from node-media-server's origin, not the platform's media port, and the console's
// CSP lets it through without a violation; heartbeats still go to the platform.
import { signIn as consoleSignIn, zh } from './console-helpers.ts';
import { expect, test } from './fixtures.ts';
import { call, probe, signIn, waitForPlayback } from './video-helpers.ts';
import { startPlatform } from './wall-helpers.ts';
import { relayPaths, startNms, startRtspCamera, type RunningNms } from '../external-media/nms.ts';

test.describe('a camera on an external media server', () => {
  let nms: RunningNms;
  let camera: Awaited<ReturnType<typeof startRtspCamera>>;
  let platform: { base: string; stop(): Promise<void> };
  let cameraId: number;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    [nms, camera] = await Promise.all([startNms(), startRtspCamera()]);
    platform = await startPlatform({
      ATRIUM_MEDIA_SERVER: `nms:${nms.origin}`,
      ATRIUM_MEDIA_SERVER_USER: nms.user,
      ATRIUM_MEDIA_SERVER_PASSWORD: nms.password,
      ATRIUM_MEDIA_SERVER_PLAY_SECRET: nms.playSecret,
      ATRIUM_MEDIA_ORIGINS: nms.origin,
      ATRIUM_CAMERA_NETWORKS: '127.0.0.0/8',
      ATRIUM_DEMO_VIDEO: 'clips',
    });
    const admin = await signIn(platform.base, 'admin', 'admin123');
    const group = ((await call(platform.base, admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
    const made = await call(platform.base, admin, 'POST', '/api/cctv/video/client/setCamera', { body: { name: 'Loading bay', label: 'EXT-1', dataGroupId: group, sourceUrl: camera.url } });
    expect(made.code).toBe(0);
    cameraId = made.data.id;
  });

  test.afterAll(async () => {
    await platform?.stop();
    await Promise.all([nms?.stop(), camera?.stop()]);
  });

  test('plays in the console from the media server’s origin, within the CSP', async ({ page, oracle }) => {
    // node-media-server 4.4.3 (the stand-in external server, not the product) writes each NAL unit as an
    // FLV tag of its own (docs/media-servers.md): now and then, at the start of a pull, the browser's
    // decoder rejects one and flv.js logs this while the player restarts the stream and plays. Seen once
    // in a full run; what the test checks (the picture, the origin, the CSP) holds either way.
    oracle.allow(/^console\.error: \[MSEController\] > Failed to execute 'appendBuffer' on 'SourceBuffer': The HTMLMediaElement\.error attribute is not null\./);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`), true);
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const sockets: string[] = [];
    const requests: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (r) => requests.push(r.url()));

    await consoleSignIn(page, 'admin', { from: `${platform.base}/login` });
    await page.goto(`${platform.base}/video?id=${cameraId}&muted=true`);
    const player = page.locator('atrium-video-player');
    await waitForPlayback(page, player, 1, 20_000);
    // The camera's own picture at its own size.
    expect((await probe(player))[0]).toMatchObject({ width: camera.width, height: camera.height });

    // The stream came from node-media-server, under the key it pulls the camera as, signed.
    const [pulled] = await relayPaths(nms);
    expect(pulled).toMatch(new RegExp(`^/atrium/c${cameraId}-`));
    const media = [...sockets, ...requests].filter((u) => u.includes('.flv'));
    expect(media.length).toBeGreaterThan(0);
    for (const url of media) {
      expect(new URL(url).host, url).toBe(new URL(nms.origin).host);
      expect(new URL(url).pathname).toBe(`${pulled}.flv`);
      expect(new URL(url).searchParams.get('sign')).toMatch(/^\d+-[0-9a-f]{32}$/);
    }
    // Nothing went to the platform's own media server (its streams are /live/… and /replay/…).
    expect([...sockets, ...requests].filter((u) => /\/(live|replay)\/\d+\.flv/.test(u))).toEqual([]);
    // Heartbeats go to the platform, as for its own media server.
    await expect.poll(() => requests.filter((u) => u.startsWith(`${platform.base}/api/cctv/video/client/heart`)).length, { timeout: 10_000 }).toBeGreaterThan(0);

    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to connect/i.test(e))).toEqual([]);
  });

  test('the camera form shows the source without its password, and saving it keeps the password', async ({ page }) => {
    await consoleSignIn(page, 'admin', { from: `${platform.base}/login` });
    await page.goto(`${platform.base}/videoGroup`);
    const root = page.locator('[data-page=video-group]');
    await root.locator('input[name=name]').fill('Loading bay');
    await root.locator('input[name=name]').press('Enter');
    const row = root.locator('tbody tr[data-row]', { hasText: 'EXT-1' });
    await row.locator('[data-action=edit]').click();
    const form = page.getByTestId('resource-form');
    const masked = camera.url.replace(':secret@', ':***@');
    await expect(form.locator('[name=sourceUrl]')).toHaveValue(masked);
    await expect(page.locator('body')).not.toContainText('secret');
    // A source that is not a stream URL is refused by the form before anything is sent.
    await form.locator('[name=sourceUrl]').fill('ftp://127.0.0.1/cam');
    await form.locator('button[type=submit]').click();
    await expect(form.getByRole('alert')).toHaveText(zh('validate.source.scheme'));
    await form.locator('[name=sourceUrl]').fill(masked);
    await form.locator('[name=name]').fill('Loading bay east');
    await form.locator('button[type=submit]').click();
    await expect(form).toBeHidden();
    await expect(row).toContainText('Loading bay east');

    // The camera still opens with its password: it plays again through the media server.
    await page.goto(`${platform.base}/video?id=${cameraId}&muted=true`);
    const player = page.locator('atrium-video-player');
    await waitForPlayback(page, player, 1, 20_000);
    expect((await probe(player))[0]).toMatchObject({ width: camera.width, height: camera.height });
  });
});
