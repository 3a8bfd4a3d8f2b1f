// Issue 2's journey and issue 3's sign-in pages: the real login page against the demo platform.
import { expect, test } from './fixtures.ts';
import { ACCOUNTS, CAPTCHA, en, fillPasswordForm, signOut, skipTour, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('admin signs in through the login page, stays signed in across a reload, and signs out', async ({ page }) => {
  await skipTour(page, 'admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Demo Building Co.');
  // The tenant's own logo replaces the default one.
  await expect(page.getByTestId('logo-full')).toHaveAttribute('src', '/upload/logo/demo-main.svg');

  const captcha = page.getByTestId('captcha').locator('img');
  const first = await captcha.getAttribute('src');
  expect(first).toMatch(/\/jwt\/captcha\?t=\d+/);
  await page.getByTestId('captcha').click();
  await expect(captcha).not.toHaveAttribute('src', first!);

  await fillPasswordForm(page, 'admin', ACCOUNTS.admin, CAPTCHA);
  await expect(page).toHaveURL(/\/introduction$/);
  // User info loaded: the header shows the user's name, the dashboard greets them.
  await expect(page.getByTestId('user-menu')).toContainText('Demo Admin');
  await expect(page.getByTestId('dashboard')).toContainText(zh('shell.dashboard.welcome', { name: 'Demo Admin' }));

  await page.reload();
  await expect(page).toHaveURL(/\/introduction$/);
  await expect(page.getByTestId('user-menu')).toContainText('Demo Admin');

  await signOut(page);
  await page.goto('/introduction');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fintroduction$/);
});

test('required fields and server messages show on the form; a failed attempt asks for a new captcha', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByTestId('password-form');
  await form.locator('button[type=submit]').click();
  await expect(form).toContainText(zh('validate.username.required'));
  await expect(form).toContainText(zh('validate.password.required'));
  await expect(form).toContainText(zh('validate.captcha.required'));

  const src = await page.getByTestId('captcha').locator('img').getAttribute('src');
  await fillPasswordForm(page, 'admin', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText(zh('login.wrongPassword'));
  await expect(page.getByTestId('captcha').locator('img')).not.toHaveAttribute('src', src!);
  await expect(form.locator('input[name=verifyCode]')).toHaveValue('');

  await fillPasswordForm(page, 'admin', ACCOUNTS.admin, '0000');
  await expect(page.getByTestId('login-error')).toHaveText(zh('login.invalidVerifyCode'));
  await expect(page).toHaveURL(/\/login$/);
});

test('SMS sign-in checks the phone, counts down after sending, and signs in with the code', async ({ page }) => {
  await skipTour(page, 'operator');
  await page.goto('/login');
  await page.getByRole('tab', { name: zh('login.form.bySms') }).click();
  const form = page.getByTestId('sms-form');
  await form.locator('input[name=phone]').fill('12345');
  await page.getByTestId('send-code').click();
  await expect(form).toContainText(zh('validate.phone.format'));

  await form.locator('input[name=phone]').fill('13800000002');
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('sms-status')).toHaveText(zh('login.smsSent'));
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toHaveText(/\d+/);

  await form.locator('input[name=smsCode]').fill('9999');
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('login-error')).toHaveText(zh('login.phoneNotRegistered'));

  await form.locator('input[name=smsCode]').fill(CAPTCHA);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Operator');
});

test('after sign-in the user lands where they wanted to go, but never on another site', async ({ page }) => {
  await skipTour(page, 'viewer');
  await page.goto('/info?tab=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Finfo%3Ftab%3D1$/);
  await fillPasswordForm(page, 'viewer', ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/info\?tab=1$/);
  await signOut(page);

  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
  await fillPasswordForm(page, 'viewer', ACCOUNTS.viewer);
  await expect(page).toHaveURL(/localhost:\d+\/introduction$/);
  await signOut(page);

  await page.goto('/login?redirect=%2F%2Fevil.example');
  await fillPasswordForm(page, 'viewer', ACCOUNTS.viewer);
  await expect(page).toHaveURL(/localhost:\d+\/introduction$/);
});

test('the directory sign-in page and the third-party landing open without a token', async ({ page }) => {
  await page.goto('/ldap');
  await expect(page).toHaveURL(/\/ldap$/);
  await expect(page.getByTestId('ldap-form')).toBeVisible();
  await page.getByRole('link', { name: zh('shell.signin.passwordLink') }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const [error, key] of [
    ['bind_user', 'login.bindUser'],
    ['invalid_app', 'login.invalidApplication'],
    ['denied', 'login.authorizationFailed'],
  ] as const) {
    await page.goto(`/login/oauth?error=${error}`);
    await expect(page.getByTestId('oauth-message')).toHaveText(zh(key));
  }
});

test('a directory account signs in on /ldap with its group’s rights; a local-only account is refused there', async ({ page }) => {
  await skipTour(page, 'dir.operator');
  await page.goto('/ldap');
  const form = page.getByTestId('ldap-form');
  await form.locator('input[name=username]').fill('operator');
  await form.locator('input[name=password]').fill(ACCOUNTS.operator);
  await form.locator('input[name=verifyCode]').fill(CAPTCHA);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await form.locator('input[name=username]').fill('dir.operator');
  await form.locator('input[name=password]').fill('dir123');
  await form.locator('input[name=verifyCode]').fill(CAPTCHA);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText('Dora Directory');
  await expect(page.getByTestId('side-menu')).toContainText(zh('shell.group.alarmManager'));
});

test('the language chosen on the login page is confirmed in that language and kept', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('language-status')).toHaveText(en('lang.switched'));
  await expect(page.getByRole('tab', { name: en('login.form.byPassword') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: en('login.form.byPassword') })).toBeVisible();
});

test('the sign-in page says "invalid user" for logged-off, deactivated and expired accounts, and the SMS refusals', async ({ page, baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const stamp = Date.now() % 100000;
  const made: Array<{ username: string; phone: string }> = [];
  for (const [i, status] of (['logoff', 'deactivated', 'overdue', 'normal'] as const).entries()) {
    const username = `state.${status}.${stamp}`;
    const phone = `1370${String(stamp).padStart(5, '0')}${i}0`;
    const answer = await call(baseURL!, admin, 'POST', '/api/admin/user', {
      body: { username, name: `State ${status}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone, email: `${username}@example.com`, status },
    });
    expect(answer.code, answer.msg).toBe(0);
    made.push({ username, phone });
  }

  await page.goto('/login');
  // SPEC §4: an account that is not normal cannot sign in, and the page says why in the server's words.
  for (const { username } of made.slice(0, 3)) {
    await fillPasswordForm(page, username, 'secret-pass-1');
    await expect(page.getByTestId('login-error')).toHaveText('无效用户');
    await expect(page).toHaveURL(/\/login$/);
  }

  // A tenant without SMS sign-in: its admin's phone, read now (another journey may have changed it);
  // no user is added to that tenant, whose user list other journeys check.
  const admin2 = await apiSignIn(baseURL!, 'admin2', 'admin123');
  const theirs = (await call(baseURL!, admin2, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 10, keyword: 'admin2' } })).data.rows as Array<{ username: string; phone: string }>;
  const secondPhone = theirs.find((u) => u.username === 'admin2')!.phone;
  expect(secondPhone).toMatch(/^1\d{10}$/);
  await page.getByRole('tab', { name: zh('login.form.bySms') }).click();
  const form = page.getByTestId('sms-form');
  await form.locator('input[name=phone]').fill(secondPhone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('login-error')).toHaveText('未开启短信登录');
  await expect(page.getByTestId('send-code')).toBeEnabled();

  // A code asked for again while the last one is still fresh (the page reloaded, its countdown gone).
  const fresh = made[3]!.phone;
  await form.locator('input[name=phone]').fill(fresh);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('sms-status')).toHaveText(zh('login.smsSent'));
  await page.reload();
  await page.getByRole('tab', { name: zh('login.form.bySms') }).click();
  await form.locator('input[name=phone]').fill(fresh);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('login-error')).toHaveText('验证码已发送，请稍后再试');
});
