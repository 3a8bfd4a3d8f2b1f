// axe over every page of the console that exists, in each of the three themes, as the tenant admin
// (the operator's monitors have their own journey in monitors.spec.ts): no serious or critical
// violation anywhere. Pages that need a record (job detail, a scada page, the designer) and the
// full-screen wall are checked by their own journeys.
import { expect, test, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { signIn } from './console-helpers.ts';
import { LAYOUT_ROUTES } from '../../console/router/route-table.ts';

const ELSEWHERE = new Set(['cluster-monitor', 'mq-monitor', 'job-detail', 'scada-view', 'app-editor', 'video-wall']);

/** One address per page module, with the query its menu link adds. */
const PAGES = [...new Map(LAYOUT_ROUTES.filter((r) => !ELSEWHERE.has(r.page) && r.path !== 'tenant_mng').map((r) => [r.page, `/${r.path}${r.query ? `?${r.query}` : r.page === 'video' ? '?id=1&muted=true' : ''}`])).values()];

async function settle(page: Page): Promise<void> {
  // A page's first data is in once neither the page nor any part of it says it is busy (no wait for
  // the network to fall quiet: the header's polls keep it busy every few seconds anyway).
  await expect(page.getByTestId('page')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('page').locator('[aria-busy=true]')).toHaveCount(0, { timeout: 10_000 });
}

// One pass per page per theme, in groups of pages small enough for a test's time, which run side by
// side in the workers there are.
test.describe.configure({ mode: 'parallel' });

// At most seven pages a test, the groups as even as they come.
const GROUP = Math.ceil(PAGES.length / Math.ceil(PAGES.length / 7));
test('the page list covers the console', () => expect(PAGES.length).toBeGreaterThan(30));

for (const theme of ['blue', 'dark', 'light'] as const) {
  for (let from = 0; from < PAGES.length; from += GROUP) {
    const group = PAGES.slice(from, from + GROUP);
    test(`console pages ${from + 1}-${from + group.length} pass axe in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((name) => localStorage.setItem('atrium.theme.admin', JSON.stringify({ theme: `${name}-theme` })), theme);
      await signIn(page, 'admin');
      await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', `${theme}-theme`);
      for (const address of group) {
        await page.goto(address);
        await settle(page);
        await expect(page.getByTestId('page').getByRole('heading', { name: /404/ })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, `${address} (${theme})`, { include: '[data-testid=page]' });
      }
    });
  }
}
