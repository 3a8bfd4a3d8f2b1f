// Issue 41: theming that takes. With a theme configured (each element gets theme="dark-theme"),
// variables a portal sets on an ancestor still win, for the bell, the player and <atrium-notices>
// (which the kit appends to <body>); the bell is an inline-block of its own size, not as tall as its box.
import { signIn } from './embed-helpers.ts';
import { expect, test } from './fixtures.ts';

test('variables on an ancestor restyle the bell, the player and the notices over the configured theme', async ({ page, baseURL }) => {
  const token = await signIn(baseURL!);
  await page.goto(`${baseURL}/embed/cross-origin.html?${new URLSearchParams({ token })}`);
  await expect.poll(() => page.locator('#bell').evaluate((el) => el.shadowRoot?.querySelector('[data-part=count]')?.textContent ?? ''), { timeout: 15_000 }).toMatch(/^\d+$/);
  const colours = () =>
    page.evaluate(() =>
      ['#bell', '#camera', 'atrium-notices'].map((selector) => {
        const root = document.querySelector(selector)?.shadowRoot?.querySelector<HTMLElement>('[data-atrium-widget]');
        return root ? `${getComputedStyle(root).color} ${getComputedStyle(root).fontSize}` : 'missing';
      }),
    );
  await page.evaluate(() => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ theme: 'dark-theme' }));
  await expect.poll(() => page.locator('atrium-notices').getAttribute('theme')).toBe('dark-theme');
  const themed = await colours();
  expect(new Set(themed).size, String(themed)).toBe(1);

  // The portal's variables, set once on <body>: every element follows them, the notices too.
  await page.evaluate(() => {
    document.body.style.setProperty('--atrium-color-text', 'rgb(200, 10, 120)');
    document.body.style.setProperty('--atrium-font-size-md', '17px');
  });
  expect(await colours()).toEqual(Array(3).fill('rgb(200, 10, 120) 17px'));

  // The bell keeps its own size in a tall box, and sits inline.
  const bell = await page.locator('#bell').evaluate((el) => {
    const box = document.createElement('div');
    box.style.height = '200px';
    el.before(box);
    box.append(el);
    return { display: getComputedStyle(el).display, height: el.getBoundingClientRect().height };
  });
  expect(bell.display).toBe('inline-block');
  expect(bell.height).toBeLessThan(48);
});
