// Issue 38, the seams between screens: dead ends lead somewhere, a page shows only what the user may
// reach, a day still in progress marks nobody absent.
import { expect, test } from './fixtures.ts';
import { signIn, zh } from './console-helpers.ts';

test('/job_detail without a job says so and leads back to the job list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/job_detail');
  const root = page.locator('[data-page=job-detail]');
  await expect(root.getByRole('status')).toHaveText(zh('jobDetail.missing'));
  await root.getByRole('link', { name: zh('jobDetail.back') }).click();
  await expect(page).toHaveURL(/\/jobmng$/);
  await expect(page.locator('[data-page=job]')).toBeVisible();
});
