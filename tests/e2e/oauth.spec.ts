// Third-party sign-in through the console: the admin registers the demo OpenID provider; on the
// sign-in page its button leads to the provider's own sign-in form; the first sign-in binds to
// operator, the next goes straight in (the provider remembers its session); once disabled, its start address says 'invalid application'.
// (PKCE, state, replays, denial and the deactivated user: demo/server/oauth.test.ts.)
import { expect, test } from './fixtures.ts';
import { signIn, signOut, skipTour, zh } from './console-helpers.ts';

test('register the demo provider, bind on the first sign-in, go straight in on the next, refuse when disabled', async ({ page, platform, oracle }) => {
  // The demo provider's own sign-in pages (oidc-provider, on another port: a third party's site) have
  // no favicon; the browser's request for one is answered 404 there, not by the console.
  oracle.allow(new RegExp(`console\\.error: Failed to load resource: the server responded with a status of 404 \\(Not Found\\) @ http://localhost:(?!${platform.port}/)\\d+/favicon\\.ico$`));
  await signIn(page, 'admin', { to: '/oauth' });
  const root = page.locator('[data-page=oauth]');
  await root.locator('[data-action=register-demo]').click();
  const row = root.locator('tbody tr[data-row]', { hasText: zh('oauth.demoName') }).first();
  await expect(row).toContainText('atrium-console');
  const id = await row.getAttribute('data-row');
  await signOut(page);

  const throughProvider = async () => {
    await page.goto('/login');
    await page.getByTestId('third-party').locator(`a[data-platform="${id}"]`).click();
    await expect(page.getByRole('heading', { name: 'Northwind ID' })).toBeVisible();
    await page.locator('input[name=username]').fill('tp.bob');
    await page.locator('input[name=password]').fill('bob123');
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  await skipTour(page, 'operator');
  await throughProvider();
  await expect(page.getByTestId('oauth-message')).toHaveText(zh('login.bindUser'));
  const bind = page.getByTestId('oauth-bind');
  await bind.locator('input[name=username]').fill('operator');
  await bind.locator('input[name=password]').fill('wrong-password');
  await bind.locator('button[type=submit]').click();
  await expect(page.getByTestId('oauth-bind-error')).toBeVisible();
  await bind.locator('input[name=password]').fill('operator123');
  await bind.locator('button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Operator');
  await signOut(page);

  // The provider remembers its own session: no form this time, and Atrium signs operator in at once.
  await page.goto('/login');
  await page.getByTestId('third-party').locator(`a[data-platform="${id}"]`).click();
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Operator');
  await signOut(page);

  await signIn(page, 'admin', { to: '/oauth' });
  await root.locator(`tbody tr[data-row="${id}"] [data-action=edit]`).click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=enabled]').uncheck();
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  await signOut(page);
  await expect(page.getByTestId('third-party').locator(`a[data-platform="${id}"]`)).toHaveCount(0);
  await page.goto(`/jwt/oauth/${id}/start`);
  await expect(page.getByTestId('oauth-message')).toHaveText(zh('login.invalidApplication'));
});
