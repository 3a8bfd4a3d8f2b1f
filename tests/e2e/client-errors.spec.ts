// SPEC §8 error log through the console: an unhandled error and an unhandled rejection on a page reach
// the operations page's client-error tab, with the token-like text they carried redacted.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';

test('unhandled errors of a page are listed, scrubbed, under client errors', async ({ page, oracle }) => {
  const marker = `E${Date.now() % 100000}`;
  // The page's unhandled error and rejection are what this test is about: thrown on purpose.
  oracle.allow(new RegExp(`pageerror: (Error: )?${marker} (thrown|rejected)`));
  await signIn(page, 'admin', { to: '/theme' });
  // Both are sent in one batch about 2 s later: wait for that request, not a fixed time.
  const sent = page.waitForRequest((r) => r.url().includes('/api/ops/client-error') && r.method() === 'POST' && (r.postData() ?? '').includes(marker), { timeout: 15_000 });
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`${m} thrown with 0123456789abcdef0123456789abcdef`);
    });
    void Promise.reject(new Error(`${m} rejected`));
  }, marker);
  const batch = await sent;
  await batch.response();
  await page.goto('/ops/gate_log');
  const root = page.locator('[data-page=gate-log]');
  await root.getByRole('tab', { name: zh('opLog.clientErrors') }).click();
  const rows = root.locator('[data-resource=client-error] tbody tr[data-row]', { hasText: marker });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'thrown' })).toContainText(`Error: ${marker} thrown with [redacted]`);
  await expect(rows.filter({ hasText: 'rejected' })).toContainText('/theme');
  await rows.filter({ hasText: 'thrown' }).locator('[data-action=stack]').click();
  await expect(page.getByTestId('client-error-stack')).toContainText(marker);
});
