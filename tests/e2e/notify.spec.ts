// Notification channels through the console: a 31-character SMS template is refused in the form; an
// email channel's test arrives in the embedded mail server's mailbox on the page, and a critical alarm
// arrives there too. (Signed and retried webhooks, SMS and the second tenant: demo/server/notify.test.ts.)
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';

test('an email channel delivers its test and a critical alarm to the embedded mail server', async ({ page }) => {
  const name = `Ops mail ${Date.now() % 100000}`;
  await signIn(page, 'admin', { to: '/notify/channel' });
  const root = page.locator('[data-page=notify-channel]');
  await root.locator('[data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill('SMS duty');
  await form.locator('[name=kind]').selectOption('sms');
  await form.locator('[name=phones]').fill('13800000000');
  await form.locator('[name=template]').fill('告'.repeat(31));
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('notify.hint.template') })).toHaveCount(1);

  await form.locator('[name=name]').fill(name);
  await form.locator('[name=kind]').selectOption('email');
  await form.locator('[name=to]').fill('duty@example.com, lead@example.com');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: name });
  await expect(row).toContainText('duty@example.com, lead@example.com');

  await row.locator('[data-action=test]').click();
  await expect(page.getByText(zh('notify.tested'))).toBeVisible();
  const mailbox = root.locator('[data-part=mailbox]');
  const testMail = mailbox.locator('li[data-mail]', { hasText: 'Atrium 测试通知' }).first();
  await expect(testMail.locator('[data-part=body]')).toContainText(name);
  await expect(testMail).toContainText('duty@example.com, lead@example.com');

  // A critical alarm travels to the same mailbox.
  await page.request.post('/__test/alarms', { data: { count: 1, level: 'critical' } });
  await expect
    .poll(async () => {
      await mailbox.locator('[data-action=refresh-mailbox]').click();
      return mailbox.locator('li[data-mail] [data-part=subject]', { hasText: '[critical]' }).count();
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await row.locator('[data-action=deliveries]').click();
  // The test and the alarm at least (the simulator may raise more critical alarms meanwhile).
  await expect.poll(() => page.getByTestId('notify-deliveries').locator('li[data-ok=true]').count()).toBeGreaterThanOrEqual(2);
});
