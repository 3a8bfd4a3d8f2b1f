// What a screen reader hears from the header (issue 40, WCAG 4.1.3): the bell's count is in a polite
// live region that changes only when the count does — the poll answers every 5 s with the same count
// and must not be read out each time — and a new count is said once. Toasts arrive once in their own
// live region. The page clock is driven, so the polls come at once (no waiting out the period).
import { expect, test } from './fixtures.ts';
import { en, signIn, twoFrames, zh } from './console-helpers.ts';
import { createAlarms } from './alarm-progress-helpers.ts';
import { ALARM_POLL_MS } from '../../shared/poll/alarm-total.ts';

test('the bell says a new alarm count once and nothing while the count stays; a toast is announced once', async ({ page, baseURL }) => {
  await page.clock.install();
  await signIn(page, 'admin');
  const bell = page.getByTestId('header').locator('atrium-alarm-bell');
  const region = bell.locator('[data-part=announce]');
  await expect(region).toHaveAttribute('role', 'status');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  const control = bell.locator('a, button').first();
  await expect(control).toHaveAttribute('aria-label', /\d/);
  const before = Number(/\d+/.exec((await control.getAttribute('aria-label'))!)![0]);

  // Every change of the region's text from now on.
  await region.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { __said: string[] }).__said = said;
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const said = () => page.evaluate(() => (window as unknown as { __said: string[] }).__said);
  const poll = async () => {
    const answered = page.waitForResponse((r) => r.url().includes('/api/alarm/total'));
    await page.clock.runFor(ALARM_POLL_MS);
    await answered;
    await twoFrames(page);
  };

  // Two polls with the same count: the region says nothing (the count at sign-in is the label's).
  await poll();
  await poll();
  expect(await said(), 'live region changes while the count stays').toEqual([]);
  await expect(region).toHaveText('');

  // A new alarm: the next poll's count is said once, and the polls after it add nothing.
  await createAlarms(baseURL!, { count: 1 });
  await poll();
  const spoken = zh('alarm.bell.label', { count: before + 1 });
  await expect(region).toHaveText(spoken);
  await poll();
  await poll();
  expect(await said(), 'what the live region said').toEqual([spoken]);

  // A toast (the language switch's) arrives once in a polite live region.
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const toast = page.locator('atrium-notices').locator('[role=status] [data-testid=atrium-toast]').filter({ hasText: en('lang.switched') });
  await expect(toast).toHaveCount(1);
  await expect(page.locator('atrium-notices').locator('[role=status]').first()).toHaveAttribute('aria-live', 'polite');
});
