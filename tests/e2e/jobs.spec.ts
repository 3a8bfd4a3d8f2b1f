// Jobs through the console: a schedule that fires every second is refused as typed; a job that
// exports the open alarms every minute shows its next five runs while the cron is typed, runs now,
// and /job_detail shows the run with its log and the file, which downloads as a spreadsheet.
// (A restart keeping the schedule is demo/server/job.test.ts: the journeys share one platform.)
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { signIn, zh } from './console-helpers.ts';

test('a job made in the form runs now; its detail shows the run, the log and the file', async ({ page }) => {
  const name = `Alarm export ${Date.now() % 100000}`;
  await signIn(page, 'admin', { to: '/jobmng' });
  const root = page.locator('[data-page=job]');
  await root.locator('[data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(name);
  await form.locator('[name=timezone]').fill('Asia/Shanghai');
  await form.locator('[name=cron]').fill('* * * * * *');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.cron.tooOften', { seconds: 1 }) })).toHaveCount(1);
  await form.locator('[name=cron]').fill('* * * * *');
  await expect(form.locator('[data-hint]')).toContainText('Asia/Shanghai');
  expect((await form.locator('[data-hint]').textContent())!.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00/g)).toHaveLength(5);
  // The purge target asks for its days; the export does not.
  await form.locator('[name=target]').selectOption('purgeHistory');
  await expect(form.locator('[name=days]')).toBeVisible();
  await form.locator('[name=target]').selectOption('exportAlarms');
  await expect(form.locator('[name=days]')).toHaveCount(0);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: name });
  await expect(row.locator('[data-next-run]')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);

  await row.locator('[data-action=run]').click();
  await expect(page.getByText(zh('jobs.started', { name }))).toBeVisible();
  await row.locator('[data-action=detail]').click();
  await expect(page).toHaveURL(/\/job_detail\?id=\d+$/);
  const detail = page.locator('[data-page=job-detail]');
  const run = detail.locator('tbody tr[data-run]').filter({ hasText: zh('jobs.trigger.manual') }).first();
  await expect(run.locator('[data-part=result]')).toHaveText(zh('jobs.result.success'), { timeout: 15_000 });
  await expect(detail.locator('[data-part=log] li').first()).toContainText('开始运行');
  await expect(detail.locator('[data-part=log]')).toContainText(/已导出 \d+ 条告警/);
  const download = page.waitForEvent('download');
  await run.locator('[data-action=download]').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alarms-.*\.xlsx$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await expectNoSeriousA11yViolations(page, 'job detail', { include: '[data-page=job-detail]' });
});
