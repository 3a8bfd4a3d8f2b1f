// Attendance through the console: a rule's fill-in window of 100 minutes is refused in the form; with
// clocks at fixed times on a past Wednesday the day statistics mark exactly the seeded on-time, late
// and absent people; the absent one requests a fill-in on the personal page, the admin approves it in
// "My tasks", and the day turns normal. The day and the month are the product's own YYYY-MM-DD field
// and YYYY-MM list, never the browser's inputs. (Month totals, exports and the second tenant:
// demo/server/attendance.test.ts.)
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillPasswordForm, signIn, skipTour, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

const DAY = '2026-11-18'; // a Wednesday before today
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(2026, 10, 18, h!, m!).getTime();
};

test('the day marks the seeded late and absent people; an approved fill-in makes the absent day normal', async ({ page, browser, baseURL }) => {
  const suffix = String(Date.now() % 100000);
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const role = (await call(baseURL!, admin, 'PUT', '/api/admin/group/role', { body: { code: `att_${suffix}`, name: `Staff ${suffix}`, menus: ['attendanceManage', 'perStats', 'activitiManager', 'hisTask'] } })).data as { id: number };
  const ids: number[] = [];
  for (const [i, who] of ['ontime', 'late', 'absent'].entries()) {
    const made = await call(baseURL!, admin, 'POST', '/api/admin/user', {
      body: { username: `att.${who}.${suffix}`, name: `Att ${who} ${suffix}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: `138${suffix.padStart(5, '0')}${i}${i}${i}`, email: `att${who}${suffix}@example.com`, roleIds: [role.id] },
    });
    expect(made.code, made.msg).toBe(0);
    ids.push(made.data.id);
  }
  const rule = (await call(baseURL!, admin, 'POST', '/api/attendance/rule', { body: { name: `Shift ${suffix}`, workStart: '08:00', workEnd: '17:00', flexMinutes: 5, lateThreshold: 30, earlyThreshold: 30, fillInMinutes: 20, weekdays: [1, 2, 3, 4, 5], skipHolidays: true } })).data as { id: number };
  const device = (await call(baseURL!, admin, 'GET', '/api/attendance/choices')).data.devices[0].id as number;
  const site = await call(baseURL!, admin, 'POST', '/api/attendance/site', { body: { name: `Plant ${suffix}`, ruleId: rule.id, kind: 'devices', deviceIds: [device], latitude: null, longitude: null, radiusMeters: null, memberIds: ids } });
  expect(site.code, site.msg).toBe(0);
  const [onTime, late, absent] = ids as [number, number, number];
  // The access-control events of that day (the absent one only left).
  await page.request.post('/__test/attendance/clock', {
    data: {
      clocks: [
        { userId: onTime, at: at('07:55'), deviceId: device },
        { userId: onTime, at: at('17:02'), deviceId: device },
        { userId: late, at: at('08:21'), deviceId: device },
        { userId: late, at: at('17:00'), deviceId: device },
        { userId: absent, at: at('17:04'), deviceId: device },
      ],
    },
  });

  // The rule form refuses a fill-in window of 100 minutes.
  await signIn(page, 'admin', { to: '/attendance/rule' });
  await page.locator('[data-page=attendance-rule] [data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(`Night ${suffix}`);
  await form.locator('[name=fillInMinutes]').fill('100');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.attendance.fillIn', { min: 0, max: 99 }) })).toHaveCount(1);
  await form.getByRole('button', { name: zh('resource.cancel') }).click();

  // The day's statistics, for the site.
  const dayRow = async (p: Page, name: string) => {
    await p.goto('/attendance/day_stats');
    const root = p.locator('[data-page=attendance-stats]');
    await root.locator('input[name=period]').fill(DAY);
    await root.locator('input[name=keyword]').fill(suffix);
    await root.locator('input[name=keyword]').press('Enter');
    return root.locator('tbody tr[data-row]', { hasText: name });
  };
  await expect((await dayRow(page, `Att ontime ${suffix}`)).locator('[data-status]')).toHaveText(zh('attendance.status.normal'));
  // The day field sits in the toolbar beside the export button, their lower edges in line (as the
  // filter row's buttons with its fields), not the button floating at the height of the field's label.
  const bottom = async (l: Locator) => ((b) => b.y + b.height)((await l.boundingBox())!);
  const stats = page.locator('[data-page=attendance-stats]');
  expect(Math.abs((await bottom(stats.locator('[data-action=export]'))) - (await bottom(stats.locator('input[name=period]'))))).toBeLessThanOrEqual(1);
  const lateRow = page.locator('[data-page=attendance-stats] tbody tr[data-row]', { hasText: `Att late ${suffix}` });
  await expect(lateRow.locator('[data-status]')).toHaveText(zh('attendance.status.late'));
  await expect(lateRow).toContainText('16');
  const absentRow = page.locator('[data-page=attendance-stats] tbody tr[data-row]', { hasText: `Att absent ${suffix}` });
  await expect(absentRow.locator('[data-status]')).toHaveText(zh('attendance.status.absent'));
  // The day is the product's own YYYY-MM-DD field, not the browser's date input (which speaks the
  // browser's language). A day after today or an unreal one is refused with a message, and the table
  // stays on the day chosen before.
  const period = stats.locator('input[name=period]');
  await expect(period).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  const dayProblem = stats.getByRole('alert');
  await period.fill('2099-01-01');
  await expect(dayProblem).toHaveText(zh('attendance.hint.futureDay'));
  await period.fill('2026-02-30');
  await expect(dayProblem).toHaveText(zh('date.format', { format: 'YYYY-MM-DD' }));
  await expect(lateRow).toBeVisible();
  await period.fill(DAY);
  await expect(dayProblem).toHaveCount(0);

  // The month's totals: the month is chosen from the product's YYYY-MM list.
  await page.goto('/attendance/month_stats');
  const monthStats = page.locator('[data-page=attendance-stats]');
  await monthStats.locator('select[name=period]').selectOption(DAY.slice(0, 7));
  await monthStats.locator('input[name=keyword]').fill(suffix);
  await monthStats.locator('input[name=keyword]').press('Enter');
  await expect(monthStats.locator('tbody tr[data-row]', { hasText: `Att late ${suffix}` })).toBeVisible();

  // The absent one asks for a fill-in of the missed clock-in: outside the window first, then at 08:00.
  const staff = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await skipTour(staff, `att.absent.${suffix}`);
  await staff.goto('/login');
  await fillPasswordForm(staff, `att.absent.${suffix}`, 'secret-pass-1');
  await expect(staff.getByTestId('header')).toBeVisible();
  await staff.goto('/attendance/per_stats');
  await staff.locator('select[name=month]').selectOption(DAY.slice(0, 7));
  await expect(staff.locator(`[data-part=person-days] tr[data-day="${DAY}"] [data-status]`)).toHaveText(zh('attendance.status.absent'));
  await staff.locator('[data-action=fill-in]').click();
  const dialog = staff.getByTestId('attendance-fill-in');
  await dialog.locator('#fill-day').fill(DAY);
  await dialog.locator('#fill-time').fill('12:00');
  await dialog.locator('#fill-reason').fill('Reader was down');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.getByRole('alert')).toHaveText('补卡时间须在上班（08:00）或下班（17:00）前后 20 分钟内');
  await dialog.locator('#fill-time').fill('08:00');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog).toBeHidden();

  // The admin approves it in "My tasks"; the day turns normal with one fill-in.
  await page.goto('/activiti/my_task');
  const task = page.locator('[data-page=workflow-task] tbody tr[data-row]', { hasText: `Att absent ${suffix}` });
  await task.locator('[data-action=open]').click();
  const request = page.getByTestId('workflow-request');
  await expect(request.locator('[data-value=reason]')).toHaveText('Reader was down');
  await request.locator('[data-action=approve]').click();
  await expect(request.locator('[data-part=status]')).toHaveText(zh('workflow.status.approved'));
  await request.getByRole('button', { name: zh('workflow.detail.close') }).click();
  const fixed = await dayRow(page, `Att absent ${suffix}`);
  await expect(fixed.locator('[data-status]')).toHaveText(zh('attendance.status.normal'));
  await expect(fixed).toContainText('08:00');
  await staff.reload();
  await staff.locator('select[name=month]').selectOption(DAY.slice(0, 7));
  await expect(staff.locator(`[data-part=person-days] tr[data-day="${DAY}"] [data-status]`)).toHaveText(zh('attendance.status.normal'));
  await staff.context().close();
});

test('a member of a location site clocks in from where the browser stands, and is told how far off when outside', async ({ browser, baseURL }) => {
  const suffix = String(Date.now() % 100000);
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const role = (await call(baseURL!, admin, 'PUT', '/api/admin/group/role', { body: { code: `yard_${suffix}`, name: `Yard ${suffix}`, menus: ['attendanceManage', 'perStats'] } })).data as { id: number };
  const made = await call(baseURL!, admin, 'POST', '/api/admin/user', {
    body: { username: `yard.${suffix}`, name: `Yard ${suffix}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: `139${suffix.padStart(5, '0')}000`, email: `yard${suffix}@example.com`, roleIds: [role.id] },
  });
  expect(made.code, made.msg).toBe(0);
  const rule = (await call(baseURL!, admin, 'POST', '/api/attendance/rule', { body: { name: `Yard shift ${suffix}`, workStart: '08:00', workEnd: '17:00', flexMinutes: 5, lateThreshold: 30, earlyThreshold: 30, fillInMinutes: 20, weekdays: [1, 2, 3, 4, 5, 6, 7], skipHolidays: false } })).data as { id: number };
  const yard = { latitude: 31.2304, longitude: 121.4737 };
  const site = await call(baseURL!, admin, 'POST', '/api/attendance/site', { body: { name: `Yard ${suffix}`, ruleId: rule.id, kind: 'location', deviceIds: [], ...yard, radiusMeters: 200, memberIds: [made.data.id] } });
  expect(site.code, site.msg).toBe(0);

  // The phone stands 120 m east of the yard (0.00126° of longitude at this latitude).
  const context = await browser.newContext({ serviceWorkers: 'block', permissions: ['geolocation'], geolocation: { latitude: yard.latitude, longitude: yard.longitude + 0.00126 } });
  const page = await context.newPage();
  await skipTour(page, `yard.${suffix}`);
  await page.goto('/login');
  await fillPasswordForm(page, `yard.${suffix}`, 'secret-pass-1');
  await expect(page.getByTestId('header')).toBeVisible();
  await page.goto('/attendance/per_stats');
  await page.locator('[data-action=clock-here]').click();
  await expect(page.getByText(zh('attendance.clock.done', { site: `Yard ${suffix}`, distance: 120 }))).toBeVisible();
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await expect(page.locator(`[data-part=person-days] tr[data-day="${day}"]`)).toContainText(/\d\d:\d\d/);

  // Walked off about 650 m: refused, with the distance.
  await context.setGeolocation({ latitude: yard.latitude, longitude: yard.longitude + 0.00683 });
  await page.locator('[data-action=clock-here]').click();
  await expect(page.getByText(new RegExp(`你距离 Yard ${suffix} 6[45]\\d 米，需在 200 米以内才能打卡`))).toBeVisible();
  await context.close();
});
