// Issue 38, "nothing spills or hides" and "one language at a time": every console page at 1280x720,
// in zh and in en, signed in once per role; the stand-alone windows (the same pages without the
// shell) too. On each page (and in its create dialog, where it has one):
//   - every row action (a table row's last cell) lies wholly inside the window and inside its table's
//     visible box, so no one scrolls a table sideways to act;
//   - no two fields or buttons of a form or dialog overlap, none sticks out of its form's box, and no
//     button's text spills out of the button;
//   - no text shown is a raw i18n key (`models.close`), and none is in the other language: in en no
//     Chinese characters at all, in zh none of the English UI words of KNOWN_ENGLISH.
// Cheap by design: one sign-in per role and language, routes reached by the router's own client-side
// navigation, a page counted ready when its tab is current and nothing in it says it is busy (never a
// wait for the network to fall quiet). The demo data the pages show is the seed (the file has a
// platform of its own), which comes in both languages; names people type are theirs, in any language.
import { expect, test, type Page } from './fixtures.ts';
import { en, signIn, zh } from './console-helpers.ts';
import { LAYOUT_ROUTES, STANDALONE_ROUTES, titleKey } from '../../console/router/route-table.ts';
import { STANDALONE_READY, standaloneReady } from './standalone-routes.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

type Lang = 'zh' | 'en';

// A platform of its own: only seed data on the pages, whatever ran before in the worker.
test.use({ viewport: { width: 1280, height: 720 }, platformEnv: { ATRIUM_WALK: 'seed-only' } });
// Independent tests, shared out among the workers (each starts the file's platform where it runs).
test.describe.configure({ mode: 'parallel' });

const VENDOR_PAGES = new Set(['tenant_mng', 'mqmonitor', 'clustermonitor']);
const address = (r: (typeof LAYOUT_ROUTES)[number]) => `/${r.path}${r.query ? `?${r.query}` : ''}`;
const ADMIN_ROUTES = LAYOUT_ROUTES.filter((r) => !VENDOR_PAGES.has(r.path));
const VENDOR_ROUTES = LAYOUT_ROUTES.filter((r) => VENDOR_PAGES.has(r.path));

/**
 * English a Chinese page must not show: words of the console's own UI anywhere in a text, and the
 * names the demo seeds in English as whole texts (a person's name, "Olivia Operator", is theirs).
 */
const KNOWN_ENGLISH = ['Close', 'Cancel', 'Save', 'Search', 'Reset', 'Delete', 'Edit', 'Export', 'Import', 'Create', 'Loading', 'Actions', 'Confirm', 'Online', 'Offline', 'Unknown', 'open alarms', 'is done'];
const SEEDED_ENGLISH = ['Office hours', 'Head office', 'Operator', 'Viewer', 'Tenant super admin', 'Ground floor', 'First floor', 'HVAC plant', 'Life safety', 'Attendance fill-in', 'Date, Time, Reason', 'Approval'];

async function go(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  await page.waitForFunction(
    (target) => {
      const main = document.querySelector('[data-testid=page]');
      const tab = document.querySelector(`[data-testid=visited-tabs] a[aria-current=page]`);
      return Boolean(main && tab?.getAttribute('href') === target && main.getAttribute('aria-busy') === 'false' && !main.querySelector('[aria-busy=true]'));
    },
    to,
    { polling: 'raf', timeout: 10_000 },
  );
}

/** Runs in the page: what is clipped, overlapping, spilling, or in the wrong language. */
function inspect({ lang, english, seeded, scope }: { lang: Lang; english: string[]; seeded: string[]; scope: string }): string[] {
  const found: string[] = [];
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
  };
  const name = (el: Element): string => `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const scroller = (el: Element): Element | null => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return p;
    }
    return null;
  };
  const roots = [...document.querySelectorAll(scope)];

  // Row actions: wholly inside the window and the table's visible box.
  for (const root of roots)
    for (const cell of root.querySelectorAll('tbody tr > td:last-child')) {
      for (const action of cell.querySelectorAll('button, a[href], [role=button]')) {
        if (!visible(action)) continue;
        const r = action.getBoundingClientRect();
        const box = scroller(action.closest('table') ?? action)?.getBoundingClientRect();
        const left = Math.max(0, box?.left ?? 0);
        const right = Math.min(innerWidth, box?.right ?? innerWidth);
        if (r.left < left - 1 || r.right > right + 1) found.push(`row action clipped: ${name(action)} spans ${Math.round(r.left)}–${Math.round(r.right)} px, visible ${Math.round(left)}–${Math.round(right)}`);
      }
    }

  // Forms and dialogs: fields and buttons do not overlap or stick out; no button text spills.
  const groups = [...new Set([...roots.flatMap((r) => [...r.querySelectorAll('form')]), ...document.querySelectorAll('[role=dialog], [role=alertdialog]')])];
  for (const group of groups) {
    if (!visible(group)) continue;
    const box = group.getBoundingClientRect();
    const controls = [...group.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea, button')].filter(
      (c) => visible(c) && !c.closest('table') && !c.closest('[data-scope=combobox][data-part=content]'),
    );
    const rects = controls.map((c) => c.getBoundingClientRect());
    for (let i = 0; i < controls.length; i++) {
      const a = rects[i]!;
      if (a.left < box.left - 1 || a.right > box.right + 1) found.push(`sticks out of its form: ${name(controls[i]!)}`);
      const c = controls[i]!;
      if (c.tagName === 'BUTTON' && c.scrollWidth > c.clientWidth + 2) found.push(`text spills out of button: ${name(c)}`);
      for (let j = i + 1; j < controls.length; j++) {
        const b = rects[j]!;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2) found.push(`overlap: ${name(controls[i]!)} and ${name(controls[j]!)}`);
      }
    }
  }

  // Language: visible texts and the names given to controls, inside the widgets' shadow roots too
  // (the wall, the player, the device list element draw their own texts there).
  const texts: Array<{ text: string; where: Element }> = [];
  const langOf = (el: Element): string => {
    for (let e: Element | null = el; e; e = e.parentElement ?? ((e.getRootNode() as ShadowRoot).host || null)) {
      const value = e.getAttribute('lang');
      if (value) return value;
    }
    return '';
  };
  const withShadows = (root: Element | ShadowRoot): Array<Element | ShadowRoot> => [
    root,
    ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? withShadows(el.shadowRoot) : [])),
  ];
  const walked = [...roots, ...document.querySelectorAll('[role=dialog], [data-testid=header], [data-testid=side-menu]')].flatMap(withShadows);
  for (const root of walked) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      const text = (n.textContent ?? '').trim();
      // Text marked as in another language (lang="…") is content in that language, not UI; a text
      // area's text is its value, data a person typed (the directory's group mapping names departments).
      if (!text || !parent || !visible(parent) || parent.closest('script, style, textarea') || !langOf(parent).startsWith(lang)) continue;
      texts.push({ text, where: parent });
    }
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title]'))
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v && langOf(el).startsWith(lang)) texts.push({ text: v, where: el });
      }
  }
  const rawKey = /^[a-z][a-zA-Z]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
  const cjk = /[\u3400-\u9fff\uff01-\uff5e\u3001\u3002]/;
  const englishWords = new RegExp(`\\b(${english.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`);
  // Identifiers a page shows as code (a queue's topic `alarm.raised`, a menu code) are not keys.
  const code = new Set(walked.flatMap((root) => [...root.querySelectorAll('code, kbd, samp')]).map((c) => (c.textContent ?? '').trim()));
  const seen = new Set<string>();
  for (const { text, where } of texts) {
    let problem: string | null = null;
    if (rawKey.test(text) && !code.has(text) && !/\.(pdf|png|jpe?g|svg|xlsx?|csv|mp4|txt|json|com|org|net|cn|local)$/i.test(text)) problem = `raw key "${text}"`;
    else if (lang === 'en' && cjk.test(text)) problem = `Chinese text "${text.slice(0, 40)}"`;
    else if (lang === 'zh' && (englishWords.test(text) || seeded.some((w) => text === w || text.startsWith(`${w} ·`)))) problem = `English text "${text.slice(0, 40)}"`;
    if (problem && !seen.has(problem)) {
      seen.add(problem);
      found.push(`${problem} in ${where.tagName.toLowerCase()}${where.getAttribute('data-testid') ? `[data-testid=${where.getAttribute('data-testid')}]` : ''}`);
    }
  }
  return found;
}

async function walk(page: Page, lang: Lang, routes: readonly (typeof LAYOUT_ROUTES)[number][], found: string[]): Promise<void> {
  const text = lang === 'zh' ? zh : en;
  for (const route of routes) {
    const to = address(route);
    await go(page, to);
    const at = `${to} (${text(titleKey(route.name))})`;
    for (const f of await page.evaluate(inspect, { lang, english: KNOWN_ENGLISH, seeded: SEEDED_ENGLISH, scope: '[data-testid=page]' })) found.push(`${at}: ${f}`);
    // The page's create form, where it has one: opened, inspected, closed.
    const create = page.getByTestId('page').locator('[data-action=create]').first();
    if (await create.isVisible()) {
      await create.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.waitForFunction(() => !document.querySelector('[role=dialog] [aria-busy=true]'), undefined, { polling: 'raf' });
      for (const f of await page.evaluate(inspect, { lang, english: KNOWN_ENGLISH, seeded: SEEDED_ENGLISH, scope: '[role=dialog]' })) found.push(`${at} create form: ${f}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
}

/** Both languages in one signed-in page: the language cookie changed and the page reloaded. */
async function walkBoth(page: Page, baseURL: string, routes: readonly (typeof LAYOUT_ROUTES)[number][], found: string[]): Promise<void> {
  for (const lang of ['zh', 'en'] as const) {
    await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    await walk(page, lang, routes, found);
  }
}

test('every console page at 1280x720 in zh and en: row actions in view, nothing overlapping or spilling, no raw key, no text of the other language', async ({ page, baseURL }) => {
  const found: string[] = [];
  // One sign-in per role: the tenant admin's pages, then the platform operator's in a context of its own.
  await signIn(page, 'admin');
  await walkBoth(page, baseURL!, ADMIN_ROUTES, found);
  const vendorContext = await page.context().browser()!.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
  const vendor = await vendorContext.newPage();
  await signIn(vendor, 'vendor');
  await walkBoth(vendor, baseURL!, VENDOR_ROUTES, found);
  await vendorContext.close();
  expect(found, 'zh and en at 1280x720').toEqual([]);
});

test('every stand-alone window at 1280x720 in zh and en: row actions in view, nothing overlapping or spilling, no raw key, no text of the other language', async ({ page, baseURL }) => {
  const found: string[] = [];
  await signIn(page, 'admin');
  for (const lang of ['zh', 'en'] as const) {
    await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
    for (const route of STANDALONE_ROUTES) {
      const ready = STANDALONE_READY[route.path];
      if (!ready) throw new Error(`no ready element for the stand-alone route /${route.path}: add it to tests/e2e/standalone-routes.ts`);
      // A window of its own, as the console opens it: a full load of its address.
      const to = `/${route.path}${ready.query ? `?${ready.query}` : ''}`;
      await page.goto(to);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      await standaloneReady(ready.selector, ready.timeout)(page, to);
      for (const f of await page.evaluate(inspect, { lang, english: KNOWN_ENGLISH, seeded: SEEDED_ENGLISH, scope: 'body' })) found.push(`${to} (${lang}): ${f}`);
    }
  }
  expect(found, 'the stand-alone windows in zh and en at 1280x720').toEqual([]);
});

test('the scada viewer keeps a small camera’s player and its controls inside the camera’s box', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  const made = (await call(baseURL!, token, 'POST', '/api/scada/page', { body: { name: `Small camera ${Date.now() % 100000}`, description: '' } })).data as { id: number };
  const doc = { width: 1200, height: 600, background: '', elements: [{ id: 'c1', kind: 'camera', x: 40, y: 40, w: 180, h: 100, rotate: 0, cameraId: 1 }] };
  expect((await call(baseURL!, token, 'PUT', `/api/scada/page/${made.id}/draft`, { body: { revision: 1, doc } })).code).toBe(0);
  expect((await call(baseURL!, token, 'POST', `/api/scada/page/${made.id}/publish`, { body: {} })).code).toBe(0);
  await signIn(page, 'admin');
  await page.goto(`/scada_view?id=${made.id}`);
  const box = page.locator('[data-page=scada-view] [data-kind=camera]');
  const player = box.locator('atrium-video-player');
  await expect(player).toHaveAttribute('camera-id', '1');
  const outside = () =>
    player.evaluate((el) => {
      const frame = el.closest('[data-kind=camera]')!.getBoundingClientRect();
      const root = el.shadowRoot?.querySelector('[role=group]');
      if (!root) return ['no player yet'];
      const out = (r: DOMRect) => r.width > 0 && (r.top < frame.top - 1 || r.bottom > frame.bottom + 1 || r.left < frame.left - 1 || r.right > frame.right + 1);
      // A control may sit in a part of the player that scrolls (a narrow player's toolbar), never outside it.
      const scrolls = (el: Element) => {
        for (let p = el.parentElement; p && p !== root; p = p.parentElement) if (/auto|scroll/.test(getComputedStyle(p).overflowY + getComputedStyle(p).overflowX)) return p;
        return null;
      };
      return [root, ...root.querySelectorAll('button, [data-part=title]')]
        .filter((part) => out((scrolls(part) ?? part).getBoundingClientRect()))
        .map((part) => `${part.tagName.toLowerCase()} "${(part.textContent ?? '').trim().slice(0, 20)}"`);
    });
  await expect.poll(outside).toEqual([]);
});
