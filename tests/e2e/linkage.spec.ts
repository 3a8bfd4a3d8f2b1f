// Linkage through the console: a strategy "temperature > 30 for 3 hits → fan on, raise a warning"
// made in the strategy form fires when the point is driven over 30 — the fan reads on in the device's
// values, the bell counts the alarm and the record shows both attempts; disabled it does not fire, and
// with today marked a holiday in the calendar it skips. A three-step quick scene runs to the end in
// the progress panel, and stopping a second run there after step one leaves steps two and three undone.
import { expect, test, type Page } from './fixtures.ts';
import { holdDeviceSimulator, signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';
import { pick } from './picker-helpers.ts';

const post = (base: string, path: string, body: unknown = {}) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

interface Fcu {
  id: number;
  code: string;
  name: string;
  gatewayId: number;
}

async function fanCoils(base: string, count: number): Promise<Fcu[]> {
  const admin = await apiSignIn(base, 'admin', 'admin123');
  const rows = (await call(base, admin, 'GET', '/api/device/list', { query: { keyword: 'FCU-', limit: '100' } })).data.rows as Array<Fcu & { gatewayId: number | null; modelName: string }>;
  const list = rows.filter((d) => d.gatewayId !== null && d.modelName === '风机盘管').slice(-count);
  for (const d of list) await post(base, '/__test/gateway', { gatewayId: d.gatewayId, mode: 'normal', status: 'online' });
  return list;
}

holdDeviceSimulator();

const pointOf = async (base: string, token: string, deviceId: number, code: string) =>
  ((await call(base, token, 'GET', `/api/device/${deviceId}/points`)).data as Array<{ code: string; value: number | null }>).find((p) => p.code === code)?.value;

const bellCount = async (page: Page) => Number((await page.getByTestId('header').locator('atrium-alarm-bell [data-part=count]').textContent()) || '0');

test('a strategy made in the form fires on the third hot reading, and not when disabled or on a holiday', async ({ page, baseURL }) => {
  const base = baseURL!;
  const [fcu] = await fanCoils(base, 1);
  const admin = await apiSignIn(base, 'admin', 'admin123');
  const drive = async (...values: number[]) => {
    for (const value of values) await post(base, '/__test/points/set', { deviceId: fcu!.id, code: 'temp', value });
    await post(base, '/__test/linkage/settle');
  };
  await post(base, '/__test/points/set', { deviceId: fcu!.id, code: 'fan', value: 0 });
  await drive(20);
  const name = `Too warm ${Date.now() % 100000}`;

  await signIn(page, 'admin', { to: '/linkmng/link_group' });
  const root = page.locator('[data-page=link-group]');
  await root.locator('[data-action=add-group]').click();
  let form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(`HVAC ${Date.now() % 100000}`);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();

  await root.locator('[data-action=create]').click();
  form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(name);
  // The group just made is the one chosen beside the list, and the form starts in it.
  await expect(form.locator('[name=groupId]')).not.toHaveValue('');
  await pick(form.locator('[name=deviceId]'), `${fcu!.code} ${fcu!.name}`);
  await expect(form.locator('[data-hint]')).toContainText('temp');
  // A foreign operator is refused as typed, naming the character.
  await form.locator('[name=expression]').fill('temp ** 30');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: '6' })).toHaveCount(1);
  await form.locator('[name=expression]').fill('temp > 30');
  await form.locator('[name=hits]').fill('3');
  // Actions: none yet is refused; then fan = 1 and a warning.
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.link.actionCount', { max: 20 }) })).toHaveCount(1);
  const actions = form.locator('[data-part=actions]');
  await actions.locator('[data-action=add-action]').click();
  const first = actions.locator('[data-action-row="1"]');
  await pick(first.locator('[data-part=device]'), `${fcu!.code} ${fcu!.name}`);
  await first.locator('[data-part=point]').selectOption('fan');
  await first.locator('[data-part=value]').fill('1');
  await actions.locator('[data-action=add-action]').click();
  const second = actions.locator('[data-action-row="2"]');
  await second.locator('[data-part=kind]').selectOption('alarm');
  await pick(second.locator('[data-part=device]'), `${fcu!.code} ${fcu!.name}`);
  await second.locator('input[data-part=content]').fill(`${name}: check the fan`);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: name });
  await expect(row).toContainText('0/3');

  const before = await bellCount(page);
  await drive(31, 32);
  expect(await pointOf(base, admin, fcu!.id, 'fan')).toBe(0);
  await drive(33);
  await expect.poll(() => pointOf(base, admin, fcu!.id, 'fan')).toBe(1);
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThan(before);

  // The record: the values it fired on and both attempts.
  await row.locator('[data-action=records]').click();
  const records = page.locator('[data-page=link-record]');
  const record = records.locator('tbody tr[data-row]', { hasText: name });
  await expect(record).toHaveCount(1);
  await expect(record.locator('[data-result]')).toHaveText(zh('linkage.result.success'));
  await expect(record).toContainText('temp=33');
  await record.locator('[data-action=detail]').click();
  const detail = page.getByTestId('link-record-detail');
  await expect(detail.locator('[data-part=attempts] li')).toHaveCount(2);
  await expect(detail.locator('[data-part=attempts] li[data-ok=true]')).toHaveCount(2);
  await expect(detail.locator('[data-part=attempts] li').first()).toContainText(`${fcu!.name} fan = 1`);
  await page.keyboard.press('Escape');

  // Disabled: driven hot again, nothing fires.
  await page.goto('/linkmng/link_group');
  await root.locator('tbody tr[data-row]', { hasText: name }).locator('[data-action=toggle]').click();
  await expect(root.locator('tbody tr[data-row]', { hasText: name }).locator('[data-enabled]')).toHaveText(zh('linkage.status.disabled'));
  await post(base, '/__test/points/set', { deviceId: fcu!.id, code: 'fan', value: 0 });
  await drive(20, 31, 31, 31);
  expect(await pointOf(base, admin, fcu!.id, 'fan')).toBe(0);

  // Enabled with "not on holidays", and today marked a holiday in the calendar: it skips.
  const strategy = ((await call(base, admin, 'POST', '/api/link/strategy/page', { body: { page: 1, limit: 100, keyword: name } })).data.rows as Array<Record<string, unknown>>)[0]!;
  // The save takes the strategy's own fields only (the contract refuses the row's read-only ones:
  // id, groupName, deviceName, held); it must be taken, or the holiday check below proves nothing.
  const saved = Object.fromEntries(Object.entries(strategy).filter(([k]) => !['id', 'groupName', 'deviceName', 'held'].includes(k)));
  expect((await call(base, admin, 'PUT', `/api/link/strategy/${strategy.id as number}`, { body: { ...saved, enabled: true, skipHolidays: true } })).code).toBe(0);
  await page.goto('/linkmng/holiday');
  const calendar = page.locator('[data-page=holiday]');
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const cell = calendar.locator(`button[data-day="${day}"]`);
  if ((await cell.getAttribute('data-kind')) !== '') {
    // A retried run finds the day set: clear it first.
    while ((await cell.getAttribute('data-kind')) !== '') await cell.click();
  }
  await cell.click();
  await expect(cell).toHaveAttribute('data-kind', 'holiday');
  await expect(calendar.locator(`li[data-day="${day}"]`)).toContainText(zh('linkage.holidays.holiday'));
  await drive(20, 31, 31, 31);
  expect(await pointOf(base, admin, fcu!.id, 'fan')).toBe(0);
  // Cleared (holiday → make-up work day → clear), it fires again.
  await cell.click();
  await expect(cell).toHaveAttribute('data-kind', 'workday');
  await cell.click();
  await expect(cell).toHaveAttribute('data-kind', '');
  await drive(20, 31, 31, 31);
  await expect.poll(() => pointOf(base, admin, fcu!.id, 'fan')).toBe(1);
});

test('a three-step quick scene runs to the end in the progress panel; stopping a run there skips the rest', async ({ page, baseURL }) => {
  const base = baseURL!;
  const devices = await fanCoils(base, 4);
  const [a, b, c] = devices.slice(1) as [Fcu, Fcu, Fcu];
  const admin = await apiSignIn(base, 'admin', 'admin123');
  const reset = async () => {
    for (const d of [a, b, c]) await post(base, '/__test/points/set', { deviceId: d.id, code: 'setpoint', value: 20 });
  };
  await reset();
  const name = `Morning ${Date.now() % 100000}`;
  const steps = [a, b, c].map((d) => ({ delaySeconds: 1, action: { kind: 'write', deviceId: d.id, code: 'setpoint', value: 23 } }));
  expect((await call(base, admin, 'POST', '/api/link/scene', { body: { name, steps } })).code).toBe(0);

  await signIn(page, 'admin');
  // The header's scene icon opens the list; one more click runs the scene.
  await page.getByTestId('quick-quickScene').click();
  const root = page.locator('[data-page=quick-scene]');
  const row = root.locator('tbody tr[data-row]', { hasText: name });
  await expect(row).toContainText(zh('linkage.scenes.stepCount', { count: 3 }));
  await row.locator('[data-action=run]').click();
  await expect(page.getByText(zh('linkage.scenes.started', { name }))).toBeVisible();
  const panel = page.getByTestId('header').locator('atrium-progress-panel');
  await panel.locator('button').first().click();
  const task = panel.getByRole('row', { name: new RegExp(name) }).first();
  await expect(task.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 15_000 });
  await expect(task).toContainText('3 步全部完成');
  for (const d of [a, b, c]) expect(await pointOf(base, admin, d.id, 'setpoint')).toBe(23);
  await page.keyboard.press('Escape');

  // A second scene, stopped after its first step (longer waits after it leave time to open the panel).
  await reset();
  const evening = `Evening ${Date.now() % 100000}`;
  const slow = steps.map((s, i) => ({ ...s, delaySeconds: i === 0 ? 1 : 5 }));
  expect((await call(base, admin, 'POST', '/api/link/scene', { body: { name: evening, steps: slow } })).code).toBe(0);
  await page.reload();
  await root.locator('tbody tr[data-row]', { hasText: evening }).locator('[data-action=run]').click();
  await expect.poll(() => pointOf(base, admin, a.id, 'setpoint'), { timeout: 10_000 }).toBe(23);
  await panel.locator('button').first().click();
  const running = panel.locator('tr[data-status="1"]', { hasText: evening });
  await running.locator('[data-action=stop]').click();
  await expect(panel.locator('tr[data-status="2"]', { hasText: evening })).toContainText('已取消，其余步骤未执行');
  // The steps after the stop never ran: nothing has written them yet. That no later step runs after a
  // cancel, ever, is the platform's rule and is proven there on its own clock (demo/server/linkage.test.ts,
  // 'a cancel stops the remaining steps'), not here by waiting out the steps' delays.
  expect([await pointOf(base, admin, b.id, 'setpoint'), await pointOf(base, admin, c.id, 'setpoint')]).toEqual([20, 20]);
  await page.keyboard.press('Escape');
});
