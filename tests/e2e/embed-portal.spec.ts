// The third-party portal page (/embed/portal.html): hostile global CSS, one classic script, a bell
// and a live camera. The widgets keep the kit's look, the portal's own content is untouched by the
// kit, a portal without a token gets sign-in prompts, and an ended session shows the SPEC §8 dialog
// without reloading the portal.
import { test, expect } from './fixtures.ts';
import { signIn, videos } from './embed-helpers.ts';

test.describe('embed: third-party portal', () => {
  test("the portal's own content looks the same before and after the kit loads", async ({ page, baseURL, oracle }) => {
    // The first look is of the portal without the kit (its requests aborted on purpose): the portal's
    // own inline script then finds no Atrium to configure.
    oracle.allow(/console\.error: Failed to load resource: net::ERR_FAILED @ http:\/\/localhost:\d+\/widgets\/atrium\.js$/);
    oracle.allow(/pageerror: ReferenceError: Atrium is not defined\s+at http:\/\/localhost:\d+\/embed\/portal\.html/);
    const token = await signIn(baseURL!);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/widgets/**', (route) => route.abort());
    await page.goto('/embed/portal.html');
    const sheetsBefore = await page.evaluate(() => document.styleSheets.length);
    const before = await page.locator('#host-content').screenshot({ animations: 'disabled' });
    await page.unroute('**/widgets/**');

    await page.goto(`/embed/portal.html?token=${encodeURIComponent(token)}`);
    await expect(page.locator('#portal-bell [data-part=icon]')).toBeVisible();
    await expect.poll(async () => (await videos(page.locator('#portal-camera')))[0]?.width ?? 0, { timeout: 20000 }).toBeGreaterThan(0);
    const after = await page.locator('#host-content').screenshot({ animations: 'disabled' });
    expect(after.equals(before), 'host content pixels changed after the kit loaded').toBe(true);
    expect(await page.evaluate(() => document.styleSheets.length), 'the kit added styles to the host document').toBe(sheetsBefore);
  });

  test('widgets keep the kit look under hostile global CSS', async ({ page, baseURL }) => {
    const token = await signIn(baseURL!);
    await page.goto(`/embed/portal.html?token=${encodeURIComponent(token)}`);
    // The bell is a link (it opens the alarm page) or a button: both must survive `button { display: none }` and `* { … }`.
    const button = page.locator('#portal-bell').locator('a, button').first();
    await expect(button).toBeVisible();
    const look = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { display: s.display, fontSize: s.fontSize, color: s.color };
    });
    expect(look.display).not.toBe('none');
    expect(look.fontSize).not.toBe('40px');
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    // The host's own button stays hidden by the host's CSS: the kit does not fight the page.
    await expect(page.locator('#host-content button')).toBeHidden();
    const cameraText = await page.locator('#portal-camera').evaluate((el) => {
      const any = el.shadowRoot!.querySelector('[data-atrium-widget] *') as HTMLElement;
      return getComputedStyle(any).fontSize;
    });
    expect(cameraText).not.toBe('40px');
  });

  test('without a token each widget offers sign-in, and signing in there starts them all', async ({ page }) => {
    await page.goto('/embed/portal.html');
    const prompts = page.locator('[data-atrium-sign-in]');
    await expect(prompts).toHaveCount(2);
    const bellPrompt = page.locator('#portal-bell [data-atrium-sign-in]');
    await bellPrompt.locator('button').click();
    await bellPrompt.locator('input[name=username]').fill('admin');
    await bellPrompt.locator('input[name=password]').fill('admin123');
    await bellPrompt.locator('input[name=verifyCode]').fill('4242');
    await bellPrompt.locator('button[type=submit]').click();
    await expect(prompts).toHaveCount(0);
    await expect.poll(async () => (await videos(page.locator('#portal-camera')))[0]?.width ?? 0, { timeout: 20000 }).toBeGreaterThan(0);
  });

  test('an ended session shows the SPEC §8 dialog and the sign-in prompt, without reloading the portal', async ({ page, baseURL }) => {
    const token = await signIn(baseURL!);
    await page.goto(`/embed/portal.html?token=${encodeURIComponent(token)}`);
    await expect(page.locator('#portal-bell [data-part=icon]')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
    // The platform answers the next alarm poll with "logged in elsewhere" (40102).
    await fetch(`${baseURL}/__test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/api/alarm/total/tenant', count: 5, code: 40102 }) });
    const dialog = page.locator('atrium-notices [data-testid=atrium-dialog]');
    await expect(dialog).toBeVisible({ timeout: 15000 });
    await dialog.locator('button').click();
    await expect(page.locator('#portal-bell [data-atrium-sign-in]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  });
});
