// Operation logs in the console: a refused call and a write appear with who and the result; the
// filters narrow on the platform; the chain verifies intact; the page passes axe.
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

test('operation logs list writes and refusals, filter by result, and verify the chain', async ({ page, baseURL }) => {
  const operator = await apiSignIn(baseURL!, 'operator', 'operator123');
  await call(baseURL!, operator, 'POST', '/api/admin/user/page', { body: { page: 1, limit: 10 } });
  await signIn(page, 'admin', { to: '/ops/gate_log' });
  const root = page.locator('[data-page=gate-log]');
  const rows = root.locator('tbody tr[data-row]');
  await expect(rows.first()).toBeVisible();
  await root.locator('select[name=result]').selectOption('refused');
  await expect(rows.filter({ hasText: '/api/admin/user/page' }).filter({ hasText: 'operator' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: zh('opLog.result.ok') })).toHaveCount(0);
  await root.locator('[data-action=verify]').click();
  await expect(page.getByText(/哈希链完整/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'operation logs', { include: '[data-page=gate-log]' });
});
