// A menu the server supplies is data, never markup or script (issue 3). The test double is the info
// response itself, extended with hostile entries by Playwright's request interception.
import { expect, test } from './fixtures.ts';
import type { Envelope, MenuItem, UserInfo } from '../../shared/api/types.ts';
import { signIn } from './console-helpers.ts';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

test('a hostile menu name renders as text and a javascript: uri is not followed', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route('**/api/admin/user/front/info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope<UserInfo>;
    const extra: MenuItem[] = [
      { code: 'hostile', menu: HOSTILE_NAME, icon: '"><svg onload=alert(2)>', uri: 'javascript:alert(1)', parentCode: null },
      { code: 'hostileChild', menu: 'data child', icon: 'x', uri: 'data:text/html,<script>alert(3)</script>', parentCode: 'alarmManager' },
      { code: 'alarmSearchPage2', menu: 'good child', icon: 'x', uri: '/alarm/search', parentCode: 'alarmManager' },
    ];
    body.data!.menus = [...body.data!.menus, ...extra];
    await route.fulfill({ response, json: body });
  });
  await signIn(page, 'admin');

  const menu = page.getByTestId('side-menu');
  const hostile = menu.getByText(HOSTILE_NAME, { exact: true });
  await expect(hostile).toBeVisible();
  // No element was made from the name or the icon.
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(menu.locator('svg[onload]')).toHaveCount(0);
  // The entry is not a link: clicking it goes nowhere and runs nothing.
  const entry = menu.getByTestId('menu-entry-unavailable').filter({ hasText: HOSTILE_NAME });
  await expect(entry).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.locator('a[href^="javascript"], a[href^="data"]')).toHaveCount(0);
  await entry.click();
  await expect(page).toHaveURL(/\/introduction$/);

  // Inside a group: the data: child is inert, the in-app child works.
  await menu.getByRole('button', { name: '告警管理' }).click();
  await menu.getByText('data child').click();
  await expect(page).toHaveURL(/\/introduction$/);
  await menu.getByRole('link', { name: 'good child' }).click();
  await expect(page).toHaveURL(/\/alarm\/search$/);
  expect(dialogs).toEqual([]);
});
