// Third-party sign-in through the console: the admin registers the demo OpenID provider; on the
// sign-in page its button leads to the provider's own sign-in form; the first sign-in binds to
// operator, the next goes straight in (the provider remembers its session); once disabled, its start address says 'invalid application'.
// (PKCE, state, replays, denial and the deactivated user: demo/server/oauth.test.ts.)
import { expect, test } from './fixtures.ts';
import { signIn, signOut, skipTour, zh } from './console-helpers.ts';
import { call } from './video-helpers.ts';

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

test('a portal client registered in the console shows its secret once, works, and once revoked (after a confirmation) neither it nor its tokens do', async ({ page, baseURL }) => {
  const exchange = (clientId: string, clientSecret: string) =>
    fetch(`${baseURL}/jwt/portal/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, username: 'operator' }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { access_token?: string; error?: string } }));
  const name = `Portal ${Date.now() % 100000}`;
  await signIn(page, 'admin', { to: '/oauth' });
  const section = page.locator('[data-section=portal-clients]');
  await section.locator('input[name=portalName]').fill(name);
  await section.locator('input[name=portalUsers]').fill('operator');
  await section.getByRole('button', { name: zh('oauth.portal.register') }).click();
  const created = section.locator('[data-created-client]');
  await expect(created).toContainText(zh('oauth.portal.secretOnce'));
  const clientId = (await created.locator('[data-client-id]').textContent())!;
  const secret = (await created.locator('[data-client-secret]').textContent())!;
  // Shown this once: gone when acknowledged, and the list shows the client without it.
  await created.getByRole('button', { name: zh('oauth.portal.done') }).click();
  await expect(created).toHaveCount(0);
  const row = section.locator(`tr[data-portal-client="${clientId}"]`);
  await expect(row).toContainText(name);
  await expect(section).not.toContainText(secret);

  const granted = await exchange(clientId, secret);
  expect(granted.status).toBe(200);
  const token = granted.body.access_token!;

  // Revoking asks first; cancelled, nothing changes.
  await row.getByRole('button', { name: zh('oauth.portal.revokeNamed', { name }) }).click();
  const confirm = page.getByTestId('confirm-revoke');
  await expect(confirm).toContainText(zh('oauth.portal.revokeHint', { name }));
  await confirm.getByRole('button', { name: zh('resource.cancel') }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveAttribute('data-revoked', 'false');
  expect((await exchange(clientId, secret)).status).toBe(200);

  await row.getByRole('button', { name: zh('oauth.portal.revokeNamed', { name }) }).click();
  await confirm.locator('[data-action=confirm-revoke]').click();
  await expect(row).toHaveAttribute('data-revoked', 'true');
  await expect(row).toContainText(zh('oauth.portal.revoked'));
  expect((await exchange(clientId, secret)).body.error).toBe('invalid_client');
  expect((await call(baseURL!, token, 'GET', '/api/admin/user/front/info')).code).toBe(40101);
});
