// The control room's daily tasks by keyboard alone (issue 40, WCAG 2.1.1, 2.4.3, 2.4.7, 1.4.11): no
// mouse call in these journeys, only key presses and typing. At every stop of the focus on the way,
// the focused element must show a focus indicator with ≥ 3:1 contrast against what is next to it, be
// on screen, and never sit behind an open modal (tests/e2e/a11y-keys.ts). A dialog takes the focus
// when it opens and gives it back to the control that opened it when it closes.
import { expect, test, type Page } from './fixtures.ts';
import { expectFocusVisible, focused, tabTo } from './a11y-keys.ts';
import { ACCOUNTS, CAPTCHA, signIn, skipTour, zh } from './console-helpers.ts';
import { signIn as apiSignIn } from './video-helpers.ts';
import { pane, resetWall, row, storedWall } from './wall-helpers.ts';
import { THEME_DEFAULTS } from '../../shared/session/settings.ts';

/** Raises `count` alarms of one level at once (the platform's test hook). */
async function raiseAlarms(base: string, count: number, level: string): Promise<void> {
  const res = await fetch(`${base}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count, level }) });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

const header = (page: Page) => page.getByTestId('header');

test('sign in by keyboard: every field reached with Tab, its focus seen, the form sent with Enter', async ({ page }) => {
  await skipTour(page, 'admin');
  await page.goto('/login');
  await expect(page.getByTestId('password-form')).toBeVisible();
  await tabTo(page, (f) => f.name === 'username', 'the user name field');
  await page.keyboard.type('admin');
  await tabTo(page, (f) => f.name === 'password', 'the password field');
  await page.keyboard.type(ACCOUNTS.admin);
  await tabTo(page, (f) => f.name === 'verifyCode', 'the captcha field');
  await page.keyboard.type(CAPTCHA);
  // The captcha's refresh button and the submit button are on the way: both show their focus.
  await tabTo(page, (f) => f.tag === 'button' && f.text === zh('login.form.submit'), 'the sign-in button');
  await page.keyboard.press('Enter');
  await expect(header(page)).toBeVisible();
});

test('open a menu entry by keyboard: the group opens with Enter, its entry leads to the page', async ({ page }) => {
  await signIn(page, 'admin');
  const group = zh('shell.group.alarmManager');
  await tabTo(page, (f) => f.tag === 'button' && f.text === group, 'the alarm group of the side menu');
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f.tag === 'a' && f.text === zh('shell.route.alarmSearch'), 'the alarm search entry');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alarm\/search$/);
  await expect(page.locator('[data-page=alarm-search]')).toBeVisible();
});

test('filter the alarm list and page it by keyboard; handle and confirm an alarm; the focus comes back to the row and to the opener of a dialog', async ({ page, baseURL }) => {
  await raiseAlarms(baseURL!, 45, 'reminder');
  await signIn(page, 'admin');
  await page.goto('/alarm/search');
  const root = page.locator('[data-page=alarm-search]');
  await expect(root.locator('tbody tr[data-row]').first()).toBeVisible();

  // Filter: the level select, changed with the arrow keys (a select applies at once).
  await tabTo(page, (f) => f.tag === 'select' && f.name === 'level', 'the level filter');
  const level = root.locator('select[name=level]');
  for (let i = 0; i < 5 && (await level.inputValue()) !== 'reminder'; i++) await page.keyboard.press('ArrowDown');
  await expect(level).toHaveValue('reminder');
  await expect(root.locator('tbody [data-level]').first()).toHaveAttribute('data-level', 'reminder');
  await expect(root.locator('tbody [data-level]:not([data-level=reminder])')).toHaveCount(0);
  const firstOfPage1 = await root.locator('tbody tr[data-row]').first().getAttribute('data-row');

  // Page: into the list (its first row's box), End to the last row (the list keyboard model), then on
  // with Tab to the pager's "2", pressed with Enter.
  await tabTo(page, (f) => f.tag === 'input' && f.label !== zh('resource.selectAll') && f.label.startsWith(zh('resource.selectRow', { name: '' }).trim()), 'the first row');
  await page.keyboard.press('End');
  const lastRow = root.locator('tbody tr[data-row]').last();
  expect(await lastRow.evaluate((r) => r.contains(document.activeElement))).toBe(true);
  await expectFocusVisible(page);
  await tabTo(page, (f) => f.text === '2' && /2/.test(f.label), 'page 2 of the pager');
  await page.keyboard.press('Enter');
  await expect(root.locator('tbody tr[data-row]').first()).not.toHaveAttribute('data-row', firstOfPage1!);
  await expect(root.locator('tbody [data-level]:not([data-level=reminder])')).toHaveCount(0);
  await expectFocusVisible(page);

  // Back to page 1 with Shift+Tab to "1"; handle the first alarm: the dialog takes the focus.
  await tabTo(page, (f) => f.text === '1' && /1/.test(f.label), 'page 1 of the pager', { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await expect(root.locator('tbody tr[data-row]').first()).toHaveAttribute('data-row', firstOfPage1!);
  const row = root.locator(`tbody tr[data-row="${firstOfPage1}"]`);
  // Shift+Tab reaches the last row's handle button, Home the first row's (the list keyboard model).
  await tabTo(page, (f) => f.action === 'handle', 'the last row’s handle button', { key: 'Shift+Tab', max: 20 });
  await page.keyboard.press('Home');
  await expectFocusVisible(page);
  expect(await row.locator('[data-action=handle]').evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('resource-form');
  await expect(form).toBeVisible();
  await expect.poll(async () => (await focused(page))?.insideModal && (await form.evaluate((f) => f.contains(document.activeElement)))).toBe(true);
  await tabTo(page, (f) => f.name === 'note', 'the note field');
  await page.keyboard.type('valve reset');
  await tabTo(page, (f) => f.tag === 'button' && f.text === zh('resource.save'), 'the save button');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(row.locator('[data-handle-status]')).toHaveText(zh('status.alarm.handled'));
  // The handle button left with the handling: the focus stays in the row, seen, not lost to the page.
  const after = await expectFocusVisible(page);
  expect(await row.evaluate((r) => r.contains(document.activeElement)), `focus after handling (${after.tag} "${after.text}") is in the row`).toBe(true);

  // Confirm (no dialog); then the close button's question: Esc on it gives the focus back to close.
  await tabTo(page, (f) => f.action === 'confirm', 'the row’s confirm button', { key: 'Shift+Tab', max: 10 });
  await page.keyboard.press('Enter');
  await expect(row.locator('[data-status]')).toHaveText(zh('status.alarm.confirmed'));
  await tabTo(page, (f) => f.action === 'close', 'the row’s close button', { max: 10 });
  await page.keyboard.press('Enter');
  const ask = page.getByTestId('alarm-ask');
  await expect(ask).toBeVisible();
  await expect.poll(() => ask.evaluate((a) => a.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect.poll(async () => (await focused(page))?.action, { message: 'the focus is back on the close button' }).toBe('close');
  await expectFocusVisible(page);
});

test('play a camera and switch it to replay by keyboard', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/video?id=1&muted=true');
  const player = page.locator('atrium-video-player');
  const video = player.locator('video').first();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  await tabTo(page, (f) => f.tag === 'button' && f.text === zh('media.replay'), 'the replay switch');
  await page.keyboard.press('Enter');
  await expect(player.locator('[data-mode=replay]')).toHaveAttribute('aria-pressed', 'true');
  const replay = player.locator('video').first();
  await expect.poll(() => replay.evaluate((v: HTMLVideoElement) => (v.paused ? 0 : v.currentTime)), { timeout: 15_000 }).toBeGreaterThan(0);
  await expectFocusVisible(page);
});

test('the task dialog and the bell by keyboard: the dialog takes the focus and gives it back to its badge', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/userMng');
  await expect(page.getByTestId('page').locator('tbody tr[data-row]').first()).toBeVisible();
  // An export makes a background task, which shows the task badge in the header.
  await tabTo(page, (f) => f.action === 'export', 'the export button');
  await page.keyboard.press('Enter');
  const badgeName = new RegExp(`^${zh('progress.badge', { count: 999 }).replace('999', '\\d+')}$`);
  await expect(header(page).locator('atrium-progress-panel').getByRole('button', { name: badgeName })).toBeVisible();
  const onBadge = await tabTo(page, (f) => badgeName.test(f.label), 'the task badge', { key: 'Shift+Tab', max: 60 });
  await page.keyboard.press('Enter');
  const dialog = header(page).locator('atrium-progress-panel').getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page))?.insideModal).toBe(true);
  const inside = await expectFocusVisible(page);
  expect(inside.label || inside.text, 'the focus moved into the dialog').not.toBe(onBadge.label);
  // Tab walks the dialog and never reaches the page behind it (a native modal dialog may hand the
  // focus to the browser's own controls after its last control: then nothing in the page has it).
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) !== null) await expectFocusVisible(page);
  }
  for (let i = 0; i < 3 && (await focused(page)) === null; i++) await page.keyboard.press('Tab');
  expect((await expectFocusVisible(page)).insideModal).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The badge, whatever its count now (a task another journey started may have joined since).
  expect((await expectFocusVisible(page)).label, 'the focus is back on the badge').toMatch(badgeName);

  // The bell: reached with Tab from the badge's neighbourhood, Enter opens the alarm search.
  await tabTo(page, (f) => f.label.startsWith(zh('alarm.bell.label', { count: '' }).trim().slice(0, 4)) || f.label === zh('alarm.bell.labelNone'), 'the alarm bell', { key: 'Shift+Tab', max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alarm\/search$/);
  await expect(page.locator('[data-page=alarm-search]')).toBeVisible();
});

test('place cameras on the wall by keyboard alone: Tab to the camera list, arrows to a camera, Enter and Tab to a monitor, or its number; the wall keeps them after a reload', async ({ page, baseURL }) => {
  await resetWall(baseURL!, await apiSignIn(baseURL!, 'admin', 'admin123'));
  await signIn(page, 'admin');
  // The known start: the console's wall page freshly loaded, the focus at the top of the document.
  await page.goto('/videoGroup?type=wall');
  const wall = page.locator('atrium-video-wall');
  await expect(row(wall, 1)).toBeVisible();
  await expect(pane(wall, 2)).toHaveAttribute('data-status', 'empty');

  // Through the shell, the wall's filters and its group tree to the camera list (a listbox).
  await tabTo(page, (f) => f.role === 'listbox' && f.label === zh('wall.cameras'), 'the camera list', { max: 80 });
  await expect(row(wall, 1)).toHaveAttribute('data-focused', 'true');
  // Arrows move the list's highlight; each step waits for it, as a user watching it would.
  await page.keyboard.press('ArrowDown');
  await expect(row(wall, 2)).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(row(wall, 3)).toHaveAttribute('data-focused', 'true');
  // Enter picks camera 3; each monitor then offers itself, reached with Tab.
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f.action === 'place' && f.text === zh('wall.placeHere', { n: 2 }), 'monitor 2’s place button', { max: 10 });
  await page.keyboard.press('Enter');
  await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', '3');
  // The focus goes back to the list for the next camera, and shows there.
  await expect.poll(async () => (await focused(page))?.role).toBe('listbox');
  await expectFocusVisible(page);
  // The next camera by its number: ArrowDown to camera 4, "4" puts it in monitor 4.
  await page.keyboard.press('ArrowDown');
  await expect(row(wall, 4)).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('4');
  await expect(pane(wall, 4)).toHaveAttribute('data-camera-id', '4');
  await expect.poll(async () => (await storedWall(baseURL!, await apiSignIn(baseURL!, 'admin', 'admin123')))?.customValue ?? '').toContain('"type":4');

  // Kept: after a reload the two monitors show the two cameras.
  await page.reload();
  await expect(row(wall, 1)).toBeVisible();
  await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', '3');
  await expect(pane(wall, 4)).toHaveAttribute('data-camera-id', '4');
  for (const n of [1, 3]) await expect(pane(wall, n)).toHaveAttribute('data-camera-id', '');
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`in the ${theme}, the focus is seen at every stop through the side menu, the header, the filters and a list`, async ({ page }) => {
    // The user's stored theme (what the theme drawer saves), before the console starts.
    await page.addInitScript((setting) => localStorage.setItem('atrium.theme.admin', JSON.stringify(setting)), THEME_DEFAULTS[theme]);
    await signIn(page, 'admin', { to: '/alarm/search' });
    await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', theme);
    await expect(page.getByTestId('page').locator('tbody tr[data-row]').first()).toBeVisible();
    // Every stop from the top of the page: the menu (on its dark background), the header, the
    // visited tabs, the page's filters and its rows; each one shows a ring of ≥ 3:1 (a11y-keys.ts).
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      await expectFocusVisible(page);
    }
  });
}
