// Real-time monitoring (devstatus/tabs): device cards with live readings that follow the platform, a
// detail drawer with readings, alarms and related cameras that play, the table view remembered; and
// the monitoring page, the wall and the info page fit a 1440 and a 1920 wide screen with the sidebar
// open (no horizontal scrollbar in the content, no clipped column header).
import { expect, test, type Page } from './fixtures.ts';
import { a11yInThemes, signIn, zh } from './console-helpers.ts';
import { READINGS_EVERY_MS } from '../../console/pages/device-status/readings.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { call, signIn as apiSignIn, waitForPlayback } from './video-helpers.ts';

const post = (base: string, path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

test('device cards show live readings; a card opens a drawer whose related camera plays; the table view is remembered', async ({ page, baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const rows = (await call(baseURL!, admin, 'GET', '/api/device/list', { query: { keyword: 'FCU-', limit: '100' } })).data.rows as Array<{ id: number; code: string; name: string; modelName: string }>;
  const fcu = rows.find((d) => d.modelName === '风机盘管')!;
  const camera = ((await call(baseURL!, admin, 'GET', '/api/cctv/video/client/getCameraList', { query: { page: '1', limit: '1' } })).data.rows as Array<{ id: number; name: string }>)[0]!;
  const old = (await call(baseURL!, admin, 'POST', '/api/relation/device/page', { body: { page: 1, limit: 100, keyword: fcu.code } })).data.rows as Array<{ id: number }>;
  if (old.length) await call(baseURL!, admin, 'POST', '/api/relation/device/delete', { body: { ids: old.map((r) => r.id) } });
  await call(baseURL!, admin, 'POST', '/api/relation/device', { body: { deviceId: fcu.id, cameraId: camera.id, name: 'Monitoring view' } });
  await post(baseURL!, '/__test/points/set', { deviceId: fcu.id, code: 'temp', value: 21.25 });

  // The page's timers on a clock the test can stop and move on by one 10 s read (it runs on its own otherwise).
  await page.clock.install();
  await signIn(page, 'admin', { to: '/devstatus/tabs' });
  const cards = page.locator('[data-device-card]');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(5);
  await page.locator('[data-view=cards] input[name=keyword]').fill(fcu.code);
  await page.locator('[data-view=cards] button[type=submit]').click();
  const card = page.locator(`[data-device-card="${fcu.code}"]`);
  await expect(card.locator('[data-reading=temp]')).toHaveText('21.25 °C');
  // A new value reaches the card by itself at the cards' next read, 10 s later on the page's clock
  // (stopped meanwhile, so no read comes by itself).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await post(baseURL!, '/__test/points/set', { deviceId: fcu.id, code: 'temp', value: 24.5 });
  await page.clock.fastForward(READINGS_EVERY_MS);
  await expect(card.locator('[data-reading=temp]')).toHaveText('24.5 °C');
  await page.clock.resume();
  await expect(card.locator('[data-part=alarms]')).toBeVisible();
  await a11yInThemes(page, 'device cards', '[data-testid=page]');

  await card.click();
  const drawer = page.getByTestId('device-drawer');
  await expect(drawer.getByRole('heading', { name: fcu.name })).toBeVisible();
  await expect(drawer.locator('[data-part=readings] [data-reading=temp]')).toContainText('24.5 °C');
  const related = drawer.locator(`[data-part=cameras] [data-camera-id="${camera.id}"]`);
  await expect(related).toContainText('Monitoring view');
  await related.getByRole('button', { name: zh('devcard.detail.play') }).click();
  const player = related.locator('atrium-video-player');
  await waitForPlayback(page, player);
  await expectNoSeriousA11yViolations(page, 'device drawer', { include: '[data-testid=device-drawer]' });
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('button', { name: zh('devcard.table') }).click();
  await expect(page.locator('atrium-device-list').locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])').first()).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('button', { name: zh('devcard.table') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('atrium-device-list')).toBeVisible();
});

/** Horizontal overflow inside the content area, and header cells (light DOM or any shadow root) whose text is cut. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const main = document.querySelector('[data-testid=page]')!;
    const all = (root: Document | ShadowRoot): Element[] => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
    for (const el of [main, ...all(document).filter((e) => main.contains(e) || e.getRootNode() !== document)]) {
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll' || el === main;
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) out.push(`scrolls sideways: ${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.scrollWidth}>${el.clientWidth}`);
      const header = el.getAttribute('role') === 'columnheader' || el.tagName === 'TH';
      if (header && el.scrollWidth > el.clientWidth + 1) out.push(`clipped header: ${el.textContent}`);
    }
    return out;
  });
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test(`monitoring, wall and info fit ${size.width}x${size.height} with the sidebar open`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, 'admin', { to: '/devstatus/tabs' });
    await expect(page.locator('[data-device-card]').first()).toBeVisible();
    expect(await layoutProblems(page), 'cards').toEqual([]);
    await page.getByRole('button', { name: zh('devcard.table') }).click();
    await expect(page.locator('atrium-device-list').locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])').first()).toBeVisible({ timeout: 15_000 });
    expect(await layoutProblems(page), 'device table').toEqual([]);
    await page.goto('/videoGroup?type=wall');
    await expect(page.locator('atrium-video-wall [data-pane]').first()).toBeVisible({ timeout: 15_000 });
    expect(await layoutProblems(page), 'wall').toEqual([]);
    await page.goto('/info');
    await expect(page.locator('[data-testid=page] h1, [data-testid=page] h2').first()).toBeVisible();
    expect(await layoutProblems(page), 'info').toEqual([]);
  });
}
