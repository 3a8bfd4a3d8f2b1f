// A portal on another origin (http://127.0.0.1:<port>, listed in ATRIUM_ALLOWED_ORIGINS) loads the
// kit from the platform at http://localhost:<port> with one classic script: the bell counts and a
// camera plays. The same page on an origin that is not listed (http://localhost:<port>, loading the
// platform as http://127.0.0.1:<port>) can read neither the kit's modules nor the API.
import { expect, test } from './fixtures.ts';
import { signIn, videos } from './embed-helpers.ts';

for (const [host, platformHost, allowed] of [
  ['127.0.0.1', 'localhost', true],
  ['localhost', '127.0.0.1', false],
] as const) {
  test(`a portal on http://${host} ${allowed ? 'embeds the bell and a playing camera' : 'is refused'}`, async ({ page, baseURL, platform: own, oracle }) => {
    // The refused portal's reads fail in the browser on purpose (CORS), and say so on its console.
    if (!allowed) oracle.allow(/console\.error: (Access to .* blocked by CORS policy|Failed to load resource: net::ERR_FAILED|\[atrium\] could not load the widget kit from http:\/\/127\.0\.0\.1:\d+\/widgets\/ TypeError: Failed to fetch)/);
    const token = await signIn(baseURL!);
    const platform = `http://${platformHost}:${own.port}`;
    const query = new URLSearchParams({ platform, media: `http://localhost:${own.mediaPort}`, token });
    await page.goto(`http://${host}:${own.port}/embed/cross-origin.html?${query}`);
    if (allowed) {
      const bell = page.locator('#bell');
      await expect.poll(() => bell.evaluate((el) => el.shadowRoot?.querySelector('[data-part=count]')?.textContent ?? ''), { timeout: 15_000 }).toMatch(/^\d+$/);
      await expect.poll(async () => (await videos(page.locator('#camera')))[0]?.width ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    }
    // What the browser lets this origin read from the platform's API and kit.
    const reads = await page.evaluate(
      (base) => Promise.all([`${base}/jwt/captcha`, `${base}/widgets/atrium-kit.js`].map((u) => fetch(u).then(() => 'read', () => 'refused'))),
      platform,
    );
    expect(reads).toEqual(allowed ? ['read', 'read'] : ['refused', 'refused']);
  });
}
