// Issue 7 "Checked by": the device list element against the real demo platform — area and status
// filters give exactly the server's rows; a device going offline on the server shows offline within
// one refresh without losing scroll position or selection; admin2 sees none of the first tenant's
// devices; a device code with { is refused with a clear message and nothing is stored.
import { expect, test, type Page } from './fixtures.ts';
import type { AreaNode, Device, DevicePage } from '../../shared/api/device-types.ts';
import { api, login } from '../../demo/server/testing.ts';

const CAPTCHA = '4242';
/** The element's status poll interval (shared/devices/status-feed.ts STATUS_POLL_MS). */
const POLL_MS = 5000;
const ROW = 36;

const signIn = (base: string, username: string, password: string) => login(base, username, password, CAPTCHA);

async function call<T>(base: string, token: string, method: string, path: string, options: { body?: unknown; query?: Record<string, string>; lang?: string } = {}) {
  const answer = await api(base, method, path, { token, body: options.body, query: options.query, headers: { lang: options.lang ?? 'en' } });
  return answer.body as { code: number; msg: string; data: T };
}

async function testHook(base: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(answer.msg);
}

async function open(page: Page, token: string): Promise<void> {
  await page.goto('/embed/devices-test.html');
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium));
  await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'en', reloadOnLogout: false }), token);
}

const list = (page: Page) => page.locator('#devices');
const grid = (page: Page) => list(page).locator('[data-part=grid]');
const total = (page: Page) => list(page).locator('[data-part=total]');

/** Every row code of the element in display order, read by scrolling its virtual grid top to bottom. */
async function allCodes(page: Page): Promise<string[]> {
  return grid(page).evaluate(async (el: HTMLElement) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const seen = new Map<number, string>();
    el.scrollTop = 0;
    for (;;) {
      await frame();
      for (const row of el.querySelectorAll<HTMLElement>('[role=row][data-code]')) seen.set(Number(row.getAttribute('aria-rowindex')), row.dataset.code!);
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) break;
      el.scrollTop += el.clientHeight / 2;
    }
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, code]) => code);
  });
}

const flatten = (nodes: readonly AreaNode[]): AreaNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

test.describe('device list element', () => {
  test.beforeAll(async ({ baseURL }) => {
    // Random flips would change rows between the element's read and the test's own.
    await testHook(baseURL!, '/__test/device/simulator', { sharePerMinute: 0 });
  });
  test.afterAll(async ({ baseURL }) => {
    await testHook(baseURL!, '/__test/device/simulator', { sharePerMinute: 0.02 });
  });

  test('filtering by area and status shows exactly the rows the server answers', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const tree = (await call<AreaNode[]>(baseURL!, admin, 'GET', '/api/device/area/tree')).data;
    const everything = (await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { limit: '1' } })).data.total;
    await open(page, admin);
    await expect(total(page)).toHaveText(`Total ${everything}`);

    // A branch with areas below it, so descendants count.
    const branch = flatten(tree).find((n) => n.children.length > 0 && n.parentId !== null)!;
    await list(page).getByRole('treeitem', { name: branch.areaName, exact: true }).click();
    await list(page).getByRole('combobox', { name: 'Status filter' }).selectOption('offline');
    const server = (await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { areaId: branch.rowGuid, status: 'offline', limit: '20000' } })).data;
    expect(server.total).toBeGreaterThan(0);
    await expect(total(page)).toHaveText(`Total ${server.total}`);
    expect(await allCodes(page)).toEqual(server.rows.map((d) => d.code));
    const statuses = await grid(page).locator('[role=row][data-status]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.status));
    expect(new Set(statuses)).toEqual(new Set(['offline']));

    // Search narrows further, with the server's own keyword rules.
    await list(page).getByRole('searchbox', { name: 'Search code, name or label' }).fill('FCU');
    const searched = (await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { areaId: branch.rowGuid, status: 'offline', keyword: 'FCU', limit: '20000' } })).data;
    await expect(total(page)).toHaveText(`Total ${searched.total}`);
    expect(await allCodes(page)).toEqual(searched.rows.map((d) => d.code));

    // Sorting by a column flips to descending on the second click, as the server orders it.
    await list(page).getByRole('searchbox').fill('');
    await list(page).locator('[data-sort=name]').click();
    await list(page).locator('[data-sort=name]').click();
    await expect(list(page).getByRole('columnheader', { name: /Device name/ })).toHaveAttribute('aria-sort', 'descending');
    const byName = (await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { areaId: branch.rowGuid, status: 'offline', sort: 'name', order: 'desc', limit: '20000' } })).data;
    expect(await allCodes(page)).toEqual(byName.rows.map((d) => d.code));
  });

  test('a device going offline on the server shows offline within one refresh, keeping scroll and selection', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    // The page's timers on a clock the test can stop and move on by one poll period.
    await page.clock.install();
    await open(page, admin);
    await expect(total(page)).toHaveText(/^Total \d+$/);
    await grid(page).evaluate((el, top) => (el.scrollTop = top), ROW * 120);
    // An online row well inside the view (rows above and below it are rendered but off screen).
    // The virtual rows of the new scroll position render on the next frame: wait for one to appear.
    const findRow = () =>
      grid(page).evaluate((el) => {
        const view = el.getBoundingClientRect();
        const rows = [...el.querySelectorAll<HTMLElement>('[role=row][data-status=online]')];
        return rows.find((r) => r.getBoundingClientRect().top > view.top + 100 && r.getBoundingClientRect().bottom < view.bottom - 40)?.dataset.code ?? '';
      });
    await expect.poll(findRow).not.toBe('');
    const code = await findRow();
    const row = grid(page).locator(`[role=row][data-code="${code}"]`);
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#picked')).toHaveText(`Picked ${code} (online)`);
    const scrolled = await grid(page).evaluate((el) => el.scrollTop);
    expect(scrolled).toBe(ROW * 120);

    // From here the page's clock stands still unless moved: no poll comes by itself.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await testHook(baseURL!, '/__test/device/status', { code, status: 'offline' });
    // One poll period later on the page's clock the row says so (the answer itself comes over the network).
    await page.clock.fastForward(POLL_MS);
    await expect(row).toHaveAttribute('data-status', 'offline');
    await expect(row.locator('[data-part=status]')).toHaveText('Offline');
    await expect(row).toHaveAttribute('aria-selected', 'true');
    expect(await grid(page).evaluate((el) => el.scrollTop)).toBe(scrolled);

    // And back online, still in place.
    await testHook(baseURL!, '/__test/device/status', { code, status: 'online' });
    await page.clock.fastForward(POLL_MS);
    await expect(row).toHaveAttribute('data-status', 'online');
    await expect(row).toHaveAttribute('aria-selected', 'true');
    expect(await grid(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
  });

  test('keyboard: arrows move the active row, Enter selects it and fires atrium-device-select', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await open(page, admin);
    await expect(total(page)).toHaveText(/^Total \d+$/);
    await grid(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const third = grid(page).locator('[role=row][aria-rowindex="4"]');
    await expect(third).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#picked')).toHaveText(`Picked ${await third.getAttribute('data-code')} (${await third.getAttribute('data-status')})`);
    await page.keyboard.press('End');
    // The list scrolls to the end and draws the last row in a later frame: wait for it, do not read once.
    const rowCount = Number(await grid(page).getAttribute('aria-rowcount'));
    await expect
      .poll(() =>
        grid(page).evaluate((el) => {
          const id = el.getAttribute('aria-activedescendant');
          return Number(id ? ((el.getRootNode() as ShadowRoot).getElementById(id)?.getAttribute('aria-rowindex') ?? 0) : 0);
        }),
      )
      .toBe(rowCount);
    // Only what is on screen is in the DOM.
    expect(await grid(page).locator('[role=row][data-code]').count()).toBeLessThan(60);
  });

  test('admin2 sees none of the first tenant\'s devices', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const admin2 = await signIn(baseURL!, 'admin2', 'admin123');
    const ours = new Set((await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { limit: '20000' } })).data.rows.map((d) => d.code));
    const theirs = (await call<DevicePage>(baseURL!, admin2, 'GET', '/api/device/list', { query: { limit: '20000' } })).data;
    await fetch(`${baseURL}/__test/requests`, { method: 'DELETE' });
    await open(page, admin2);
    await expect(total(page)).toHaveText(`Total ${theirs.total}`);
    // Loaded once, although the user's name only becomes known after the element started.
    const log = (await (await fetch(`${baseURL}/__test/requests?path=/api/device/list`)).json()) as { data: { count: number } };
    expect(log.data.count).toBe(1);
    const shown = await allCodes(page);
    expect(shown).toEqual(theirs.rows.map((d) => d.code));
    expect(shown.filter((c) => ours.has(c))).toEqual([]);
    const ourTree = (await call<AreaNode[]>(baseURL!, admin, 'GET', '/api/device/area/tree')).data;
    for (const area of flatten(ourTree)) await expect(list(page).getByRole('treeitem', { name: area.areaName, exact: true })).toHaveCount(0);
    // Even a first-tenant area id from the URL bar of a curious user lists nothing.
    const probe = await call<DevicePage>(baseURL!, admin2, 'GET', '/api/device/list', { query: { areaId: ourTree[0]!.rowGuid } });
    expect(probe.data.total).toBe(0);
  });

  test('a device code with { is refused with a clear message and nothing is stored', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const before = (await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { limit: '1' } })).data.total;
    const refused = await call<Device>(baseURL!, admin, 'POST', '/api/device', { body: { code: 'PUMP{7}', name: 'Pump-7', address: '1-7' } });
    expect(refused).toEqual({ code: -1, msg: 'Device code: Must not contain { } [ ] or ^' });
    const inZh = await call<Device>(baseURL!, admin, 'POST', '/api/device', { body: { code: 'PUMP{7}', name: 'Pump-7' }, lang: 'zh' });
    expect(inZh.msg).toBe('设备编码：不能包含 { } [ ] ^ 字符');
    const batch = await call(baseURL!, admin, 'POST', '/api/device/batch', {
      body: { devices: [{ code: 'OK-1', name: 'Ok-1' }, { code: 'BAD-{2', name: 'Bad-2' }] },
    });
    expect(batch).toEqual({ code: -1, msg: 'Item 2, Device code: Must not contain { } [ ] or ^' });
    expect((await call<DevicePage>(baseURL!, admin, 'GET', '/api/device/list', { query: { limit: '1' } })).data.total).toBe(before);

    await open(page, admin);
    await expect(total(page)).toHaveText(`Total ${before}`);
    await list(page).getByRole('searchbox').fill('{');
    await expect(list(page).getByRole('status')).toHaveText('No devices match the filters');
    await list(page).getByRole('searchbox').fill('OK-1');
    await expect(total(page)).toHaveText('Total 0');
  });
});
