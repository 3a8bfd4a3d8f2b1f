// The platform as it runs by itself, not as the test switch quiets it: a platform of its own with no
// fixed captcha and the alarm and point simulators on. A person signs in by reading the captcha image
// (the test reads the answer of the image this browser was given, by its cookie), and alarms arrive
// in the header's bell with nothing in the test creating them.
import { expect, test } from './fixtures.ts';
import { ACCOUNTS, skipTour } from './console-helpers.ts';

// This file's worker platform runs with the real captcha and the simulators at a brisk pace.
test.use({ platformEnv: { ATRIUM_FIXED_CAPTCHA: '', ATRIUM_ALARM_RATE: '120', ATRIUM_POINT_INTERVAL_MS: '2000' } });

test('signs in through the real captcha image, and alarms arrive in the bell by themselves', async ({ page, context, platform }) => {
  test.setTimeout(120_000);
  await skipTour(page, 'admin');
  await page.goto(`${platform.base}/login`);
  const form = page.getByTestId('password-form');
  const image = page.getByTestId('captcha').locator('img');
  await expect(image).toHaveJSProperty('complete', true);
  await form.locator('input[name=username]').fill('admin');
  await form.locator('input[name=password]').fill(ACCOUNTS.admin);

  // A wrong reading is refused, and the image is replaced by a new one.
  const answerOf = async () => {
    const id = (await context.cookies()).find((c) => c.name === 'atrium_captcha')?.value;
    expect(id, 'the captcha cookie the image came with').toBeTruthy();
    const res = await fetch(`${platform.base}/__test/captcha?id=${encodeURIComponent(id!)}`);
    return ((await res.json()) as { data: { answer: string } }).data.answer;
  };
  const first = await answerOf();
  expect(first).toMatch(/^[a-z0-9]{4}$/);
  const wrong = first === 'zzzz' ? 'yyyy' : 'zzzz';
  const src = await image.getAttribute('src');
  await form.locator('input[name=verifyCode]').fill(wrong);
  await form.locator('button[type=submit]').click();
  await expect(image).not.toHaveAttribute('src', src!);
  await expect(page).toHaveURL(/\/login/);

  // The new image's answer signs in.
  await expect(image).toHaveJSProperty('complete', true);
  await expect.poll(answerOf).not.toBe(first);
  await form.locator('input[name=password]').fill(ACCOUNTS.admin);
  await form.locator('input[name=verifyCode]').fill(await answerOf());
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('header')).toBeVisible();

  // Alarms raised by the platform's own simulators reach the bell within a few polls.
  const count = page.getByTestId('header').locator('atrium-alarm-bell').locator('[data-part=count]');
  await expect(count).toHaveText(/^\d+\+?$/);
  const before = Number((await count.textContent())!.replace('+', ''));
  await expect.poll(async () => Number((await count.textContent())!.replace('+', '')), { timeout: 30_000 }).toBeGreaterThan(before);
});
