// The console's service worker: a reload is controlled by it; Cache Storage holds only the app
// shell's files (no API, media or upload URL, no token); a new build shows the update notice and
// reloading lands on it; with the network gone a navigation shows the offline page, which comes
// back by itself when the network returns.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './console-helpers.ts';
import { TOKEN_COOKIE } from '../../shared/session/store.ts';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const ready = (page: Page) => page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

test('controls reloads and caches only the app shell, never a private or live URL', async ({ page }) => {
  await signIn(page, 'admin');
  await ready(page);
  await page.reload();
  await expect(page.getByTestId('header')).toBeVisible();
  expect(await controlled(page)).toBe(true);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return { urls };
  });
  // The token the console holds: its cookie (signIn hands it over as the console keeps it).
  const token = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value ?? '';
  expect(cached.urls.length).toBeGreaterThan(5);
  expect(cached.urls.every((u) => /\/(assets\/[\w.-]+|offline\.(html|js|css))$/.test(new URL(u).pathname))).toBe(true);
  expect(cached.urls.some((u) => /\/(api|jwt|upload|widgets)\//.test(u))).toBe(false);
  expect(token.length).toBeGreaterThan(10);
  expect(cached.urls.some((u) => u.includes(token))).toBe(false);
});

test('a full load of a nested page registers the worker from the console folder, not the page folder', async ({ page }) => {
  await signIn(page, 'admin');
  await ready(page);
  // A full load (not a client-side route change) of a page one folder deep registers again after load.
  const asked = page.waitForRequest((r) => r.url().endsWith('/sw.js'));
  await page.goto('/ops/gate_log');
  expect(new URL((await asked).url()).pathname).toBe('/sw.js');
  const registrations = await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => new URL(r.scope).pathname)));
  expect(registrations).toEqual(['/']);
});

test('a new build is offered with a notice, and reloading lands on it in every tab', async ({ page, context }) => {
  const file = join(process.cwd(), 'dist', 'sw.js');
  const original = readFileSync(file, 'utf8');
  try {
    await signIn(page, 'admin');
    await ready(page);
    await page.reload();
    expect(await controlled(page)).toBe(true);
    // A second tab of the console, on the same (old) version.
    const other = await context.newPage();
    await other.goto('/group');
    await expect(other.getByTestId('header')).toBeVisible();
    await other.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    await page.bringToFront();
    writeFileSync(file, original.replace(/const VERSION = '[^']+'/, "const VERSION = 'next-build'"));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const notice = page.getByTestId('update-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('有新版本可用');
    // Nothing reloaded by itself: the page is the same document.
    await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    await notice.getByRole('button', { name: '重新加载' }).click();
    await page.waitForFunction(() => !(window as unknown as { __before?: boolean }).__before);
    await expect(page.getByTestId('header')).toBeVisible();
    expect(await page.evaluate(() => caches.keys())).toContain('atrium-shell-next-build');
    // The other tab followed: reloaded onto the new version rather than keep running the old one.
    await other.waitForFunction(() => !(window as unknown as { __before?: boolean }).__before);
    await expect(other.getByTestId('header')).toBeVisible();
  } finally {
    writeFileSync(file, original);
  }
});

test('offline, a navigation shows the offline page, which recovers when the network returns', async ({ page, context, oracle }) => {
  // The network is taken away on purpose: whatever the page asks the platform for meanwhile (the
  // header's polls, the worker's script, the favicon) fails.
  oracle.allow(/console\.error: Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED) @ http:\/\/localhost:\d+\/(favicon\.ico|sw\.js|api\/[\w/-]+)$/);
  await signIn(page, 'admin');
  await ready(page);
  await page.reload();
  expect(await controlled(page)).toBe(true);
  // The reloaded page settled first (its shell and the dashboard's chunks in): the network goes away
  // between two pages, not under the one still loading (whose chunks would then fail to load).
  await expect(page.getByTestId('header')).toBeVisible();
  await page.waitForFunction(() => document.querySelector('[data-testid=page]')?.getAttribute('aria-busy') === 'false' && !document.querySelector('[aria-busy=true]'), undefined, { polling: 'raf', timeout: 10_000 });
  await context.setOffline(true);
  await page.goto('/userMng').catch(() => undefined);
  const offline = page.getByTestId('offline-page');
  await expect(offline).toBeVisible();
  await expect(offline).toContainText('无法连接到平台');
  await context.setOffline(false);
  await expect(page.getByTestId('header')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-page=user] tbody tr[data-row]').first()).toBeVisible();
});
