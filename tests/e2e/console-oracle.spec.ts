// The console oracle (fixtures.ts) fails a journey on what a user would see in the browser console.
// Each `test.fail` journey below would pass if the oracle missed its finding, and so fail the run.
import { expect, test } from './fixtures.ts';

test.fail('a console.error on a page fails the journey', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('password-form')).toBeVisible();
  await page.evaluate(() => console.error('deliberate: a component logged an error'));
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test.fail('an uncaught error on a page fails the journey', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => void setTimeout(() => { throw new Error('deliberate: uncaught'); }));
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test.fail('a style the console CSP blocks fails the journey', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '.deliberate { color: red }';
    document.head.append(style);
  });
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test.fail('a missing static file of the console fails the journey', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => fetch('/assets/deliberately-missing.js').then((r) => r.status));
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test('what the oracle reads: each kind, named with its page, and an allowed one passes', async ({ page, oracle }) => {
  // Provoked on purpose in this test: allowed, so the journey passes while the oracle still saw it.
  oracle.allow(/deliberate/);
  oracle.allow(/static 404: GET .*\/assets\/deliberately-missing\.js/);
  oracle.allow(/csp: style-src-elem blocked inline|Applying inline style violates/);
  await page.goto('/login');
  await page.evaluate(async () => {
    console.error('deliberate: logged');
    const style = document.createElement('style');
    style.textContent = '.deliberate { color: red }';
    document.head.append(style);
    await fetch('/assets/deliberately-missing.js');
  });
  await expect.poll(() => oracle.findings().join('\n')).toMatch(/csp: style-src-elem blocked inline/);
  const found = oracle.findings().join('\n');
  expect(found).toMatch(/console\.error: deliberate: logged @ http:\/\/localhost:\d+\/login/);
  expect(found).toMatch(/static 404: GET http:\/\/localhost:\d+\/assets\/deliberately-missing\.js/);
});

test.fail('a page of a second context the test opens is watched too', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate(() => console.error('deliberate: in a second context'));
  await expect(page.getByTestId('password-form')).toBeVisible();
  await context.close();
});
