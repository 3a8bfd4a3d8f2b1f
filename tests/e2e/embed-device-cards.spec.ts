// A portal embeds the console's real-time monitoring cards: <atrium-device-list view="cards"> on a plain
// page (/embed/device-cards.html, the kit's device-list.js alone) against the real demo platform. The
// cards are the element's own: the server's rows in code order 24 a page, the platform's total, the
// status and keyword filters applied with the search button, a card's live reading, and a chosen card
// heard by the page.
import { expect, test, type Page } from './fixtures.ts';
import { call, signIn } from './video-helpers.ts';

const PAGE = 24;
type Row = { id: number; code: string; status: string; modelName: string };

async function testHook(base: string, path: string, body: unknown): Promise<void> {
  const answer = (await (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(answer.msg);
}

const list = (base: string, token: string, query: Record<string, string>) =>
  call(base, token, 'GET', '/api/device/list', { query: { sort: 'code', order: 'asc', ...query } }).then((a) => a.data as { total: number; rows: Row[] });

const cardCodes = (page: Page) => page.locator('#cards [data-device-card]').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.deviceCard));

test.describe('monitoring cards embedded on a plain page', () => {
  test.beforeAll(async ({ baseURL }) => {
    // Random status flips would change the offline rows between the element's read and the test's own.
    await testHook(baseURL!, '/__test/device/simulator', { sharePerMinute: 0 });
  });
  test.afterAll(async ({ baseURL }) => {
    await testHook(baseURL!, '/__test/device/simulator', { sharePerMinute: 0.02 });
  });

  test('<atrium-device-list view="cards"> shows the cards with their filter, pages and total', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const first = await list(baseURL!, admin, { page: '1', limit: String(PAGE * 2) });
    expect(first.total, 'the seeded tenant fills more than two pages').toBeGreaterThan(PAGE * 2);
    expect(first.total, 'below the 20000 marker (the widget test covers it)').toBeLessThanOrEqual(20000);

    await page.goto('/embed/device-cards.html');
    await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium));
    await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'en', reloadOnLogout: false }), admin);

    const el = page.locator('#cards');
    const cards = el.locator('[data-device-card]');
    const total = el.locator('[data-part=total]');
    const pageText = el.locator('[data-part=page]');
    await expect(total).toHaveText(`Total ${first.total}`, { timeout: 15_000 });
    await expect(cards).toHaveCount(PAGE);
    // The element draws cards, not its table.
    await expect(el.locator('[role=grid]')).toHaveCount(0);
    expect(await cardCodes(page)).toEqual(first.rows.slice(0, PAGE).map((d) => d.code));
    const pages = Math.ceil(first.total / PAGE);
    await expect(pageText).toHaveText(`Page 1 of ${pages}`);
    await expect(el.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await el.getByRole('button', { name: 'Next page' }).click();
    await expect(pageText).toHaveText(`Page 2 of ${pages}`);
    await expect.poll(() => cardCodes(page)).toEqual(first.rows.slice(PAGE, PAGE * 2).map((d) => d.code));

    // The status filter applies with the search button, from page one, with the server's total.
    const offline = await list(baseURL!, admin, { page: '1', limit: String(PAGE), status: 'offline' });
    expect(offline.total).toBeGreaterThan(0);
    await el.getByRole('combobox', { name: 'Status' }).selectOption('offline');
    await expect(total).toHaveText(`Total ${first.total}`);
    await el.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(total).toHaveText(`Total ${offline.total}`);
    await expect(pageText).toHaveText(`Page 1 of ${Math.ceil(offline.total / PAGE)}`);
    expect(await cardCodes(page)).toEqual(offline.rows.map((d) => d.code));
    expect(new Set(await cards.evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.status)))).toEqual(new Set(['offline']));

    // A fan coil by its code: its card, with the reading the platform holds.
    const fcu = (await list(baseURL!, admin, { page: '1', limit: '100', keyword: 'FCU-' })).rows.find((d) => d.modelName === '风机盘管')!;
    await testHook(baseURL!, '/__test/points/set', { deviceId: fcu.id, code: 'temp', value: 21.25 });
    await el.getByRole('combobox', { name: 'Status' }).selectOption('');
    await el.getByRole('searchbox', { name: 'Code or name' }).fill(fcu.code);
    await el.getByRole('button', { name: 'Search', exact: true }).click();
    const matching = await list(baseURL!, admin, { page: '1', limit: '1', keyword: fcu.code });
    await expect(total).toHaveText(`Total ${matching.total}`);
    const card = el.locator(`[data-device-card="${fcu.code}"]`);
    await expect(card.locator('[data-reading=temp]')).toHaveText('21.25 °C');
    await expect(card.locator('[data-part=alarms]')).toBeVisible();

    // selectable: the page hears the chosen card.
    await card.click();
    await expect(page.locator('#picked')).toHaveText(`Picked ${fcu.code} (${fcu.status})`);
  });
});
