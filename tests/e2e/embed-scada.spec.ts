// The scada page (/embed/scada.html): four live cameras and the device list on an SVG plant
// diagram, loaded as per-widget ES modules; the session comes from <atrium-session>.
import { test, expect } from './fixtures.ts';
import { kitFetches, signIn, videos } from './embed-helpers.ts';

test('scada: every camera decodes frames, the device list fills, shared code loads once', async ({ page, baseURL }) => {
  const token = await signIn(baseURL!);
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(`/embed/scada.html?token=${encodeURIComponent(token)}`);
  const cams = page.locator('atrium-video-player');
  await expect(cams).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await expect.poll(async () => (await videos(cams.nth(i)))[0]?.width ?? 0, { timeout: 25000 }).toBeGreaterThan(0);
  }
  await expect(page.locator('atrium-device-list [role=row]').nth(1)).toBeVisible({ timeout: 15000 });
  const fetched = await kitFetches(page);
  const chunks = Object.entries(fetched).filter(([path]) => path.includes('/chunks/'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const [path, count] of chunks) expect(count, path).toBe(1);
  expect(chunks.filter(([path]) => path.includes('flv')).length, 'the video engine chunk').toBe(1);
});
