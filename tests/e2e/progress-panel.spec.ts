// Issue 6 "Checked by", progress side: an operator's dialog has no delete button; delete with nothing
// chosen shows the message; deleting finished items removes them after the 3 s refresh.
import { expect, test, type Page } from './fixtures.ts';
import { call, openEmbed, signIn } from './alarm-progress-helpers.ts';
import { PROGRESS_POLL_MS } from '../../shared/poll/progress.ts';

const badge = (page: Page) => page.locator('#panel-1').getByRole('button', { name: /background tasks?\b/ });
const dialog = (page: Page) => page.locator('#panel-1').getByRole('dialog');

test.describe('progress panel', () => {
  test('an operator sees the tasks dialog without a delete button', async ({ page, baseURL }) => {
    const operator = await signIn(baseURL!, 'operator', 'operator123');
    await call(baseURL!, operator, 'POST', '/api/admin/progress/demo', { body: { title: 'Operator job', steps: 3, stepMs: 50 } });
    await openEmbed(page, operator);
    await badge(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('cell', { name: 'Operator job', exact: true })).toBeVisible();
    await expect(dialog(page).getByText('delete finished progress')).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('a running task shows a moving bar, then finishes green with its end time', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    // The page's 5 s poll is moved on by the test (its clock runs on its own meanwhile), while the
    // platform's task runs in real time: 16 steps of 250 ms.
    await page.clock.install();
    await call(baseURL!, admin, 'POST', '/api/admin/progress/demo', { body: { title: 'Slow job', steps: 16, stepMs: 250 } });
    await openEmbed(page, admin);
    await badge(page).click();
    const row = dialog(page).getByRole('row', { name: /Slow job/ });
    await expect(row.getByRole('img', { name: 'Running' })).toBeVisible();
    const bar = row.getByRole('progressbar');
    await expect(bar).toHaveAttribute('data-color', 'info');
    const first = Number(await bar.getAttribute('aria-valuenow'));
    const nextPoll = async () => {
      await page.clock.fastForward(PROGRESS_POLL_MS);
      return Number(await bar.getAttribute('aria-valuenow'));
    };
    await expect.poll(nextPoll, { timeout: 8000 }).toBeGreaterThan(first);
    await expect.poll(nextPoll, { timeout: 20_000 }).toBe(100);
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('data-color', 'success');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  test('delete with nothing chosen says so; deleting finished items removes them after the refresh', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    for (const title of ['Finished A', 'Finished B']) await call(baseURL!, admin, 'POST', '/api/admin/progress/demo', { body: { title, steps: 2, stepMs: 10 } });
    await call(baseURL!, admin, 'POST', '/api/admin/progress/demo', { body: { title: 'Long job', steps: 200, stepMs: 300 } });
    // The two short jobs have finished (waited for on the server, not slept for).
    await expect
      .poll(async () => ((await call(baseURL!, admin, 'GET', '/api/admin/progress')).data as Array<{ title: string; status: number }>).filter((i) => i.title.startsWith('Finished ') && i.status === 0).length)
      .toBeGreaterThanOrEqual(2);
    await openEmbed(page, admin);
    await badge(page).click();
    const box = dialog(page);
    await expect(box.getByRole('cell', { name: 'Finished A', exact: true })).toBeVisible();

    await box.getByRole('button', { name: 'Delete' }).click();
    await expect(box.getByRole('status')).toHaveText('please select the options to delete');

    await box.getByRole('checkbox', { name: 'Select Finished A' }).check();
    await box.getByRole('button', { name: 'Delete' }).click();
    await expect(box.getByRole('status')).toHaveText('Delete success');
    const deletedAt = Date.now();
    await expect(box.getByRole('cell', { name: 'Finished A', exact: true })).toHaveCount(0, { timeout: 3000 + 3000 });
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(2500); // the list is fetched again 3 s later, not at once
    await expect(box.getByRole('cell', { name: 'Finished B', exact: true })).toBeVisible();

    await box.getByRole('checkbox', { name: 'delete finished progress' }).check();
    await box.getByRole('button', { name: 'Delete' }).click();
    await expect(box.getByRole('cell', { name: 'Finished B', exact: true })).toHaveCount(0, { timeout: 6000 });
    await expect(box.getByRole('cell', { name: 'Long job', exact: true })).toBeVisible();
  });
});
