// Issue 6 "Checked by": with 25,000 open alarms the bell caps its count at 20000+. They would stay in
// the second tenant for every later journey of a shared worker, so this file runs on a platform of
// its own (platformEnv: its data dropped when the file is done).
import { expect, test } from './fixtures.ts';
import { bellCount, createAlarms, openEmbed, signIn } from './alarm-progress-helpers.ts';

test.use({ platformEnv: { ATRIUM_E2E_PLATFORM: 'alarm-bell-cap' } });

test('25000 open alarms show 20000+', async ({ page, baseURL }) => {
  await createAlarms(baseURL!, { count: 25000, tenantId: 2 });
  const admin2 = await signIn(baseURL!, 'admin2', 'admin123');
  await openEmbed(page, admin2);
  await expect(bellCount(page)).toHaveText('20000+');
  await expect(page.locator('#bell-1').locator('a, button')).toHaveAttribute('aria-label', /20000\+ unhandled alarms/);
});
