// The integrated-monitoring dashboard: counters from the platform, charts drawn, a click on a chart
// segment opens alarm search filtered to that level; large-screen mode fills 1920x1080 and 3840x2160
// without scrollbars; axe passes in the dark and light themes.
import { expect, test } from './fixtures.ts';
import type { AlarmLevelTotal } from '../../shared/api/alarm-types.ts';
import { MENU_SEED } from '../../shared/api/menu-seed.ts';
import { signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('counters and charts come from the platform, and a chart segment opens the filtered alarm search', async ({ page, baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const open = (await call(baseURL!, admin, 'GET', '/api/alarm/total/tenant')).data.total as number;
  const levels = (await call(baseURL!, admin, 'POST', '/api/alarm/total/by/level', { body: { days: 30 } })).data as AlarmLevelTotal[];

  await signIn(page, 'admin');
  const board = page.getByTestId('dashboard');
  await expect(board.getByTestId('board-open').locator('dd')).toHaveText(open.toLocaleString('en-US'));
  await expect(board.getByTestId('board-online').locator('dd')).toHaveText(/^\d+(\.\d)?%$/);
  for (const chart of ['trend', 'levels', 'areas', 'devices']) await expect(board.getByTestId(`chart-${chart}`).locator('canvas')).toHaveCount(1);
  await expect(board.getByTestId('chart-levels')).toHaveAttribute('aria-label', new RegExp(zh('board.byLevel')));

  // The pie starts at 12 o'clock and runs clockwise in level order: click the middle of the largest.
  const total = levels.reduce((a, l) => a + l.total, 0);
  expect(total).toBeGreaterThan(0);
  const biggest = levels.reduce((a, b) => (b.total > a.total ? b : a));
  const before = levels.slice(0, levels.indexOf(biggest)).reduce((a, l) => a + l.total, 0);
  const angle = ((before + biggest.total / 2) / total) * 2 * Math.PI;
  await board.getByTestId('chart-levels').scrollIntoViewIfNeeded();
  const box = (await board.getByTestId('chart-levels').boundingBox())!;
  // Centre at (50 %, 45 %), ring from 38 % to 62 % of the smaller half side.
  const radius = (Math.min(box.width, box.height) / 2) * 0.5;
  await page.mouse.click(box.x + box.width / 2 + Math.sin(angle) * radius, box.y + box.height * 0.45 - Math.cos(angle) * radius);
  await expect(page).toHaveURL(new RegExp(`/alarm/search\\?level=${biggest.level}`));
  const search = page.locator('[data-page=alarm-search]');
  await expect(search.locator('select[name=level]')).toHaveValue(biggest.level);
  await expect(search.locator('[data-view=history]')).toHaveAttribute('aria-checked', 'true');
  await expect(search.locator('table')).toHaveAttribute('aria-busy', 'false');
  await expect(search.locator('tbody tr[data-row]').first()).toBeVisible();
  const shown = await search.locator('tbody tr[data-row] [data-level]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-level')))]);
  expect(shown).toEqual([biggest.level]);

  // The open-alarm counter is a link to the unhandled alarms.
  await page.goto('/introduction');
  await board.getByTestId('board-open').getByRole('link').click();
  await expect(page).toHaveURL(/\/alarm\/search\?handleStatus=unhandled$/);
  await expect(search.locator('select[name=handleStatus]')).toHaveValue('unhandled');
});

test('the viewer lands on the alarm count they may see and their rights in words', async ({ page }) => {
  await signIn(page, 'viewer', { to: '/introduction' });
  await expect(page.getByTestId('board-open')).toBeVisible();
  const rights = page.getByTestId('board-rights');
  await expect(rights.locator('li')).toHaveText([MENU_SEED.find((m) => m.code === 'alarmSearch')!.zh]);
  await expect(page.getByTestId('chart-trend')).toBeVisible();
});

test('large screen fills 1920x1080 and 3840x2160 without scrollbars; axe passes in dark and light', async ({ page, baseURL }) => {
  // A full live list (8 unhandled critical alarms) must not scroll on the wall screen either.
  await fetch(`${baseURL}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 10, level: 'critical' }) });
  await signIn(page, 'admin');
  const board = page.getByTestId('dashboard');
  await expect(board.getByTestId('chart-trend').locator('canvas')).toHaveCount(1);
  const toggle = board.locator('[data-action=large-screen]');
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    // The screen's size first: a browser refuses to resize a window while it is full screen.
    await page.setViewportSize(size);
    await toggle.click();
    await expect(board).toHaveAttribute('data-large', 'true');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect
      .poll(() =>
        board.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const overflow = [...el.querySelectorAll('*')].some((c) => c.scrollHeight > c.clientHeight + 1 && getComputedStyle(c).overflowY !== 'visible' && getComputedStyle(c).overflowY !== 'hidden');
          // The window's own scrollbar is the only one that could show beside the fixed screen.
          const root = document.documentElement;
          const windowScrolls = getComputedStyle(root).overflowY !== 'hidden' && root.scrollHeight > innerHeight + 1;
          return { w: Math.round(r.width), h: Math.round(r.height), scroll: el.scrollHeight > el.clientHeight + 1 || windowScrolls, overflow };
        }),
      )
      .toEqual({ w: size.width, h: size.height, scroll: false, overflow: false });
    // The same button leaves the large screen and the browser's full screen.
    await toggle.click();
    await expect(board).toHaveAttribute('data-large', 'false');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  }
  // Escape leaves both too (a browser may hand the key to the page while it is full screen).
  await toggle.click();
  await expect(board).toHaveAttribute('data-large', 'true');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(board).toHaveAttribute('data-large', 'false');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
});
