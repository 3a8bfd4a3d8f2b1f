// Issue 3 shell: visited-view tabs, side menu, breadcrumb, footer, language, themes, guide tour,
// hide-login flag and the narrow-screen drawer.
import { expect, test } from './fixtures.ts';
import { MENU_SEED } from '../../shared/api/menu-seed.ts';
import { en, signIn, signOut, twoFrames, zh } from './console-helpers.ts';

const seedName = (code: string, lang: 'zh' | 'en' = 'zh') => MENU_SEED.find((m) => m.code === code)![lang];

test('the 7th visited page drops the oldest tab; tabs close, and closing the last goes home', async ({ page }) => {
  await signIn(page, 'admin');
  const pages = ['userMng', 'group', 'menu', 'oauth', 'jobmng', 'document/index', 'alarm/search'];
  for (const path of pages) {
    await page.goto(`/${path}`);
    await expect(page.getByTestId('visited-tab').last()).toHaveAttribute('data-active', 'true');
  }
  const tabs = page.getByTestId('visited-tab');
  await expect(tabs).toHaveCount(6);
  await expect(tabs).toHaveText(['groupManager', 'menuManager', 'oauth2Manager', 'jobList', 'documentIndex', 'alarmSearch'].map((n) => zh(`shell.route.${n}`)));

  // Closing the current tab moves to its neighbour.
  await tabs.last().getByRole('button').click();
  await expect(page).toHaveURL(/\/document\/index$/);
  await expect(tabs).toHaveCount(5);
  // Closing every tab ends at '/', which is the dashboard (and becomes the only tab).
  for (let i = 0; i < 5; i += 1) await tabs.first().getByRole('button').click();
  await expect(page).toHaveURL(/\/introduction$/);
  await expect(tabs).toHaveText([zh('shell.route.largeScreenMonitor')]);
});

test('one submenu open at a time; the collapsed state is remembered with the small logo', async ({ page }) => {
  await signIn(page, 'admin');
  const group = (code: string) => page.getByRole('button', { name: seedName(code) });
  await group('depMng').click();
  await expect(group('depMng')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#menu-group-depMng')).toBeVisible();
  await group('alarmManager').click();
  await expect(group('alarmManager')).toHaveAttribute('aria-expanded', 'true');
  await expect(group('depMng')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#menu-group-depMng')).toBeHidden();

  // Keyboard: the next entry is reachable with Tab and opens with Enter.
  await group('alarmManager').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(group('mapConfigManage')).toHaveAttribute('aria-expanded', 'true');

  await expect(page.getByTestId('sidebar').getByTestId('logo-full')).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('sidebar').getByTestId('logo-small')).toHaveAttribute('src', '/upload/logo/demo-small.svg');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  const box = await page.getByTestId('sidebar').boundingBox();
  expect(box!.width).toBeLessThan(80);
  // Collapsed, a group opens as a flyout menu.
  await page.getByTestId('sidebar').getByRole('button', { name: seedName('depMng') }).click();
  await page.getByRole('menuitem', { name: seedName('userMng') }).click();
  await expect(page).toHaveURL(/\/userMng$/);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
});

test('breadcrumb from the route, skipped with groupId; the dashboard has none; footer shows the version', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('footer')).toContainText('2.17.0.11684');
  await page.getByTestId('full-screen').click();
  await expect(page.getByTestId('full-screen')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
  await page.getByTestId('full-screen').click();
  await expect(page.getByTestId('full-screen')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('breadcrumb')).toHaveCount(0);
  await page.goto('/alarm/config');
  await expect(page.getByTestId('breadcrumb')).toHaveText(`${zh('shell.group.alarmManager')}${zh('shell.route.alarmConfig')}`);
  await page.goto('/alarm/config?groupId=3');
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toHaveCount(0);
});

test('language switch turns the shell English, confirms in English and survives reload', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('atrium-toast').filter({ hasText: en('lang.switched') })).toBeVisible();
  // Menu names come from the server in the new language; shell texts from the console.
  await expect(page.getByRole('button', { name: seedName('alarmManager', 'en') })).toBeVisible();
  await expect(page.getByTestId('dashboard')).toContainText(en('shell.route.largeScreenMonitor'));
  await page.reload();
  await expect(page.getByRole('button', { name: seedName('alarmManager', 'en') })).toBeVisible();
  await expect(page.getByTestId('footer')).toContainText(en('app.productVersion'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Every English menu label fits the open sidebar (at most two lines, nothing cut), groups opened one by one.
  const menu = page.getByTestId('side-menu');
  const cut = () => menu.locator('[title]').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0 && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)).map((e) => e.textContent));
  const groups = menu.locator('button[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).click();
    await expect(groups.nth(i)).toHaveAttribute('aria-expanded', 'true');
    expect(await cut(), `labels cut in group ${i}`).toEqual([]);
  }
});

test("a theme chosen by operator is kept for operator and not applied to admin", async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'blue-theme');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.themeSetting') }).click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByLabel(zh('shell.theme.dark')).check();
  // Applied at once, before saving.
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'dark-theme');
  await drawer.getByRole('button', { name: zh('shell.theme.preset', { color: '#52C41A' }) }).click();
  await drawer.getByTestId('nav-color').getByRole('button', { name: zh('shell.theme.preset', { color: '#0B3D2E' }) }).click();
  const nav = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--atrium-color-nav-bg').trim());
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--atrium-color-primary').trim());
  expect(await nav()).toBe('#0B3D2E');
  expect(await primary()).toBe('#52C41A');
  await drawer.getByRole('button', { name: zh('shell.theme.save') }).click();
  await expect(drawer).toBeHidden();
  await signOut(page);

  await signIn(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'blue-theme');
  expect(await nav()).toBe('#171E37');
  // Closing the drawer without saving restores what was stored.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.themeSetting') }).click();
  await page.getByTestId('theme-drawer').getByLabel(zh('shell.theme.light')).check();
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'light-theme');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'blue-theme');
  await signOut(page);

  await signIn(page, 'operator');
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'dark-theme');
  expect(await nav()).toBe('#0B3D2E');
  expect(await primary()).toBe('#52C41A');
  // Reset brings the defaults back (and saving keeps them).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.themeSetting') }).click();
  await page.getByTestId('theme-drawer').getByRole('button', { name: zh('shell.theme.reset') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', 'blue-theme');
  expect(await nav()).toBe('#171E37');
});

test('the guide tour shows once per user, steps forward and back, and can be reopened', async ({ page }) => {
  await signIn(page, 'viewer', { tour: true });
  const tour = page.getByTestId('guide-tour');
  await expect(tour).toBeVisible();
  await expect(tour).toContainText(zh('shell.tour.welcome.title'));
  await tour.getByRole('button', { name: zh('shell.tour.next') }).click();
  await expect(tour).toContainText(zh('shell.tour.menu.title'));
  await tour.getByRole('button', { name: zh('shell.tour.next') }).click();
  await expect(tour).toContainText(zh('shell.tour.tabs.title'));
  await tour.getByRole('button', { name: zh('shell.tour.prev') }).click();
  await expect(tour).toContainText(zh('shell.tour.menu.title'));
  await tour.getByRole('button', { name: zh('shell.tour.skip') }).click();
  await expect(tour).toBeHidden();

  await page.reload();
  // The tour is offered as soon as the user is known: wait for that (the name in the header), then
  // let two frames pass for the effect that would open it.
  await expect(page.getByTestId('user-menu').locator('span').last()).toHaveText(/\S/);
  await twoFrames(page);
  await expect(tour).toBeHidden();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: zh('shell.header.guide') }).click();
  await expect(tour).toBeVisible();
  await expect(tour).toContainText(zh('shell.tour.welcome.title'));
});

test('the whole tour keeps the shell in view on a small screen and ends on a button named finish', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await signIn(page, 'admin', { tour: true });
  const tour = page.getByTestId('guide-tour');
  await expect(tour).toBeVisible();
  const shellInView = () =>
    page.evaluate(() => {
      const header = document.querySelector('[data-testid=header]')!.getBoundingClientRect();
      return { pageScroll: document.scrollingElement!.scrollTop + document.scrollingElement!.scrollLeft, headerTop: Math.round(header.top), headerLeft: Math.round(header.left) >= 0 };
    });
  for (const step of ['menu', 'tabs', 'header', 'language', 'user']) {
    await tour.getByRole('button', { name: zh('shell.tour.next') }).click();
    await expect(tour).toContainText(zh(`shell.tour.${step}.title`));
    expect(await shellInView(), step).toEqual({ pageScroll: 0, headerTop: 0, headerLeft: true });
    // Each step is wholly inside the window (the menu's once sat below the window's bottom edge).
    const inside = async () => {
      const box = (await tour.boundingBox())!;
      return box.y >= 0 && box.x >= 0 && box.y + box.height <= 600 && box.x + box.width <= 1024;
    };
    await expect.poll(inside, { message: `the ${step} step inside the window` }).toBe(true);
  }
  await expect(tour.getByRole('button', { name: zh('shell.tour.next') })).toHaveCount(0);
  await tour.getByRole('button', { name: zh('shell.tour.done'), exact: true }).click();
  await expect(tour).toBeHidden();
});

test('the hide-login flag replaces the user dropdown and full screen with a theme config link', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/introduction?hideLogin=1');
  await expect(page).toHaveURL(/\/introduction$/);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('full-screen')).toHaveCount(0);
  await page.getByTestId('theme-config-link').click();
  await expect(page).toHaveURL(/\/theme$/);
  await expect(page.getByTestId('theme-settings')).toBeVisible();
  // The header hosts the alarm bell and progress badge by tag.
  await expect(page.getByTestId('header').locator('atrium-alarm-bell')).toHaveCount(1);
  await expect(page.getByTestId('header').locator('atrium-progress-panel')).toHaveCount(1);
});

test('the bell opens the alarm search inside the app for users with alarm management only', async ({ page }) => {
  await signIn(page, 'admin');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId('header').locator('atrium-alarm-bell').getByRole('link').click();
  await expect(page).toHaveURL(/\/alarm\/search$/);
  // No page load happened: the app navigated by itself.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await signOut(page);

  await signIn(page, 'viewer');
  // The click reaches the bell (it announces atrium-alarm-open) and goes nowhere after it.
  const announced = page.evaluate(() => new Promise<boolean>((r) => document.addEventListener('atrium-alarm-open', () => r(true), { once: true })));
  await page.getByTestId('header').locator('atrium-alarm-bell').locator('a, button').first().click();
  expect(await announced).toBe(true);
  await twoFrames(page);
  await expect(page).toHaveURL(/\/introduction$/);
});

test('on a narrow screen the menu is a 328 px drawer that closes after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 480, height: 800 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBe(328);
  await drawer.getByRole('button', { name: seedName('depMng') }).click();
  await drawer.getByRole('link', { name: seedName('userMng') }).click();
  await expect(page).toHaveURL(/\/userMng$/);
  await expect(drawer).toBeHidden();
});

test('a route opened again with another query reuses its tab; a query that makes another page says so in the title', async ({ page }) => {
  await signIn(page, 'admin');
  const tabs = page.getByTestId('visited-tab');
  await page.goto('/videoGroup');
  await expect(tabs.last()).toHaveText(zh('shell.route.videoGroup'));
  const before = await tabs.count();
  await page.goto('/videoGroup?type=wall');
  await expect(tabs).toHaveCount(before);
  await expect(tabs.last()).toHaveText(`${zh('shell.route.videoGroup')} · ${zh('shell.sub.wall')}`);
  await expect(tabs.last().getByRole('link')).toHaveAttribute('href', '/videoGroup?type=wall');
  await page.goto('/devstatus/tabs?groupId=3');
  await page.goto('/devstatus/tabs?groupId=4');
  await expect(tabs).toHaveCount(before + 1);
  await expect(tabs.last()).toHaveText(zh('shell.route.devCard'));
  await expect(tabs.last().getByRole('link')).toHaveAttribute('href', '/devstatus/tabs?groupId=4');
});

test('visited tabs belong to the user: the next user to sign in starts with only their own', async ({ page }) => {
  await signIn(page, 'admin');
  // The landing page's tab is recorded before the next page load replaces this one.
  await expect(page.getByTestId('visited-tab')).toHaveText([zh('shell.route.largeScreenMonitor')]);
  await page.goto('/userMng');
  await expect(page.getByTestId('visited-tab')).toHaveCount(2);
  await signOut(page);
  await signIn(page, 'viewer');
  await expect(page.getByTestId('visited-tab')).toHaveText([zh('shell.route.largeScreenMonitor')]);
});
