// The shell is on every page, so axe must see it too, not only the content area. Voice-control users
// press a control by saying what it shows (WCAG 2.5.3): the user-menu trigger shows the user's name, so
// its accessible name must contain that text (axe's label-content-name-mismatch rule, experimental and
// off by default, is switched on here for that reason).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { signIn } from './console-helpers.ts';

test('the header user menu is named by what it shows, in both languages, and axe finds no name that hides its visible text anywhere on the page, shell included', async ({ page }) => {
  await signIn(page, 'admin');
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') {
      await page.getByTestId('language-menu').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    }
    const trigger = page.getByTestId('user-menu');
    const shown = (await trigger.innerText()).trim();
    expect(shown.length).toBeGreaterThan(0);
    const name = await trigger.getAttribute('aria-label');
    expect(name?.startsWith(shown), `"${name}" starts with "${shown}"`).toBe(true);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const mismatch = violations.filter((v) => v.id === 'label-content-name-mismatch').flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    expect(mismatch, `label-content-name-mismatch (${lang})`).toEqual([]);
  }
});
