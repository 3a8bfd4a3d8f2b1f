// Shared by the console-* and login specs: sign in through the real login page, reach the test-only
// fault switch and request log, and read texts in the language the page shows.
import { expect, test, type Page } from './fixtures.ts';
import { translateConsole as translate } from '../../console/all-texts.ts';
import type { FaultRule } from '../../shared/api/types.ts';
import { TOKEN_COOKIE } from '../../shared/session/store.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';

export const CAPTCHA = '4242';
export const ACCOUNTS = {
  admin: 'admin123',
  operator: 'operator123',
  viewer: 'viewer123',
  admin2: 'admin123',
  vendor: 'vendor123',
} as const;
export type Account = keyof typeof ACCOUNTS;

/** A product text (zh by default, as the console starts). */
export const zh = (key: string, params?: Record<string, string | number>) => translate('zh', key, params);
export const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

/** Lets two frames pass in the page: what a click or an effect would do by then has been done. */
export const twoFrames = (page: Page): Promise<unknown> => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Marks the guide tour as seen for these users, so journeys that are not about it are not interrupted. */
export async function skipTour(page: Page, ...users: string[]): Promise<void> {
  await page.addInitScript((names) => {
    for (const name of names) localStorage.setItem(`atrium.tourSeen.${name}`, '1');
  }, users);
}

/** Fills the password form of the page currently at /login (or /ldap). */
export async function fillPasswordForm(page: Page, username: string, password: string, captcha = CAPTCHA): Promise<void> {
  const form = page.getByTestId('password-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(password);
  await form.locator('input[name=verifyCode]').fill(captcha);
  await form.locator('button[type=submit]').click();
}

/**
 * Signs in and waits for the shell on the user's landing page, as the login form leaves it. The form
 * itself is what login.spec.ts (and `ui: true`, `from`, `tour`) goes through; elsewhere the session is
 * made by the platform's own sign-in call and handed to the browser the way the console keeps it (its
 * token cookie), which saves loading and submitting the login page in every journey.
 */
export async function signIn(page: Page, user: Account, options: { tour?: boolean; from?: string; ui?: boolean; to?: string } = {}): Promise<void> {
  if (!options.tour) await skipTour(page, user);
  if (options.ui || options.tour || options.from) {
    await page.goto(options.from ?? '/login');
    await expect(page).toHaveURL(/\/login/);
    await fillPasswordForm(page, user, ACCOUNTS[user]);
  } else {
    const answer = await page.request.post('/jwt/token', { data: { username: user, password: ACCOUNTS[user], model: 'password', verifyCode: CAPTCHA } });
    const { token } = (await answer.json()) as { token?: string };
    expect(token, `sign-in of ${user}`).toBeTruthy();
    await page.context().addCookies([{ name: TOKEN_COOKIE, value: token!, url: new URL('/', answer.url()).href }]);
    // With `to`, straight to the page the journey is about, without loading the landing page first;
    // the caller waits for what it needs there (a window route has no shell to wait for).
    await page.goto(options.to ?? '/');
    if (options.to) return;
  }
  await expect(page.getByTestId('header')).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: new RegExp(`${zh('shell.header.logout')}|${en('shell.header.logout')}`) }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function fault(page: Page, rule: FaultRule): Promise<void> {
  const res = await page.request.post('/__test/faults', { data: rule });
  expect(res.ok()).toBe(true);
}

/**
 * The device simulator flips a random gateway now and then, and a write through a gateway it took
 * offline mid-journey is refused. A spec that writes through gateways calls this at its top level:
 * the simulator is held still during each of its journeys (which set their gateways online
 * themselves) and runs again after.
 */
export function holdDeviceSimulator(): void {
  const rate = (baseURL: string | undefined, sharePerMinute: number) =>
    fetch(`${baseURL}/__test/device/simulator`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sharePerMinute }) });
  test.beforeEach(async ({ baseURL }) => void (await rate(baseURL, 0)));
  test.afterEach(async ({ baseURL }) => void (await rate(baseURL, 0.02)));
}

export async function clearFaults(page: Page): Promise<void> {
  await page.request.delete('/__test/faults');
}

export async function requestCount(page: Page, path: string): Promise<number> {
  const res = await page.request.get(`/__test/requests?path=${encodeURIComponent(path)}`);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

/** The visible labels of the side menu's top-level entries. */
export async function menuLabels(page: Page): Promise<string[]> {
  const entries = page.getByTestId('side-menu').locator(':scope > ul > li');
  return entries.evaluateAll((lis) => lis.map((li) => (li.firstElementChild?.textContent ?? '').trim()));
}

/** Picks a theme in the header's theme drawer and waits for it to apply. */
export async function setTheme(page: Page, theme: 'dark' | 'light' | 'blue') {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.themeSetting') }).click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByLabel(zh(`shell.theme.${theme}`)).check();
  await drawer.getByRole('button', { name: zh('shell.theme.save') }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', `${theme}-theme`);
}

/** axe over `include` in the dark and the light theme, then back to the default blue one. */
export async function a11yInThemes(page: Page, label: string, include: string) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page, `${label} (${theme})`, { include });
  }
  await setTheme(page, 'blue');
}
