// Issue 3 access rules: menus per account, 401 for routes without the right, 404 for unknown paths
// and missing pages, /login with a token, and the navigation guard's info load.
import { expect, test } from './fixtures.ts';
import { MENU_SEED } from '../../shared/api/menu-seed.ts';
import { fault, menuLabels, signIn, zh } from './console-helpers.ts';

const seedName = (code: string) => MENU_SEED.find((m) => m.code === code)!.zh;
const HOME = zh('shell.route.largeScreenMonitor');

test('each account sees exactly the menu entries of its authority codes', async ({ page }) => {
  await signIn(page, 'admin');
  expect(await menuLabels(page)).toEqual([
    HOME,
    ...['baseManager', 'depMng', 'devManager', 'linkManage', 'alarmManager', 'mapConfigManage', 'relationManager', 'documentManager', 'jobMng', 'MonitorOPS', 'activitiManager', 'attendanceManage'].map(seedName),
  ]);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signIn(page, 'operator');
  expect(await menuLabels(page)).toEqual([HOME, seedName('videoGroup'), seedName('linkManage'), seedName('alarmManager'), seedName('MonitorOPS')]);
  // Groups the server lists without children get the route table's pages the operator may open.
  await page.getByRole('button', { name: seedName('alarmManager') }).click();
  const alarms = page.locator('#menu-group-alarmManager');
  await expect(alarms.getByRole('link')).toHaveText([zh('shell.route.alarmEventType'), zh('shell.route.alarmConfig'), zh('shell.route.alarmSearch')]);
  // Quick icons follow the menu rights.
  await expect(page.getByTestId('quick-quickScene')).toBeVisible();
  await expect(page.getByTestId('quick-devCard')).toBeVisible();
  await expect(page.getByTestId('quick-videoGroup')).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signIn(page, 'viewer');
  expect(await menuLabels(page)).toEqual([HOME]);
  await expect(page.getByTestId('header').locator('[data-testid^=quick-]')).toHaveCount(0);
});

test('a direct visit to a route without the right gives the 401 page', async ({ page }) => {
  await signIn(page, 'viewer', { to: '/userMng' });
  await expect(page.getByTestId('page-401')).toBeVisible();
  await expect(page.getByTestId('page-401')).toContainText(zh('shell.errors.forbidden'));
  await page.goto('/video_wall');
  await expect(page.getByTestId('page-401')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'operator', { to: '/devmng/config' });
  await expect(page.getByTestId('page-401')).toBeVisible();
  // The operator holds video access without the device group.
  await page.goto('/videoGroup?type=wall');
  await expect(page.getByTestId('page-401')).toHaveCount(0);
  await expect(page.getByTestId('breadcrumb')).toContainText(zh('shell.sub.wall'));
});

test('with a token /login leads on to the dashboard; unknown paths give 404', async ({ page }) => {
  await signIn(page, 'admin', { to: '/login' });
  await expect(page).toHaveURL(/\/introduction$/);
  await page.goto('/ldap');
  await expect(page).toHaveURL(/\/introduction$/);

  await page.goto('/no/such/page');
  await expect(page.getByTestId('page-404')).toBeVisible();
  // Every route of the table has its page now; a deep unknown path inside the shell's area is 404 too.
  await page.goto('/scada/no-such-page');
  await expect(page.getByTestId('page-404')).toBeVisible();
});

test('without a token every other path goes to /login and remembers it', async ({ page }) => {
  await page.goto('/alarm/search?level=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Falarm%2Fsearch%3Flevel%3D1$/);
  await page.goto('/appEditor');
  await expect(page).toHaveURL(/\/login\?redirect=%2FappEditor$/);
});

test('a failed user-info load logs out and goes to /login', async ({ page }) => {
  await signIn(page, 'admin');
  await fault(page, { path: '/api/admin/user/front/info', count: 1, code: -1, msg: 'info broken by test' });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/introduction');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fintroduction$/);
});

test('a token handed over in the address signs the user in and leaves the address bar', async ({ page }) => {
  await page.request.get('/jwt/captcha');
  const answer = await page.request.post('/jwt/token', { data: { username: 'operator', password: 'operator123', model: 'password', verifyCode: '4242' } });
  const { token } = (await answer.json()) as { token: string };
  await page.addInitScript(() => localStorage.setItem('atrium.tourSeen.operator', '1'));
  await page.goto(`/alarm/search?level=2&token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Operator');
  await expect(page).toHaveURL(/\/alarm\/search\?level=2$/);
});
