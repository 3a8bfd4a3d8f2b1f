// Reflow (WCAG 1.4.10) and text resized to 200 % (1.4.4), issue 40. A portal may put the bell, the task
// badge, a camera or the device list in a narrow column: at 320 CSS px nothing may need a horizontal
// scroll of the page, and nothing may be cut off (every visible part inside the column, or inside a
// scroll area of its own that is). The sign-in page gets the same check at 320 px. Text at 200 %: a
// 1280x720 screen zoomed to 200 % lays the console out in 640x360 CSS px; the same checks hold there.
import { expect, test, type Page } from './fixtures.ts';
import { a11yFindingsInPlace, THIRD_PARTY_CANVASES } from './a11y.ts';
import { signIn, zh } from './console-helpers.ts';
import { signIn as apiSignIn } from './video-helpers.ts';

/**
 * What sticks out of [0, width]: visible elements (light DOM and open shadow roots) whose box leaves the
 * column, unless a scroll area of their own (overflow auto/scroll) holds them; and text cut by an
 * overflow: hidden box without an ellipsis. Answers a description per finding.
 */
function outside(page: Page, width: number): Promise<string[]> {
  return page.evaluate((limit) => {
    const found: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-part') ? `[data-part=${el.getAttribute('data-part')}]` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const parentOf = (n: Element): Element | null => n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
    const scrolledBy = (el: Element) => {
      for (let n = parentOf(el); n; n = parentOf(n)) {
        const o = getComputedStyle(n).overflowX;
        if (o === 'auto' || o === 'scroll') return n;
      }
      return null;
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden' || cs.display === 'none' || cs.position === 'fixed') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // Visually hidden texts for screen readers (1 px, clipped) are not content that is cut off.
        if (r.width <= 1 && r.height <= 1) continue;
        if ((r.left < -1 || r.right > limit + 1) && !scrolledBy(el)) found.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
        const hasText = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim() !== '');
        if (hasText && (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && cs.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
          found.push(`${name(el)} cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
        }
      }
    };
    visit(document);
    const scroll = document.scrollingElement!;
    if (scroll.scrollWidth > limit + 1) found.unshift(`the page scrolls sideways: ${scroll.scrollWidth} px in ${limit} px`);
    return found;
  }, width);
}

test('the sign-in page at 320 CSS px: no sideways scroll, nothing cut off, no axe finding', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/login');
  await expect(page.getByTestId('password-form')).toBeVisible();
  expect(await outside(page, 320), 'sign-in page at 320 px').toEqual([]);
  expect(await a11yFindingsInPlace(page, { nameMatch: true }), 'axe on the sign-in page at 320 px').toEqual([]);
});

test('the widgets in a 320 px column: bell, task badge, camera and device list reflow with nothing cut off', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const token = await apiSignIn(baseURL!, 'admin', 'admin123');
  // A plain page of the kit (the platform's camera demo), turned into a portal's narrow column: the kit
  // finds elements added after it started, as a portal that builds its page in script adds them.
  await page.goto('/embed/video-test.html');
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium));
  await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'zh', reloadOnLogout: false }), token);
  await page.evaluate(() => {
    document.head.querySelectorAll('style').forEach((s) => s.remove());
    document.body.style.margin = '0';
    document.body.innerHTML = `
      <main style="width: 320px; font: 14px/1.5 system-ui, sans-serif">
        <div><atrium-alarm-bell></atrium-alarm-bell><atrium-progress-panel></atrium-progress-panel></div>
        <atrium-video-player camera-id="1" muted style="display: block; height: 240px"></atrium-video-player>
        <atrium-device-list style="display: block; height: 420px"></atrium-device-list>
      </main>`;
  });
  const bell = page.locator('atrium-alarm-bell [data-part=icon]');
  await expect(bell).toBeVisible();
  await expect(page.locator('atrium-device-list [role=row][data-code]').first()).toBeVisible();
  const video = page.locator('atrium-video-player video').first();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await outside(page, 320), 'widgets in a 320 px column').toEqual([]);
  expect(await a11yFindingsInPlace(page, { nameMatch: true, exclude: THIRD_PARTY_CANVASES }), 'axe on the widgets at 320 px').toEqual([]);
});

test('text at 200 %: the console in 640x360 CSS px (1280x720 zoomed) keeps its header, menu and page without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 360 });
  await signIn(page, 'admin');
  for (const address of ['/alarm/search', '/userMng']) {
    await page.goto(address);
    await expect(page.getByTestId('page')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('page').locator('tbody tr[data-row]').first()).toBeVisible();
    expect(await outside(page, 640), `${address} at 640 px`).toEqual([]);
  }
  // The narrow layout's menu drawer opens from the header and holds every entry.
  await page.getByTestId('menu-toggle').press('Enter');
  await expect(page.getByTestId('menu-drawer')).toBeVisible();
  await expect(page.getByTestId('menu-drawer').getByText(zh('shell.group.alarmManager'))).toBeVisible();
  expect(await outside(page, 640), 'menu drawer at 640 px').toEqual([]);
});
