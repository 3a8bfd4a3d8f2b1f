// SPEC §8 through the console: the fault switch makes the platform answer session codes, and the
// console shows the blocking dialogs (rendered by <atrium-notices>) and ends the session.
import { expect, test, type Page } from './fixtures.ts';
import { fault, signIn, zh } from './console-helpers.ts';

const PROFILE = '/api/admin/user/cur-user/info';

/**
 * Any success resets the session-timeout count (SPEC §4): the header's bell and task badge poll
 * every 5 s, and the dashboard loads its counters on each visit. Hold their answers back while a
 * test counts, so the count is the profile calls' alone.
 */
async function holdPolls(page: Page): Promise<void> {
  for (const path of ['/api/alarm/total/tenant', '/api/admin/progress']) await fault(page, { path, count: 50, delayMs: 20000 });
  // The dashboard's counters fail at once instead: held, they would take the browser's six
  // connections to the origin and the profile call under test would wait behind them.
  const board = ['/api/alarm/total/by/day', '/api/alarm/total/by/level', '/api/alarm/total/node', '/api/alarm/total/machine', '/api/alarm', '/api/device/list'];
  for (const path of ['/api/admin/user/page', '/api/cctv/video/client/getCameraList', ...board]) await fault(page, { path, count: 50, code: -1 });
}

/** Opens the personal info page by the menu, which asks the platform for the profile once. */
async function openInfo(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.userInfo') }).click();
  await expect(page).toHaveURL(/\/info$/);
}

async function leaveInfo(page: Page): Promise<void> {
  await page.getByTestId('side-menu').getByRole('link', { name: zh('shell.route.largeScreenMonitor') }).click();
  await expect(page).toHaveURL(/\/introduction$/);
}

test('40101 three times: silent twice, the session-expired dialog on the third, then the login page', async ({ page }) => {
  await signIn(page, 'admin');
  await holdPolls(page);
  await fault(page, { path: PROFILE, count: 3, code: 40101 });
  const dialog = page.getByTestId('atrium-dialog');

  await openInfo(page);
  await expect(page.getByRole('alert')).toContainText(zh('shell.errors.loadFailed'));
  await expect(dialog).toHaveCount(0);
  await leaveInfo(page);
  await openInfo(page);
  await expect(page.getByRole('alert')).toContainText(zh('shell.errors.loadFailed'));
  await expect(dialog).toHaveCount(0);
  await leaveInfo(page);
  await openInfo(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(zh('http.sessionExpired.title'));
  await expect(dialog).toContainText(zh('http.sessionExpired.message'));
  await dialog.getByRole('button', { name: zh('common.ok') }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test('a success in between resets the count: two 40101, a good answer, two more stay silent', async ({ page }) => {
  await signIn(page, 'admin');
  await holdPolls(page);
  await fault(page, { path: PROFILE, count: 2, code: 40101 });
  await openInfo(page);
  await leaveInfo(page);
  await openInfo(page);
  await leaveInfo(page);
  await openInfo(page);
  await expect(page.getByTestId('info-page')).toBeVisible();
  await leaveInfo(page);
  await fault(page, { path: PROFILE, count: 2, code: 40101 });
  await openInfo(page);
  await leaveInfo(page);
  await openInfo(page);
  await expect(page.getByRole('alert')).toContainText(zh('shell.errors.loadFailed'));
  await expect(page.getByTestId('atrium-dialog')).toHaveCount(0);
});

for (const [code, key] of [
  [40102, 'http.loggedElsewhere'],
  [40401, 'http.illegalLicense'],
] as const) {
  test(`${code} gives its dialog, then the login page`, async ({ page }) => {
    await signIn(page, 'admin');
    await fault(page, { path: PROFILE, count: 1, code });
    await openInfo(page);
    const dialog = page.getByTestId('atrium-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(zh(`${key}.title`));
    await expect(dialog).toContainText(zh(`${key}.message`));
    // Blocking: the page behind does not take clicks while the dialog is up.
    await expect(page).toHaveURL(/\/info$/);
    await dialog.getByRole('button', { name: zh('common.ok') }).click();
    await expect(page).toHaveURL(/\/login/);
  });
}

test('a page whose element chunk fails to load says so and loads it on Retry', async ({ page }) => {
  await signIn(page, 'admin');
  let failing = true;
  await page.route(/\/assets\/video-player[.-][^/]*\.js$/, (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await page.goto('/video?id=1&muted=true');
  const failed = page.locator('[data-part=chunk-failed]');
  await expect(failed).toContainText(zh('shell.errors.loadFailed'));
  await expect(page.locator('atrium-video-player')).toHaveCount(0);
  failing = false;
  await failed.getByRole('button', { name: zh('common.retry') }).click();
  await expect(page.locator('atrium-video-player')).toHaveCount(1);
  await expect(failed).toHaveCount(0);
});
