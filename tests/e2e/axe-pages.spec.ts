// The whole-page axe pass (WCAG 2.0/2.1 A and AA tags only; issue 40): every console route, shell
// included (header, side menu, visited tabs, footer, the kit's bell and task badge), in each theme and
// each language, with the menus, drawers, dialogs and the tour open once per theme and language too.
// One scan per page per theme per language; 2.5.3 (a visible text inside the accessible name) is judged
// everywhere. The only exclusions are the third-party canvases of THIRD_PARTY_CANVASES (a11y.ts).
//
// Cheap by design (issue 37): one sign-in per test, the theme changed in the theme drawer and the
// language in the language menu (no reload), routes reached by the router's own client-side
// navigation, and a page counted ready when the router is idle, the page's visited tab is the current
// one and no part of it says it is busy (never a wait for the network to fall quiet: the header's
// polls never let it). The pass is split into one test per theme and language, which the workers share.
import { expect, test, type Page } from './fixtures.ts';
import { a11yFindingsInPlace, THIRD_PARTY_CANVASES } from './a11y.ts';
import { en, signIn, zh } from './console-helpers.ts';
import { LAYOUT_ROUTES, titleKey } from '../../console/router/route-table.ts';

type Theme = 'blue' | 'dark' | 'light';
type Lang = 'zh' | 'en';

/** The operator's (vendor's) pages: the tenant admin never sees them. */
const VENDOR_PAGES = new Set(['tenant_mng', 'mqmonitor', 'clustermonitor']);
const address = (r: (typeof LAYOUT_ROUTES)[number]) => `/${r.path}${r.query ? `?${r.query}` : ''}`;
const ADMIN_ROUTES = LAYOUT_ROUTES.filter((r) => !VENDOR_PAGES.has(r.path));
const VENDOR_ROUTES = LAYOUT_ROUTES.filter((r) => VENDOR_PAGES.has(r.path));

const text = (lang: Lang, key: string, params?: Record<string, string | number>) => (lang === 'zh' ? zh(key, params) : en(key, params));

/** Goes to `to` the way a link in the app would (history push and the router's popstate handling). */
async function go(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  await ready(page, to);
}

/**
 * The route at `to` has rendered and its first data is in: its visited tab is the current one, the
 * router is idle (the content area is not busy) and no part of the page says it is busy. Checked on
 * every frame in the page (one round trip, no polling back-off).
 */
async function ready(page: Page, to: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const main = document.querySelector('[data-testid=page]');
      const tab = document.querySelector(`[data-testid=visited-tabs] a[aria-current=page]`);
      return Boolean(main && tab?.getAttribute('href') === target && main.getAttribute('aria-busy') === 'false' && !main.querySelector('[aria-busy=true]'));
    },
    to,
    { polling: 'raf', timeout: 10_000 },
  );
  await expect(page.getByTestId('page').getByRole('heading', { name: /404/ })).toHaveCount(0);
}

interface Pass {
  page: Page;
  findings: string[];
  scans: number;
}

async function scan(pass: Pass, label: string, stylesheets = false): Promise<void> {
  const t0 = Date.now();
  const found = await a11yFindingsInPlace(pass.page, { exclude: THIRD_PARTY_CANVASES, nameMatch: true, stylesheets });
  pass.scans += 1;
  if (process.env.A11Y_TIMING) console.log(`scan ${label}: ${Date.now() - t0} ms, ${found.length}`);
  for (const f of found) pass.findings.push(`${label}: ${f}`);
}

async function chooseTheme(pass: Pass, theme: Theme, lang: Lang, scanIt: boolean): Promise<void> {
  const { page } = pass;
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  if (scanIt) await scan(pass, 'user menu');
  await page.getByRole('menuitem', { name: text(lang, 'shell.header.themeSetting') }).click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByRole('radio', { name: text(lang, `shell.theme.${theme}`) }).check();
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', `${theme}-theme`);
  if (scanIt) await scan(pass, 'theme drawer');
  await drawer.getByRole('button', { name: text(lang, 'shell.theme.save') }).click();
  await expect(drawer).toHaveCount(0);
}

async function chooseLanguage(pass: Pass, lang: Lang, scanIt: boolean): Promise<void> {
  const { page } = pass;
  await page.getByTestId('language-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  if (scanIt) await scan(pass, 'language menu');
  await page.getByRole('menuitem', { name: lang === 'zh' ? '中文' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
}

async function scanOverlays(pass: Pass, lang: Lang): Promise<void> {
  const { page } = pass;
  // The tour, step by step: each step's card (the first one a dialog).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text(lang, 'shell.header.guide') }).click();
  const tour = page.getByTestId('guide-tour');
  await expect(tour).toContainText(text(lang, 'shell.tour.welcome.title'));
  await scan(pass, 'tour (welcome)');
  await tour.getByRole('button', { name: text(lang, 'shell.tour.next') }).click();
  await expect(tour).toContainText(text(lang, 'shell.tour.menu.title'));
  await scan(pass, 'tour (a step beside the menu)');
  await tour.getByRole('button', { name: text(lang, 'shell.tour.skip') }).click();
  await expect(tour).toBeHidden();
  // A management page's create form (a modal dialog).
  await go(page, '/userMng');
  await page.getByTestId('page').locator('[data-action=create]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(pass, 'userMng create dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// Each theme and language is three tests (the overlays and the first routes, then two more runs of
// routes), which the workers share: a test stays well inside the test time limit on a loaded machine.
test.describe.configure({ mode: 'parallel' });
const CUTS = [0, 10, 25, ADMIN_ROUTES.length];

for (const theme of ['blue', 'dark', 'light'] as const) {
  for (const lang of ['zh', 'en'] as const) {
    for (const part of [0, 1, 2] as const) {
      const routes = ADMIN_ROUTES.slice(CUTS[part], CUTS[part + 1]);
      const pages = `console pages ${CUTS[part]! + 1}-${CUTS[part + 1]}`;
      const what = part === 0 ? `the shell's menus, theme drawer, tour, a form dialog and ${pages}` : pages;
      test(`${what} pass axe in the ${theme} theme in ${lang}`, async ({ page }) => {
        const pass: Pass = { page, findings: [], scans: 0 };
        await signIn(page, 'admin');
        // Both menus and the drawer are opened (and scanned) in the first part, also for the starting choices.
        if (part === 0 || lang !== 'zh') await chooseLanguage(pass, lang, part === 0);
        if (part === 0 || theme !== 'blue') await chooseTheme(pass, theme, lang, part === 0);
        if (part === 0) await scanOverlays(pass, lang);
        for (const [i, route] of routes.entries()) {
          await go(page, address(route));
          // The last scan of a pass also reads the stylesheets (css-orientation-lock), all chunks' CSS in by then.
          await scan(pass, `${address(route)} (${text(lang, titleKey(route.name))})`, i === routes.length - 1);
        }
        test.info().annotations.push({ type: 'scans', description: String(pass.scans) });
        expect(pass.findings, `axe, ${theme} theme, ${lang}`).toEqual([]);
      });
    }
  }
}

test('the vendor’s pages (tenants, cluster and queue monitors) pass axe in each theme and language', async ({ page }) => {
  const pass: Pass = { page, findings: [], scans: 0 };
  await signIn(page, 'vendor');
  for (const lang of ['zh', 'en'] as const) {
    await chooseLanguage(pass, lang, false);
    for (const theme of ['blue', 'dark', 'light'] as const) {
      await chooseTheme(pass, theme, lang, false);
      for (const route of VENDOR_ROUTES) {
        await go(page, address(route));
        await scan(pass, `${address(route)} (${theme}, ${lang})`);
      }
    }
  }
  expect(pass.findings, 'axe on the vendor’s pages').toEqual([]);
});
