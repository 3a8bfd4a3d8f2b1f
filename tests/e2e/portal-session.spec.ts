// Issue 41: a portal on a second origin (http://127.0.0.1:<port>, served here by the test) whose backend
// obtains a user's token server to server (POST /jwt/portal/token, no captcha) shows the bell and a
// camera; with a token that lives 4 s the kit refreshes before it ends; a server-side sign-out ends the
// session: atrium-session-expired on the portal's document, the widgets in their sign-in state and no
// request to the platform afterwards; a fresh token from the backend brings them back, silently when the
// portal cancels the event. A sign-out in one tab reaches the portal's other tab.
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { api, jwt } from '../../demo/server/testing.ts';
import { signIn, videos } from './embed-helpers.ts';
import { expect, test } from './fixtures.ts';

const TTL = 4;
// The portal's own origin: a server of this test on a port of its own (the platform must list it in
// ATRIUM_ALLOWED_ORIGINS when it starts, so the port is chosen here, per worker process, below the
// range the system hands out for ephemeral ports).
const PORTAL_PORT = 20_000 + (process.pid % 12_000);
const PORTAL = `http://127.0.0.1:${PORTAL_PORT}`;
test.use({ platformEnv: { ATRIUM_TOKEN_TTL: String(TTL), ATRIUM_ALLOWED_ORIGINS: PORTAL } });

const PORTAL_HTML = (platform: string, media: string, bellOnly: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal</title>
<style>atrium-video-player { display: block; width: 320px; height: 180px; }</style></head>
<body>
<atrium-alarm-bell id="bell"></atrium-alarm-bell>
${bellOnly ? '' : '<atrium-video-player id="camera" camera-id="1" muted></atrium-video-player>'}
<script>
  window.portalEvents = [];
  window.handOver = false;
  // The portal's own backend call: it exchanges its client credentials for the user's token.
  const fresh = () => fetch('/portal/token').then((r) => r.json());
  document.addEventListener('atrium-session-expired', (e) => {
    portalEvents.push('expired:' + e.detail.reason);
    if (!handOver) return;
    e.preventDefault();
    fresh().then((t) => Atrium.setToken(t.access_token, t.expires_in));
  });
  document.addEventListener('atrium-signed-out', (e) => portalEvents.push('signed-out:' + e.detail.reason));
  const script = document.createElement('script');
  script.src = ${JSON.stringify(platform)} + '/widgets/atrium.js';
  script.onload = () => fresh().then((t) => Atrium.configure({ apiBase: ${JSON.stringify(platform)}, mediaBase: ${JSON.stringify(media)}, token: t.access_token, expiresIn: t.expires_in }));
  document.body.appendChild(script);
</script></body></html>`;

/** The portal on its own origin: its page, and its backend's token route (server to server). */
async function startPortal(base: string, mediaPort: number, client: { clientId: string; clientSecret: string }): Promise<Server> {
  const media = `http://localhost:${mediaPort}`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', PORTAL);
    if (url.pathname === '/portal/token') {
      void fetch(`${base}/jwt/portal/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'operator' }),
      })
        .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.writeHead(502).end());
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(PORTAL_HTML(base, media, url.searchParams.has('bell-only')));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(PORTAL_PORT, '127.0.0.1', resolve));
  return server;
}

/**
 * Stops the page's clock where it stands (pauseAt takes a time not yet reached; the page's own clock may
 * pass the one read before the call arrives, then it is read again).
 */
async function pauseNow(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('past')) throw error;
    }
  }
}

const bellCount = (page: Page) => page.locator('#bell').evaluate((el) => el.shadowRoot?.querySelector('[data-part=count]')?.textContent ?? '');
const signInShown = (page: Page, id: string) => page.locator(id).evaluate((el) => Boolean(el.shadowRoot?.querySelector('[data-atrium-sign-in]')));
const events = (page: Page) => page.evaluate(() => (window as unknown as { portalEvents: string[] }).portalEvents);
/** The token the kit holds now (it refreshes it by itself), read from the kit's registry. */
const kitToken = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as Record<symbol, { singletons: Map<string, { token: string | null }> }>)[Symbol.for('atrium')]!.singletons.get('session')!.token));

/**
 * A server-side sign-out of the kit's session: the platform revokes the token the kit holds. The kit
 * refreshes its 1 s token by itself, so a refresh may replace the token while it is being revoked;
 * until the page has heard of an end, a token the kit has adopted since is revoked too. (The token is
 * read before the events: a token the portal hands over after the end is never revoked here.)
 */
async function revokeKitSession(page: Page, base: string): Promise<string[]> {
  const revoked = new Set<string>();
  let heard: string[] = [];
  await expect
    .poll(
      async () => {
        const token = await kitToken(page);
        heard = await events(page);
        if (heard.length === 0 && token && !revoked.has(token)) {
          expect((await jwt(base, 'POST', '/jwt/invalid', { token })).status).toBe(200);
          revoked.add(token);
        }
        return heard.length > 0;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return heard;
}

async function registerClient(base: string) {
  const admin = await signIn(base);
  const created = await api(base, 'POST', '/api/admin/portal-client', { token: admin, body: { name: `portal ${Date.now()}`, users: 'operator', scope: '' } });
  expect(created.body.code).toBe(0);
  return created.body.data as { clientId: string; clientSecret: string };
}

test('a portal backend signs in server to server; the session outlives its token, ends cleanly and comes back', async ({ page, baseURL, platform }) => {
  const client = await registerClient(baseURL!);
  const platformOrigins = [new URL(baseURL!).origin, `http://localhost:${platform.mediaPort}`, `ws://localhost:${platform.mediaPort}`];
  const calls: Array<{ at: number; url: string }> = [];
  page.on('request', (r) => {
    const url = r.url();
    if (platformOrigins.some((o) => url.startsWith(o)) && !new URL(url).pathname.startsWith('/widgets/')) calls.push({ at: Date.now(), url });
  });
  page.on('websocket', (ws) => calls.push({ at: Date.now(), url: ws.url() }));

  const portal = await startPortal(baseURL!, platform.mediaPort, client);
  // The page's clock is driven: it runs as the real one until the session ends, then it is stopped and
  // driven past every period the widgets keep (below), without waiting them.
  await page.clock.install();
  try {
  await page.goto(`${PORTAL}/portal/`);
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toMatch(/^\d+$/);
  await expect.poll(async () => (await videos(page.locator('#camera')))[0]?.width ?? 0, { timeout: 15_000 }).toBe(320);
  // The bell links to the platform's console, not to a path on the portal.
  expect(await page.locator('#bell').evaluate((el) => el.shadowRoot?.querySelector('a')?.getAttribute('href'))).toBe(`${baseURL}/alarm/search`);
  // Nothing of the kit's on the portal's origin: no cookie, no storage.
  expect(await page.evaluate(() => [document.cookie, Object.keys(localStorage).join(',')])).toEqual(['', '']);

  // The kit refreshes before the token in hand ends (every second for a 4 s token), again and again: once the first
  // token has expired, the session still stands on the refreshed ones.
  const first = await kitToken(page);
  // (The kit adopts a refreshed token once it has read the answer: poll for it.)
  // (A token, not none: a session that ended also drops the first one.)
  await expect.poll(async () => ((await kitToken(page)) ?? first) !== first, { timeout: 10_000 }).toBe(true);
  const second = await kitToken(page);
  await expect.poll(async () => (await jwt(baseURL!, 'GET', '/jwt/user', { token: first! })).body.code, { timeout: 10_000 }).toBe(40101);
  await expect.poll(async () => ((await kitToken(page)) ?? second) !== second, { timeout: 10_000 }).toBe(true);
  expect((await jwt(baseURL!, 'GET', '/jwt/user', { token: (await kitToken(page))! })).body.code).toBe(0);
  expect(await events(page)).toEqual([]);
  expect(await bellCount(page)).toMatch(/^\d+$/);
  expect(await signInShown(page, '#camera')).toBe(false);

  // A server-side sign-out (the token revoked on the platform): the kit hears it at its next call.
  await revokeKitSession(page, baseURL!);
  await expect.poll(() => events(page), { timeout: 10_000 }).toEqual(['expired:expired', 'signed-out:expired']);
  const ended = Date.now();
  await expect.poll(() => signInShown(page, '#bell')).toBe(true);
  await expect.poll(() => signInShown(page, '#camera')).toBe(true);
  // No call to the platform or its media server after the end. The page's time stops, then runs 11
  // minutes on: past the player's heartbeat and stream retry (2 s, backing off to 30 s and 60 s), the
  // bell's poll (5 s), the token refresh (1 s for this token, 600 s at most) and the cross-tab poll lease
  // (12 s), each timer firing as it falls due. (With the widgets' views left mounted after the end, this
  // window saw 380 calls: the player's heartbeats and its WS-FLV retries.)
  await pauseNow(page);
  await page.clock.runFor(11 * 60_000);
  // Any call those timers made was asked of the browser before this one, so it is in `calls` once this is.
  await Promise.all([
    page.waitForRequest((r) => r.url().includes('/widgets/custom-elements.json?after-the-end')),
    page.evaluate((base) => fetch(`${base}/widgets/custom-elements.json?after-the-end`).then((r) => r.status, () => 0), baseURL!),
  ]);
  expect(calls.filter((c) => c.at > ended + 200).map((c) => c.url)).toEqual([]);
  // The page's clock back to the real time (the platform refuses calls signed 11 minutes ahead), running.
  await page.clock.setSystemTime(Date.now());
  await page.clock.resume();

  // The portal hands in a fresh token from its backend: both widgets come back.
  await page.evaluate(() => fetch('/portal/token').then((r) => r.json()).then((t: { access_token: string; expires_in: number }) => (window as unknown as { Atrium: { setToken(t: string, e: number): void } }).Atrium.setToken(t.access_token, t.expires_in)));
  await expect.poll(() => bellCount(page), { timeout: 10_000 }).toMatch(/^\d+$/);
  await expect.poll(async () => (await videos(page.locator('#camera')))[0]?.width ?? 0, { timeout: 10_000 }).toBe(320);

  // Cancelled: the portal takes over silently (no sign-in prompt, no signed-out), and the widgets return.
  await page.evaluate(() => ((window as unknown as { handOver: boolean; portalEvents: string[] }).handOver = true, ((window as unknown as { portalEvents: string[] }).portalEvents = [])));
  await revokeKitSession(page, baseURL!);
  await expect.poll(() => events(page), { timeout: 10_000 }).toEqual(['expired:expired']);
  await expect.poll(() => bellCount(page), { timeout: 10_000 }).toMatch(/^\d+$/);
  expect(await signInShown(page, '#bell')).toBe(false);
  expect(await events(page)).toEqual(['expired:expired']);
  } finally {
    portal.close();
  }
});

test('Atrium.signOut() in one tab of the portal signs out its other tab', async ({ context, baseURL, platform }) => {
  const client = await registerClient(baseURL!);
  const portal = await startPortal(baseURL!, platform.mediaPort, client);
  try {
  const [one, two] = [await context.newPage(), await context.newPage()];
  await one.goto(`${PORTAL}/portal/?bell-only`);
  await two.goto(`${PORTAL}/portal/?bell-only`);
  await expect.poll(() => bellCount(two), { timeout: 15_000 }).toMatch(/^\d+$/);
  await expect.poll(() => bellCount(one), { timeout: 15_000 }).toMatch(/^\d+$/);
  // The other tab's sign-out call carries the token it held then (its short-lived token may have been
  // refreshed since the test could read it, so the token is taken from the call itself).
  const twoSignsOut = two.waitForRequest((r) => r.url().endsWith('/jwt/invalid') && r.method() === 'POST');
  await one.evaluate(() => (window as unknown as { Atrium: { signOut(): Promise<void> } }).Atrium.signOut());
  expect(await events(one)).toEqual(['signed-out:sign-out']);
  await expect.poll(() => events(two), { timeout: 5_000 }).toEqual(['signed-out:other-tab']);
  await expect.poll(() => signInShown(two, '#bell')).toBe(true);
  expect(await kitToken(two)).toBeNull();
  // The other tab's token is revoked on the platform too.
  const tokenTwo = (await twoSignsOut).headers()['access-token'];
  expect(tokenTwo).toBeTruthy();
  expect((await jwt(baseURL!, 'GET', '/jwt/user', { token: tokenTwo! })).body.code).toBe(40101);
  } finally {
    portal.close();
  }
});
