// Issue 4 "Checked by": a pan-tilt press-and-hold sends start then stop, even when the pointer
// leaves the window before the button is released, or the window loses focus mid-press.
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { addPlayer, call, controlTime, openVideoPage, ptzLog, REQUEST_PATH, signIn, VIDEO_BASE } from './video-helpers.ts';

async function ptzCamera(base: string, token: string): Promise<number> {
  const list = await call(base, token, 'GET', `${VIDEO_BASE}/getCameraList`, { query: { limit: '100' } });
  return (list.data.rows as Array<{ id: number; params: { disableYunControl: boolean } }>).find((c) => !c.params.disableYunControl)!.id;
}

/** Counts the page's calls to the API that have not settled yet (call before the page loads). */
async function trackPending(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pending: number };
    w.__pending = 0;
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      w.__pending += 1;
      const answer = send(input, init);
      // Settled once the body is read too (the caller reads it as JSON).
      void answer.then((r) => r.clone().arrayBuffer()).finally(() => void (w.__pending -= 1));
      return answer;
    };
  });
  return () => page.evaluate(() => (window as unknown as { __pending: number }).__pending);
}

test.describe('pan-tilt', () => {
  test('press and hold sends start, renews it, and stops when released outside the window', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const id = await ptzCamera(baseURL!, admin);
    // The page's timers on a clock the test moves (it runs on its own meanwhile), and its calls counted.
    const sent = await controlTime(page);
    const pending = await trackPending(page);
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': String(id), 'play-type': '3', muted: true });
    const panel = player.locator('[data-panel=ptz]');
    await expect(panel).toBeVisible();
    await expect(panel.locator('button[data-ptz]')).toHaveCount(10);
    // Speed 1 to 7.
    const slider = panel.locator('input[type=range]');
    await expect(slider).toHaveAttribute('min', '1');
    await expect(slider).toHaveAttribute('max', '7');
    await slider.fill('6');

    const since = Date.now();
    const right = panel.locator('button[data-ptz=right]');
    const box = (await right.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Held: the start and at least two renewals reach the platform (a renewal every 350 ms).
    await expect.poll(async () => (await ptzLog(baseURL!, id, since)).length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    // Drag out of the viewport, and let go there.
    await page.mouse.move(-40, -40, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await ptzLog(baseURL!, id, since)).at(-1)?.start, { timeout: 3000 }).toBe(1);
    const log = await ptzLog(baseURL!, id, since);
    expect(log[0]).toMatchObject({ action: 4, start: 0, speed: 6, runTime: 500 });
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.slice(0, -1).every((c) => c.start === 0 && c.action === 4)).toBe(true);
    // Nothing keeps running afterwards: with every call settled, two seconds of the page's clock
    // (almost six renewal periods) send no further command.
    await expect.poll(pending).toBe(0);
    const calls = await sent(REQUEST_PATH);
    await page.clock.runFor(2000);
    expect(await sent(REQUEST_PATH)).toBe(calls);
    expect((await ptzLog(baseURL!, id, since)).length).toBe(log.length);
  });

  test('losing window focus mid-press stops the motion', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const id = await ptzCamera(baseURL!, admin);
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': String(id), muted: true });
    await player.locator('button[data-action=ptz]').click();
    const since = Date.now();
    const up = player.locator('[data-panel=ptz] button[data-ptz=zoomIn]');
    const box = (await up.boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await expect.poll(async () => (await ptzLog(baseURL!, id, since)).length, { timeout: 3000 }).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    // The blur stops it: the start (and any renewal sent before the blur), then the stop.
    const commands = async () => (await ptzLog(baseURL!, id, since)).map((c) => `${c.action}:${c.start}`);
    await expect.poll(async () => (await commands()).at(-1), { timeout: 3000 }).toBe('9:1');
    const held = await commands();
    expect(held.slice(0, -1).every((c) => c === '9:0')).toBe(true);
    expect(held.length).toBeGreaterThanOrEqual(2);
    // Releasing the button afterwards sends nothing more: the commands go out in order, so a second
    // stop or a renewal would reach the platform before the next press (zoom out) does.
    await page.mouse.up();
    const out = player.locator('[data-panel=ptz] button[data-ptz=zoomOut]');
    await out.hover();
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(async () => (await commands()).at(-1), { timeout: 3000 }).toBe('10:1');
    const after = (await commands()).slice(held.length);
    expect(after[0]).toBe('10:0');
    expect(after.at(-1)).toBe('10:1');
    expect(after.slice(1, -1).every((c) => c === '10:0')).toBe(true);
  });

  test('disable-yun-control hides the pan-tilt control', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': '1', 'disable-yun-control': true, muted: true });
    await expect(player.locator('button[data-action=screenshot]')).toBeVisible();
    await expect(player.locator('button[data-action=ptz]')).toHaveCount(0);
  });

  test('a fixed camera (its own disableYunControl) names itself and offers no pan-tilt, with no attribute given', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const list = await call(baseURL!, admin, 'GET', `${VIDEO_BASE}/getCameraList`, { query: { limit: '100' }, headers: { lang: 'en' } });
    const fixed = (list.data.rows as Array<{ id: number; name: string; params: { disableYunControl: boolean } }>).find((c) => c.params.disableYunControl)!;
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': String(fixed.id), muted: true });
    await expect(player.locator('[data-part=title]')).toHaveText(fixed.name);
    await expect(player.locator('button[data-action=screenshot]')).toBeEnabled();
    await expect(player.locator('button[data-action=ptz]')).toHaveCount(0);
  });
});
