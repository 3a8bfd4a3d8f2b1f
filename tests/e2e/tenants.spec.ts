// Tenants through the console: the platform operator creates a tenant with its super admin; that admin
// signs in, uploads both logos — an HTML file named .png is refused — and sees them in the shell (the
// small one with the sidebar collapsed), renames the tenant and sees the page title follow without a
// reload. The operator then deletes the tenant by typing delete. (The sign-in page shows the default
// tenant's logos: demo/server/tenant.test.ts and console-shell.spec.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { fillPasswordForm, skipTour, zh } from './console-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-logos-'));
const svg = (w: number, h: number, text: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#0a7"/><text x="4" y="${h - 6}" font-size="12">${text}</text></svg>`;

test('the operator creates a tenant; its admin sets the logos and the name, and the shell follows', async ({ page, browser }) => {
  const suffix = String(Date.now() % 100000);
  const name = `Harbour ${suffix}`;
  const account = `harbour.${suffix}`;
  await skipTour(page, 'vendor');
  await page.goto('/login');
  await fillPasswordForm(page, 'vendor', 'vendor123');
  await expect(page.getByTestId('header')).toBeVisible();
  await page.goto('/tenant_mng');
  const root = page.locator('[data-page=tenant]');
  await root.locator('[data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(name);
  await form.locator('[name=adminUsername]').fill(account);
  await form.locator('[name=adminName]').fill('Harbour Admin');
  await form.locator('[name=adminPassword]').fill('short');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert')).toHaveCount(1);
  await form.locator('[name=adminPassword]').fill('harbour-pass-1');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: name });
  await expect(row).toContainText(account);
  // It starts with a 30-day provisional voucher.
  await row.locator('[data-action=vouchers]').click();
  const vouchers = page.getByTestId('tenant-vouchers');
  await expect(vouchers.locator('tr[data-voucher=provisional][data-expired=false]')).toHaveCount(1);
  await vouchers.getByRole('button', { name: zh('tenants.vouchers.close') }).click();

  // The new tenant's super admin.
  const admin = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await skipTour(admin, account);
  await admin.goto('/login');
  await fillPasswordForm(admin, account, 'harbour-pass-1');
  await expect(admin.getByTestId('header')).toBeVisible();
  await admin.goto('/base_info');
  const info = admin.locator('[data-page=base-info]');
  const fake = join(dir, 'logo.png');
  writeFileSync(fake, '<html><script>alert(1)</script></html>');
  await info.locator('[data-part=logo-input-main]').setInputFiles(fake);
  await expect(info.locator('[data-logo=main] [role=alert]')).toHaveText(zh('validate.file.avatarType'));
  const main = join(dir, 'main.svg');
  writeFileSync(main, svg(220, 50, 'Harbour'));
  await info.locator('[data-part=logo-input-main]').setInputFiles(main);
  await expect(info.locator('[data-logo=main] [data-part=logo-preview]')).toHaveAttribute('src', /\/upload\/logo\/\d+-main-[\w-]+\.svg$/);
  const small = join(dir, 'small.svg');
  writeFileSync(small, svg(25, 25, 'H'));
  await info.locator('[data-part=logo-input-small]').setInputFiles(small);
  await expect(info.locator('[data-logo=small] [data-part=logo-preview]')).toHaveAttribute('src', /\/upload\/logo\/\d+-small-[\w-]+\.svg$/);
  // The shell shows the new main logo at once.
  const mainSrc = await info.locator('[data-logo=main] [data-part=logo-preview]').getAttribute('src');
  await expect(admin.locator(`img[src="${mainSrc}"]`)).not.toHaveCount(0);

  // Renaming changes the page title without a reload.
  await info.locator('[name=name]').fill(`${name} Group`);
  await info.locator('form[data-part=tenant-info] button[type=submit]').click();
  await expect(admin).toHaveTitle(new RegExp(`${name} Group`));
  await admin.context().close();

  // The operator deletes it: the kit asks for the word delete.
  await page.reload();
  const renamed = root.locator('tbody tr[data-row]', { hasText: `${name} Group` });
  await renamed.locator('[data-action=delete]').click();
  const confirm = page.getByTestId('confirm-delete');
  await confirm.locator('input[name=confirm]').fill('delete');
  await confirm.locator('button[type=submit]').click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
});
