// The whole-page axe pass (WCAG 2.0/2.1 A and AA tags only; issue 40): every console route, shell
// included (header, side menu, visited tabs, footer, the kit's bell and task badge), every stand-alone
// window route the console opens without the shell (/video, /video_wall, /alarm_search, …) and the
// record pages (/job_detail, /scada_view, /appEditor on a record made for them), in each theme and
// each language, with the menus, drawers, dialogs and the tour open in each theme and language too.
// One scan per page per theme per language: on every rule in the first theme, on the rules a theme can
// change (a11y.ts COLOUR_RULES: contrast, links told by colour) in the other two, since the themes
// change colours only; 2.5.3 (a visible text inside the accessible name) is judged in every full scan.
// The only exclusions are the third-party canvases of THIRD_PARTY_CANVASES (a11y.ts).
//
// Cheap by design (issue 37): one sign-in per test and one page per role in it, opened on the test's
// first page in its language (the console's own cookies); the vendor's language changed in the
// language menu (no reload); routes reached by the router's own client-side navigation; a page
// counted ready on a concrete element of it (its visited tab current and nothing in it busy, or a
// stand-alone page's own content), never on the network falling quiet (the header's polls never let
// it). Each page is scanned in its three themes where it stands: the console switches themes in place
// (console/state/theme-sync.ts applyDocumentTheme: the theme's name on <html> and its two colours as
// variables, every style follows from those), so the pass does the same between scans, and the theme
// drawer's real switch is what the overlay tests go through, in each theme. The pass is split into
// tests per language and run of routes, which the workers share.
import { expect, test, type Page } from './fixtures.ts';
import { a11yFindingsInPlace, THIRD_PARTY_CANVASES } from './a11y.ts';
import { ACCOUNTS, CAPTCHA, en, skipTour, zh } from './console-helpers.ts';
import { TOKEN_COOKIE } from '../../shared/session/store.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';
import { LAYOUT_ROUTES, PLAIN_ROUTES, STANDALONE_ROUTES, titleKey, type RouteDef } from '../../console/router/route-table.ts';
import { THEME_DEFAULTS } from '../../shared/session/settings.ts';
import { varName } from '../../shared/theme/contract.ts';
import { STANDALONE_READY, standaloneReady } from './standalone-routes.ts';

type Theme = 'blue' | 'dark' | 'light';
type Lang = 'zh' | 'en';
const THEMES = ['blue', 'dark', 'light'] as const;

/** The operator's (vendor's) pages: the tenant admin never sees them. */
const VENDOR_PAGES = new Set(['tenant_mng', 'mqmonitor', 'clustermonitor']);
const address = (r: RouteDef) => `/${r.path}${r.query ? `?${r.query}` : ''}`;
const ADMIN_ROUTES = LAYOUT_ROUTES.filter((r) => !VENDOR_PAGES.has(r.path));
const VENDOR_ROUTES = LAYOUT_ROUTES.filter((r) => VENDOR_PAGES.has(r.path));

const text = (lang: Lang, key: string, params?: Record<string, string | number>) => (lang === 'zh' ? zh(key, params) : en(key, params));

/** The records the record pages show, made once per test that scans them. */
interface Records {
  jobId: number;
  scadaId: number;
}

/** A page the pass visits: where it is and the concrete element that says it has rendered its data. */
interface Stop {
  to: string;
  label: (lang: Lang) => string;
  ready: (page: Page, to: string) => Promise<void>;
  /** A route inside the console's shell (its content in `[data-testid=page]`), not a window route. */
  shell?: boolean;
}

/** Goes to `to` the way a link in the app would (history push and the router's popstate handling). */
async function go(page: Page, stop: Stop, to = stop.to): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  await stop.ready(page, to);
}

/**
 * A shell route at `to` has rendered and its first data is in: its visited tab is the current one, the
 * router is idle (the content area is not busy) and no part of the page says it is busy. Checked on
 * every frame in the page (one round trip, no polling back-off).
 */
async function layoutReady(page: Page, to: string): Promise<void> {
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

/**
 * Signs in by the platform's call and opens the first page of the test directly, in `lang`: the session
 * and the language are handed to the browser the way the console keeps them (its token cookie and its
 * 'language' cookie, shared/session/settings.ts), so no test loads the dashboard it lands on or switches
 * the language in the menu before its first page (a navigation right after that switch was lost).
 */
async function openSignedIn(page: Page, user: 'admin' | 'vendor', lang: Lang, first: Stop): Promise<void> {
  await skipTour(page, user);
  const answer = await page.request.post('/jwt/token', { data: { username: user, password: ACCOUNTS[user], model: 'password', verifyCode: CAPTCHA } });
  const { token } = (await answer.json()) as { token?: string };
  expect(token, `sign-in of ${user}`).toBeTruthy();
  const url = new URL('/', answer.url()).href;
  await page.context().addCookies([
    { name: TOKEN_COOKIE, value: token!, url },
    { name: 'language', value: lang, url },
  ]);
  await page.goto(first.to);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
  await first.ready(page, first.to);
}

/** The content area of a shell route: everything but the shell around it. */
const CONTENT = '[data-testid=page]';
const layoutStop = (r: RouteDef): Stop => ({ to: address(r), label: (lang) => `${address(r)} (${text(lang, titleKey(r.name))})`, ready: layoutReady, shell: true });
/** Where the overlay tests start and open a form dialog. */
const USERS = layoutStop(ADMIN_ROUTES.find((r) => r.path === 'userMng')!);

function standaloneStop(r: RouteDef): Stop {
  const ready = STANDALONE_READY[r.path];
  if (!ready) throw new Error(`no ready element for the stand-alone route /${r.path}: add it to STANDALONE_READY`);
  const to = `/${r.path}${ready.query ? `?${ready.query}` : ''}`;
  return { to, label: (lang) => `${to} (${text(lang, titleKey(r.name))}, no shell)`, ready: standaloneReady(ready.selector, ready.timeout) };
}

/** The record pages, on the records made for them (a job run once, a published scada page). */
function recordStops(records: () => Records): Stop[] {
  const plain = (path: string) => PLAIN_ROUTES.find((r) => r.path === path)!;
  const stop = (r: RouteDef, query: () => string, selector: string): Stop => {
    const ready = standaloneReady(selector, 15_000);
    return {
      get to() {
        return `/${r.path}?${query()}`;
      },
      label: (lang) => `/${r.path} (${text(lang, titleKey(r.name))})`,
      ready,
    };
  };
  return [
    // The run's log is in (its result and the log lines are the page's content).
    stop(plain('job_detail'), () => `id=${records().jobId}`, '[data-page=job-detail] [data-part=log] li'),
    // The published page live: the point shows a value, the camera its player.
    stop(plain('scada_view'), () => `id=${records().scadaId}`, '[data-page=scada-view] [data-kind=camera] atrium-video-player [role=group]'),
    // The editor on the same page's draft: every element on the stage, the palette and the properties.
    stop(plain('appEditor'), () => `id=${records().scadaId}`, '[data-page=app-editor] [data-part=stage] [data-element]'),
  ];
}

/** A job that ran once (its run, log and file on /job_detail) and a published scada page of each kind of element. */
async function makeRecords(base: string): Promise<Records> {
  const token = await apiSignIn(base, 'admin', 'admin123');
  const tag = `${Date.now() % 100_000}-${Math.floor(Math.random() * 1000)}`;
  const job = (await call(base, token, 'POST', '/api/job', { body: { name: `Axe ${tag}`, cron: '0 6 * * *', timezone: 'Asia/Shanghai', target: 'exportAlarms' } })) as { code: number; data: { id: number } };
  expect(job.code, JSON.stringify(job)).toBe(0);
  expect((await call(base, token, 'POST', `/api/job/${job.data.id}/run`)).code).toBe(0);
  const devices = (await call(base, token, 'GET', '/api/device/list', { query: { keyword: 'FCU-', limit: '1' } })).data.rows as Array<{ id: number }>;
  const deviceId = devices[0]!.id;
  const made = (await call(base, token, 'POST', '/api/scada/page', { body: { name: `Axe page ${tag}`, description: '' } })) as { code: number; data: { id: number } };
  expect(made.code, JSON.stringify(made)).toBe(0);
  const at = (id: string, kind: string, x: number, y: number, w: number, h: number, extra: object = {}) => ({ id, kind, x, y, w, h, rotate: 0, ...extra });
  const doc = {
    width: 1200,
    height: 600,
    background: '',
    elements: [
      at('t1', 'text', 20, 10, 300, 32, { text: 'Floor 1 · 一层' }),
      at('p1', 'point', 20, 60, 180, 60, { deviceId, code: 'temp' }),
      at('s1', 'state', 20, 140, 180, 32, { deviceId }),
      at('w1', 'switch', 20, 190, 180, 40, { deviceId, code: 'power' }),
      at('c1', 'camera', 240, 60, 360, 220, { cameraId: 1 }),
      at('b1', 'bell', 640, 60, 60, 60),
      at('a1', 'alarms', 640, 140, 400, 200),
      at('r1', 'shape', 20, 300, 180, 80, { shape: 'rect', fill: '#335577' }),
      at('l1', 'link', 240, 300, 200, 32, { text: 'Again · 再看', pageId: made.data.id }),
    ],
  };
  const draft = await call(base, token, 'PUT', `/api/scada/page/${made.data.id}/draft`, { body: { revision: 1, doc } });
  expect(draft.code, JSON.stringify(draft)).toBe(0);
  expect((await call(base, token, 'POST', `/api/scada/page/${made.data.id}/publish`, { body: {} })).code).toBe(0);
  return { jobId: job.data.id, scadaId: made.data.id };
}

interface Pass {
  page: Page;
  findings: string[];
  scans: number;
}

async function scan(pass: Pass, label: string, stylesheets = false, coloursOnly = false, include?: string): Promise<void> {
  const t0 = Date.now();
  const found = await a11yFindingsInPlace(pass.page, { exclude: THIRD_PARTY_CANVASES, nameMatch: true, stylesheets, coloursOnly, include });
  pass.scans += 1;
  if (process.env.A11Y_TIMING) console.log(`scan ${label}: ${Date.now() - t0} ms, ${found.length} found, ${await pass.page.evaluate(() => document.querySelectorAll('*').length)} elements`);
  for (const f of found) pass.findings.push(`${label}: ${f}`);
}

const PRIMARY = varName(['color', 'primary']);
const NAV_BG = varName(['color', 'navBg']);

/**
 * The console's own theme switch, done where the page stands (what applyDocumentTheme does when the
 * theme drawer applies a theme's defaults). The console puts its stored theme back on a change of its
 * settings (a navigation, a new alarm count), so `held` tells afterwards whether it stayed put.
 */
async function themeInPlace(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(
    ({ setting, primary, navBg }) => {
      const root = document.documentElement;
      root.dataset.atriumTheme = setting.theme;
      root.style.setProperty(primary, setting.activeColor);
      root.style.setProperty(navBg, setting.bgColor);
    },
    { setting: THEME_DEFAULTS[`${theme}-theme`], primary: PRIMARY, navBg: NAV_BG },
  );
}

const held = (page: Page, theme: Theme): Promise<boolean> =>
  page.evaluate(
    ({ setting, primary }) => document.documentElement.dataset.atriumTheme === setting.theme && document.documentElement.style.getPropertyValue(primary) === setting.activeColor,
    { setting: THEME_DEFAULTS[`${theme}-theme`], primary: PRIMARY },
  );

/**
 * Scans the page where it stands once in each theme (again if the console put its own theme back
 * mid-scan): on every rule in the first theme, on the rules a theme can change (COLOUR_RULES) in the
 * others, since the themes change colours only.
 */
async function scanInThemes(pass: Pass, label: string, stylesheets = false, include?: string): Promise<void> {
  for (const [i, theme] of THEMES.entries()) {
    for (let attempt = 1; ; attempt++) {
      await themeInPlace(pass.page, theme);
      const before = pass.findings.length;
      await scan(pass, `${label}${include ? ' (its content)' : ''}, ${theme} theme`, stylesheets && i === 0, i > 0, include);
      if (await held(pass.page, theme)) break;
      pass.findings.length = before;
      pass.scans -= 1;
      if (attempt === 3) throw new Error(`the ${theme} theme did not hold through a scan of ${label} three times`);
    }
  }
}

/**
 * Scans each stop in each theme; the last stop's full scan also reads the stylesheets
 * (css-orientation-lock), all chunks' CSS in by then. On a run of shell routes the whole page is
 * scanned at the first and the last stop, and only the page's content (the content area) at the stops
 * between: the shell around it is the same there but for its visited tabs and current menu item, which
 * the last stop shows at their fullest. (The shell was two thirds of each scan's elements.)
 */
async function scanStops(pass: Pass, stops: readonly Stop[], lang: Lang, firstIsOpen = false): Promise<void> {
  for (const [i, stop] of stops.entries()) {
    if (i > 0 || !firstIsOpen) await go(pass.page, stop);
    const between = i > 0 && i < stops.length - 1;
    await scanInThemes(pass, stop.label(lang), i === stops.length - 1, between && stop.shell ? CONTENT : undefined);
  }
}

async function chooseTheme(pass: Pass, theme: Theme, lang: Lang, scanIt: boolean): Promise<void> {
  const { page } = pass;
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: text(lang, 'shell.header.themeSetting') }).click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByRole('radio', { name: text(lang, `shell.theme.${theme}`) }).check();
  await expect(page.locator('html')).toHaveAttribute('data-atrium-theme', `${theme}-theme`);
  if (scanIt) await scan(pass, `theme drawer, ${theme} theme`);
  await drawer.getByRole('button', { name: text(lang, 'shell.theme.save') }).click();
  await expect(drawer).toHaveCount(0);
}

async function chooseLanguage(pass: Pass, lang: Lang, scanIt: boolean, label = ''): Promise<void> {
  const { page } = pass;
  await page.getByTestId('language-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  if (scanIt) await scan(pass, `language menu${label}`);
  await page.getByRole('menuitem', { name: lang === 'zh' ? '中文' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
  // The switch is over when it says so (its last step, after the user's info came again in this
  // language and the view was redrawn): a navigation started before then was lost.
  await expect(page.getByText(text(lang, 'lang.switched')).first()).toBeVisible();
}

async function scanOverlays(pass: Pass, theme: Theme, lang: Lang): Promise<void> {
  const { page } = pass;
  // The user menu, then the tour from it, step by step: each step's card (the first one a dialog).
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await scan(pass, `user menu, ${theme} theme`);
  await page.getByRole('menuitem', { name: text(lang, 'shell.header.guide') }).click();
  const tour = page.getByTestId('guide-tour');
  await expect(tour).toContainText(text(lang, 'shell.tour.welcome.title'));
  await scan(pass, `tour (welcome), ${theme} theme`);
  await tour.getByRole('button', { name: text(lang, 'shell.tour.next') }).click();
  await expect(tour).toContainText(text(lang, 'shell.tour.menu.title'));
  await scan(pass, `tour (a step beside the menu), ${theme} theme`);
  await tour.getByRole('button', { name: text(lang, 'shell.tour.skip') }).click();
  await expect(tour).toBeHidden();
  // A management page's create form (a modal dialog).
  await go(page, USERS);
  await page.getByTestId('page').locator('[data-action=create]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(pass, `userMng create dialog, ${theme} theme`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// Each language is a run of tests (the overlays in each theme; the shell's routes in five runs; the
// stand-alone windows in two; the record pages), which the workers share: a test stays well inside the test time limit
// on a loaded machine.
test.describe.configure({ mode: 'parallel' });
const CUTS = [0, 8, 16, 24, 32, ADMIN_ROUTES.length];

for (const lang of ['zh', 'en'] as const) {
  // The overlays through the product's own theme switch: the theme chosen in the drawer (scanned
  // open), then both menus, the tour and a form dialog scanned in it. One test per theme.
  for (const theme of THEMES) {
    test(`the shell's menus, theme drawer, tour and a form dialog pass axe in the ${theme} theme in ${lang}`, async ({ page }) => {
      const pass: Pass = { page, findings: [], scans: 0 };
      await openSignedIn(page, 'admin', lang, USERS);
      await chooseTheme(pass, theme, lang, true);
      await chooseLanguage(pass, lang, true, `, ${theme} theme`);
      await scanOverlays(pass, theme, lang);
      test.info().annotations.push({ type: 'scans', description: String(pass.scans) });
      expect(pass.findings, `axe, shell overlays, ${theme} theme, ${lang}`).toEqual([]);
    });
  }

  for (let part = 0; part < CUTS.length - 1; part++) {
    const routes = ADMIN_ROUTES.slice(CUTS[part], CUTS[part + 1]);
    test(`console pages ${CUTS[part]! + 1}-${CUTS[part + 1]} pass axe in each theme in ${lang}`, async ({ page }) => {
      const pass: Pass = { page, findings: [], scans: 0 };
      const stops = routes.map(layoutStop);
      await openSignedIn(page, 'admin', lang, stops[0]!);
      await scanStops(pass, stops, lang, true);
      test.info().annotations.push({ type: 'scans', description: String(pass.scans) });
      expect(pass.findings, `axe, console pages, ${lang}`).toEqual([]);
    });
  }

  // The stand-alone windows, reached from the shell by the router like any link; the language and the
  // theme are the page's (the shell chose them before).
  const halves = [STANDALONE_ROUTES.slice(0, 6), STANDALONE_ROUTES.slice(6)];
  for (const [i, half] of halves.entries()) {
    test(`stand-alone windows ${half.map((r) => `/${r.path}`).join(', ')} pass axe in each theme in ${lang}`, async ({ page }) => {
      const pass: Pass = { page, findings: [], scans: 0 };
      const stops = half.map(standaloneStop);
      await openSignedIn(page, 'admin', lang, stops[0]!);
      await scanStops(pass, stops, lang, true);
      test.info().annotations.push({ type: 'scans', description: String(pass.scans) });
      expect(pass.findings, `axe, stand-alone windows ${i + 1}, ${lang}`).toEqual([]);
    });
  }

  test(`the record pages /job_detail, /scada_view and /appEditor pass axe in each theme in ${lang}`, async ({ page, baseURL }) => {
    const pass: Pass = { page, findings: [], scans: 0 };
    const records = await makeRecords(baseURL!);
    const stops = recordStops(() => records);
    await openSignedIn(page, 'admin', lang, stops[0]!);
    await scanStops(pass, stops, lang, true);
    test.info().annotations.push({ type: 'scans', description: String(pass.scans) });
    expect(pass.findings, `axe, record pages, ${lang}`).toEqual([]);
  });
}

test('the vendor’s pages (tenants, cluster and queue monitors) pass axe in each theme and language', async ({ page }) => {
  const pass: Pass = { page, findings: [], scans: 0 };
  const stops = VENDOR_ROUTES.map(layoutStop);
  await openSignedIn(page, 'vendor', 'zh', stops[0]!);
  await scanStops(pass, stops, 'zh', true);
  await chooseLanguage(pass, 'en', false);
  await scanStops(pass, stops, 'en');
  expect(pass.findings, 'axe on the vendor’s pages').toEqual([]);
});
