// Every journey uses this `test`. It gives each Playwright worker a demo platform of its own (own
// ports, own data folder; `baseURL` follows it), clears the test-only fault switch after each test,
// and makes the browser console a test oracle: a test fails on any uncaught page error, any
// console.error, any CSP violation and any 4xx/5xx answer for the console's own static files (the
// built app's assets, sw.js, index.html, the kit's /widgets/ files), in every page of the test —
// also pages of contexts the test opens itself with browser.newContext().
//
// Errors a test provokes on purpose (a fault-switch journey's failed calls, a refused sign-in, a
// 401/403 page) are allowed per test, each with a comment saying why:
//   test.use({ allowConsole: [/…/] })            for a file or a describe block
//   oracle.allow(/…/)                             inside one test (the `oracle` fixture)
// An entry is matched against the finding's text, which names its kind and the URL, e.g.
//   "console.error: Failed to load resource: the server responded with a status of 500 () @ http://localhost:1234/api/alarm"
//   "pageerror: TypeError: x is undefined @ http://localhost:1234/alarm/search"
//   "csp: style-src-elem blocked inline @ http://localhost:1234/scada/editor"
//   "static 404: GET http://localhost:1234/system/sw.js"
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page, type Response } from '@playwright/test';
import { startPlatform, type Platform } from './wall-helpers.ts';

/** The env of every worker's platform, as the journeys' single platform had (see README "Tests"). */
export const PLATFORM_ENV: Record<string, string> = {
  // Every journey comes from this one machine: a higher per-address limit than a deployment's default
  // (its refusal is covered by demo/server/rate-limit.test.ts).
  ATRIUM_RATE_LIMIT: '20000',
  // The committed 320x180 loops, which cost no CPU: video is not what most journeys check. The
  // journeys that check the drawn picture (video-player, video-h265, ...) ask for `drawn` with
  // test.use({ platformEnv: { ATRIUM_DEMO_VIDEO: 'drawn' } }), which gives them a worker of their own.
  ATRIUM_DEMO_VIDEO: 'clips',
};

/** Where a static file of the console (or the kit) lives: a 4xx/5xx there is a broken build or path. */
const STATIC_PATH = /^\/(?:index\.html|sw\.js|offline\.(?:html|css|js)|favicon[\w.-]*|assets\/.+|widgets\/.+)$|\/sw\.js$/;
const STATIC_TYPES = new Set(['script', 'stylesheet', 'font', 'manifest']);

// Runs in every page and frame before its own scripts: CSP violations are reported on the console
// (Chromium also logs its own "Refused to …" message; this one names the directive and what was
// blocked, in frames too), and the service worker script a page registers is fetched once, so a
// wrong sw.js path answers 404 on the oracle's watch even where a test blocks service workers.
const PAGE_WATCH = () => {
  addEventListener('securitypolicyviolation', (e) => {
    console.error(`[csp] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || location.href}:${e.lineNumber})`);
  });
  const container = navigator.serviceWorker;
  if (container) {
    const proto = Object.getPrototypeOf(container) as ServiceWorkerContainer;
    Object.defineProperty(container, 'register', {
      configurable: true,
      value: (url: string | URL, options?: RegistrationOptions) => {
        void fetch(new URL(String(url), location.href), { method: 'HEAD', cache: 'no-store' }).catch(() => undefined);
        return proto.register.call(container, url, options);
      },
    });
  }
};

export interface Oracle {
  /** Allows findings matching `pattern` in this test (say why at the call). */
  allow(pattern: RegExp): void;
  /** What was found so far (allowed ones included), for a test about the oracle itself. */
  findings(): string[];
}

interface TestFixtures {
  /**
   * Extra env for a platform of the file's own (its data, seeds or settings must not meet the other
   * journeys'), e.g. test.use({ platformEnv: { ATRIUM_SEED_CAMERAS: '2000' } }). Such a file runs in
   * the workers like any other: its platform starts at its first test in a worker and stops when that
   * worker goes on to a test that asks for another platform or none (or ends).
   */
  platformEnv: Record<string, string>;
  /** The test's demo platform: the worker's own, or the file's (platformEnv). */
  platform: Platform;
  /** Findings this test provokes on purpose; each entry commented where it is set. */
  allowConsole: RegExp[];
  oracle: Oracle;
  clearFaultsAfter: void;
}

interface WorkerFixtures {
  /** This worker's demo platform, shared by its journeys that ask for no platform of their own. */
  workerPlatform: Platform;
  /** The platform of a file's own this worker is running, if any (see platformEnv). */
  filePlatform: { of(env: Record<string, string>): Promise<Platform>; drop(): Promise<void> };
}

/** A platform with the journeys' env, `extra` over it. */
const platformWith = (extra: Record<string, string>) =>
  startPlatform(({ port }) => ({
    ...PLATFORM_ENV,
    // embed-cross-origin.spec.ts opens a portal on this origin (another spelling of the same host).
    ATRIUM_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
    ...extra,
  }));

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerPlatform: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      const platform = await platformWith({});
      await use(platform);
      await platform.stop();
    },
    // A platform's start takes a few seconds here; on a machine shared with other test runs (load 30–40) it took over a minute.
    { scope: 'worker', timeout: 240_000 },
  ],
  // A file's own platform is not a worker option: a worker option would give the file a worker (a
  // Node process, a browser and a platform) of its own, started anew for each such file at the end of
  // the run. Measured on the whole run: 14 workers for 3 running at a time.
  filePlatform: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      let current: { key: string; platform: Platform } | null = null;
      const drop = async () => {
        const was = current;
        current = null;
        await was?.platform.stop();
      };
      await use({
        async of(env) {
          const key = JSON.stringify(env);
          if (current?.key !== key) {
            await drop();
            current = { key, platform: await platformWith(env) };
          }
          return current.platform;
        },
        drop,
      });
      await drop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  platformEnv: [{}, { option: true }],
  platform: [
    async ({ platformEnv, workerPlatform, filePlatform }, use) => {
      if (Object.keys(platformEnv).length === 0) {
        await filePlatform.drop();
        await use(workerPlatform);
      } else await use(await filePlatform.of(platformEnv));
    },
    { timeout: 240_000 },
  ],
  baseURL: async ({ platform }, use) => use(platform.base),

  allowConsole: [[], { option: true }],
  oracle: [
    async ({ context, browser, allowConsole, platform }, use, testInfo) => {
      const found: string[] = [];
      const allowed = [...allowConsole];
      const origins = new Set([platform.base, platform.base.replace('localhost', '127.0.0.1')]);
      const where = (page: Page | null) => (page && !page.isClosed() ? ` @ ${page.url()}` : '');
      const onConsole = (msg: ConsoleMessage) => {
        if (msg.type() !== 'error') return;
        const at = msg.location().url;
        const text = msg.text();
        const kind = text.startsWith('[csp] ') ? `csp: ${text.slice(6)}` : `console.error: ${text}`;
        found.push(`${kind}${at ? ` @ ${at}` : where(msg.page())}`);
      };
      const onResponse = (response: Response) => {
        const url = new URL(response.url());
        if (response.status() < 400 || !origins.has(url.origin)) return;
        if (!STATIC_PATH.test(url.pathname) && !STATIC_TYPES.has(response.request().resourceType())) return;
        found.push(`static ${response.status()}: ${response.request().method()} ${response.url()}`);
      };
      const watched = new Set<BrowserContext>();
      const watch = async (ctx: BrowserContext) => {
        if (watched.has(ctx)) return;
        watched.add(ctx);
        ctx.on('console', onConsole);
        ctx.on('weberror', (e) => found.push(`pageerror: ${e.error().stack ?? e.error().message}${where(e.page())}`));
        ctx.on('response', onResponse);
        await ctx.addInitScript(PAGE_WATCH);
      };
      await watch(context);
      // Contexts the test opens itself (two users side by side) are watched too.
      const newContext = browser.newContext;
      (browser as { newContext: Browser['newContext'] }).newContext = async (...args) => {
        const ctx = await newContext.apply(browser, args);
        await watch(ctx);
        return ctx;
      };
      try {
        await use({ allow: (pattern) => void allowed.push(pattern), findings: () => [...found] });
      } finally {
        (browser as { newContext: Browser['newContext'] }).newContext = newContext;
      }
      // A failed test already says what went wrong; its console is attached, not a second failure.
      const unexpected = found.filter((f) => !allowed.some((re) => re.test(f)));
      if (found.length) await testInfo.attach('browser console', { body: found.join('\n'), contentType: 'text/plain' });
      if (testInfo.status === 'passed') {
        expect(unexpected, 'the browser console of this journey (allow what the test provokes on purpose with allowConsole)').toEqual([]);
      }
    },
    { auto: true },
  ],
  // A fault a test switched on (the test-only fault switch) is cleared after it, passed or failed.
  clearFaultsAfter: [
    async ({ baseURL }, use) => {
      await use();
      await fetch(`${baseURL}/__test/faults`, { method: 'DELETE' });
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page, Platform };
