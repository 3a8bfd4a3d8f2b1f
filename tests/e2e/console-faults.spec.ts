// SPEC §8 through the console: the fault switch makes the platform answer session codes, and the
// console shows the blocking dialogs (rendered by <atrium-notices>) and ends the session.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { fault, signIn, twoFrames, zh } from './console-helpers.ts';

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

/**
 * The session dialog blocks the page: a click on the header's user menu behind it opens nothing. Then
 * its OK ends the session with a real reload onto the sign-in page (a mark left on the window is gone).
 */
async function blocksThenReloads(page: Page, dialog: Locator): Promise<void> {
  const behind = await page.getByTestId('user-menu').boundingBox();
  expect(behind, 'the user menu is on the page behind').not.toBeNull();
  await page.mouse.click(behind!.x + behind!.width / 2, behind!.y + behind!.height / 2);
  await twoFrames(page);
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await dialog.getByRole('button', { name: zh('common.ok') }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('password-form')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'the page was reloaded').toBeUndefined();
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
  await blocksThenReloads(page, dialog);
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
    await expect(page).toHaveURL(/\/info$/);
    await blocksThenReloads(page, dialog);
  });
}

test('a page whose element chunk fails to load says so and loads it on Retry', async ({ page, oracle }) => {
  // The chunk's first load is cut on purpose: the browser reports the failed module fetch.
  oracle.allow(/console\.error: Failed to load resource: net::ERR_CONNECTION_RESET @ http:\/\/localhost:\d+\/assets\/video-player[.-][^/]*\.js$/);
  oracle.allow(/console\.error: \[atrium\] element chunk failed to load TypeError: Failed to fetch dynamically imported module: http:\/\/localhost:\d+\/assets\/video-player[.-]/);
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

test('toasts stay 2 s for -1 and 40301 and 5 s for the rest, each answer shown as SPEC §8 says, on a driven clock', async ({ page, oracle }) => {
  // The fault switch answers the profile with HTTP errors on purpose; the browser logs each one.
  oracle.allow(/console\.error: Failed to load resource: the server responded with a status of \d+ \([^)]*\) @ http:\/\/localhost:\d+\/api\/admin\/user\/cur-user\/info$/);
  await page.clock.install();
  await signIn(page, 'admin');
  await holdPolls(page);
  const toast = (text: string) => page.getByTestId('atrium-toast').filter({ hasText: text });
  /** Opens the info page by the router (no timers involved), which asks for the profile once. */
  const visit = (path: string) =>
    page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  // From here the page's clock moves only when told to: each toast's timer starts on a still clock.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const cases: Array<{ answer: () => Promise<unknown>; text: string; seconds: number }> = [
    { answer: () => fault(page, { path: PROFILE, count: 1, code: -1, msg: 'Broken on purpose' }), text: 'Broken on purpose', seconds: 2 },
    { answer: () => fault(page, { path: PROFILE, count: 1, code: 40301 }), text: zh('http.noPermission'), seconds: 2 },
    { answer: () => fault(page, { path: PROFILE, count: 1, status: 400, code: 40403, msg: 'Bad request, said the server' }), text: 'Bad request, said the server', seconds: 5 },
    { answer: () => fault(page, { path: PROFILE, count: 1, code: 12345, msg: 'An unlisted code' }), text: 'An unlisted code', seconds: 5 },
    { answer: () => fault(page, { path: PROFILE, count: 1, status: 500 }), text: zh('http.cannotConnect'), seconds: 5 },
    {
      // HTTP 200 whose body says status 500.
      answer: () => page.route(`**${PROFILE}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'upstream', status: 500 }) }), { times: 1 }),
      text: zh('http.cannotConnect'),
      seconds: 5,
    },
  ];
  for (const c of cases) {
    await c.answer();
    await visit('/info');
    await expect(toast(c.text)).toBeVisible();
    await page.clock.fastForward(c.seconds * 1000 - 100);
    await expect(toast(c.text), `${c.text} still up just before ${c.seconds} s`).toBeVisible();
    await page.clock.fastForward(200);
    await expect(toast(c.text), `${c.text} gone after ${c.seconds} s`).toHaveCount(0);
    await visit('/introduction');
  }
});
