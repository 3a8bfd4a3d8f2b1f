// The double-load page (/embed/double.html): atrium.js plus two ES entries with cache-busting
// queries, and the host's own React 18 app rendering Atrium tags. Each tag is defined once, the
// kit's modules run once (one session), and the alarm count is polled once per 5 s in total.
import { test, expect } from './fixtures.ts';
import { COUNT_DEFINES, signIn } from './embed-helpers.ts';
import { ALARM_COUNT_PATH, clearRequests, requestsTo } from './alarm-progress-helpers.ts';

test('double load: each tag once, one module graph, one poll per 5 s, the host React app works', async ({ page, baseURL }) => {
  const token = await signIn(baseURL!);
  await page.addInitScript(COUNT_DEFINES);
  // The page's clock is driven (below), so "one poll per 5 s" is counted over 11 s without waiting them
  // (a driven clock has no resource timing: the kit's fetches are counted as the browser asks for them).
  await page.clock.install();
  const fetched: Record<string, number> = {};
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/widgets/')) fetched[url.pathname + url.search] = (fetched[url.pathname + url.search] ?? 0) + 1;
  });
  await page.goto(`/embed/double.html?token=${encodeURIComponent(token)}`);

  for (const id of ['bell-static', 'bell-react']) await expect(page.locator(`#${id} [data-part=icon]`)).toBeVisible();
  // The task badge rendered by React 18 is a live kit widget too (it shows nothing while no task runs).
  await expect(page.locator('#panel-react [data-atrium-widget=atrium-progress-panel]')).toBeAttached();
  await expect(page.locator('#panel-react [data-atrium-sign-in]')).toHaveCount(0);

  const defines = await page.evaluate(() => (window as unknown as { __defines: Record<string, number> }).__defines);
  expect(Object.keys(defines)).toEqual(expect.arrayContaining(['atrium-alarm-bell', 'atrium-progress-panel', 'atrium-notices', 'atrium-session']));
  for (const [tag, count] of Object.entries(defines)) expect(count, tag).toBe(1);
  expect(await page.locator('atrium-notices').count()).toBe(1);

  // Three stubs ran (atrium.js's import, ?v=2, ?cache=bust), yet every real module was fetched once.
  const chunks = Object.entries(fetched).filter(([path]) => path.includes('/chunks/'));
  // The shared chunks were seen at all (an empty list would pass every check below).
  expect(chunks.length, 'shared chunks fetched').toBeGreaterThan(0);
  for (const [path, count] of chunks) expect(count, path).toBe(1);
  expect(chunks.every(([path]) => !path.includes('?')), 'no chunk fetched through a second URL').toBe(true);
  expect(chunks.some(([path]) => path.includes('flv')), 'no video engine without a video element').toBe(false);

  // The host's React 18 app is its own and still works.
  expect(await page.evaluate(() => (window as unknown as { React: { version: string } }).React.version)).toMatch(/^18\./);
  await page.locator('#react-button').click();
  await expect(page.locator('#react-clicks')).toHaveText('1');

  await clearRequests(baseURL!);
  const polls = async () => (await requestsTo(baseURL!, ALARM_COUNT_PATH)).filter((r) => r.method === 'GET').length;
  await page.clock.runFor(11_000);
  await expect.poll(polls).toBeGreaterThanOrEqual(2);
  // Every poll the 11 s asked for has been answered once a request sent after them is.
  await page.evaluate(() => fetch('/jwt/captcha').then((r) => r.status));
  expect(await polls()).toBeLessThanOrEqual(3);
});
