// Live values and history through the console: a read-write parameter set through the gateway shows
// its new value; with the gateway taken offline in the simulator the next write says 'gateway
// offline'; history search draws the last 24 h of a simulated parameter and exports as many rows as
// its table shows; axe passes on the history page in the dark and light themes.
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { holdDeviceSimulator, signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';
import { pick } from './picker-helpers.ts';

const post = (base: string, path: string, body: unknown = {}) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

holdDeviceSimulator();

async function fanCoil(base: string): Promise<{ id: number; code: string; gatewayId: number }> {
  const admin = await apiSignIn(base, 'admin', 'admin123');
  const page = (await call(base, admin, 'GET', '/api/device/list', { query: { keyword: 'FCU-', status: 'online', limit: '50' } })).data.rows as Array<{ id: number; code: string; gatewayId: number | null; modelName: string }>;
  const device = page.find((d) => d.gatewayId !== null && d.modelName === '风机盘管')!;
  return { id: device.id, code: device.code, gatewayId: device.gatewayId! };
}

test('a set point written through the gateway, and a write refused while the gateway is offline', async ({ page, baseURL }) => {
  const fcu = await fanCoil(baseURL!);
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, mode: 'normal', status: 'online' });
  await post(baseURL!, '/__test/points/tick');
  await signIn(page, 'admin', { to: '/devmng/subsystem' });
  const root = page.locator('[data-page=device-subsystem]');
  await root.locator('input[name=keyword]').fill(fcu.code);
  await root.locator('input[name=keyword]').press('Enter');
  const row = root.locator('tbody tr[data-row]', { hasText: fcu.code });
  await row.locator('[data-action=values]').click();
  const dialog = page.getByTestId('device-values');
  const setpoint = dialog.locator('tr[data-point=setpoint]');
  await expect(setpoint.locator('[data-value]')).toHaveText(/°C$/);
  await setpoint.locator('input').fill('27');
  await setpoint.getByRole('button', { name: zh('subsystem.write') }).click();
  await expect(setpoint.locator('[data-value]')).toHaveText('27 °C');

  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, status: 'offline' });
  await setpoint.locator('input').fill('25');
  await setpoint.getByRole('button', { name: zh('subsystem.write') }).click();
  await expect(setpoint.getByRole('alert')).toHaveText(zh('gateway.offline'));
  await expect(setpoint.locator('[data-value]')).toHaveText('27 °C');
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, status: 'online' });
  // A read-only parameter offers no write.
  await expect(dialog.locator('tr[data-point=temp] input')).toHaveCount(0);
});

test('history search charts the last 24 h of a parameter and exports the rows of its table', async ({ page, baseURL }) => {
  const fcu = await fanCoil(baseURL!);
  // Ten rounds spread over the last 5 hours.
  for (let i = 0; i < 10; i++) await post(baseURL!, '/__test/points/tick', { at: Date.now() - i * 30 * 60_000 });
  await signIn(page, 'admin', { to: '/devmng/search' });
  const root = page.locator('[data-page=history-search]');
  await root.locator('[data-action=query]').click();
  await expect(root.getByRole('alert')).toHaveText(zh('history.pickDevice'));
  await root.locator('input[name=device-keyword]').fill(fcu.code);
  await root.locator('[data-action=find]').click();
  await root.locator('select[name=devices]').selectOption(String(fcu.id));
  await expect(root.locator('select[name=params] option')).toHaveCount(3);
  await root.locator('select[name=params]').selectOption('temp');
  await root.locator('input[name=from]').fill('2020-01-01');
  await root.locator('[data-action=query]').click();
  await expect(root.getByRole('alert')).toHaveText(zh('validate.alarm.window', { months: 3 }));
  await root.getByRole('button', { name: zh('history.last24h') }).click();
  await root.locator('[data-action=query]').click();
  await expect(root.getByTestId('history-chart').locator('canvas')).toHaveCount(1);
  const rows = await root.locator('tr[data-history-row]').count();
  expect(rows).toBeGreaterThanOrEqual(10);

  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const before = ((await call(baseURL!, admin, 'GET', '/api/admin/progress')).data as Array<{ hashKey: string }>).map((p) => p.hashKey);
  await root.locator('[data-action=export-history]').click();
  await expect(page.getByText(zh('history.exportStarted'))).toBeVisible();
  await expect
    .poll(async () => {
      const items = (await call(baseURL!, admin, 'GET', '/api/admin/progress')).data as Array<{ hashKey: string; key: string; msg: string; status: number }>;
      return items.find((p) => p.key === 'historyExport' && !before.includes(p.hashKey) && p.status !== 1)?.msg ?? '';
    })
    .toBe(`已导出 ${rows} 行`);
});

test('gateways: status, the devices behind one, and distributing the configuration through it', async ({ page, baseURL }) => {
  const fcu = await fanCoil(baseURL!);
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, mode: 'normal', status: 'online' });
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const gateway = ((await call(baseURL!, admin, 'GET', '/api/gateway/list', { query: { limit: '100' } })).data.rows as Array<{ id: number; code: string; name: string }>).find((g) => g.id === fcu.gatewayId)!;
  await signIn(page, 'admin', { to: '/devmng/gw' });
  const root = page.locator('[data-page=gateway]');
  const row = root.locator('tbody tr[data-row]', { hasText: gateway.code });
  await expect(row.locator('[data-status]')).toHaveText(zh('status.device.online'));
  await expect(row.locator('[data-distributed]')).toHaveText(zh('gateways.never'));
  await row.locator('[data-action=distribute]').click();
  await expect(page.getByText(new RegExp(zh('gateways.distributed', { name: gateway.name, count: 999 }).split('999')[0]!))).toBeVisible();
  await expect(row.locator('[data-distributed]')).not.toHaveText(zh('gateways.never'));
  // SPEC §9's time format in the Chinese UI too (it read '11/26/2026, 9:17:01 AM' through toLocaleString).
  await expect(row.locator('[data-distributed]')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, status: 'offline' });
  await row.locator('[data-action=distribute]').click();
  await expect(page.getByText(zh('gateway.offline'))).toBeVisible();
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, status: 'online' });

  await row.locator('[data-action=devices]').click();
  const dialog = page.getByTestId('gateway-devices');
  await expect(dialog.locator('tbody tr[data-row]', { hasText: fcu.code })).toBeVisible();
  await dialog.getByRole('button', { name: zh('gateways.close') }).click();
});

test('gateway resource points: filtered by state, a spare output point carries a set point, and distributing clears what was pending', async ({ page, baseURL }) => {
  const fcu = await fanCoil(baseURL!);
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu.gatewayId, mode: 'normal', status: 'online' });
  const admin = await apiSignIn(baseURL!, 'admin', 'admin123');
  const gateway = ((await call(baseURL!, admin, 'GET', '/api/gateway/list', { query: { limit: '100' } })).data.rows as Array<{ id: number; code: string; name: string }>).find((g) => g.id === fcu.gatewayId)!;
  // The fan coil's set point is freed from whatever point carries it, so a spare can take it.
  const points = (await call(baseURL!, admin, 'GET', `/api/gateway/${gateway.id}/points`, { query: { limit: '200' } })).data.rows as Array<{ id: number; code: string; kind: string; deviceId: number | null; paramCode: string | null }>;
  const holder = points.find((p) => p.deviceId === fcu.id && p.paramCode === 'setpoint');
  if (holder) expect((await call(baseURL!, admin, 'PUT', `/api/gateway/point/${holder.id}`, { body: { code: holder.code, name: 'Freed', kind: holder.kind, used: false, deviceId: null, paramCode: null } })).code).toBe(0);

  await signIn(page, 'admin', { to: '/devmng/gw' });
  await page.locator('[data-page=gateway] tbody tr[data-row]', { hasText: gateway.code }).locator('[data-action=points]').click();
  const dialog = page.getByTestId('gateway-points');
  await dialog.locator('[data-testid=resource-filters] select[name=associated]').selectOption('false');
  const spare = dialog.locator('tbody tr[data-row]', { hasText: 'AO-' }).first();
  await expect(spare.locator('[data-associated]')).toHaveText(zh('gateways.point.no.associated'));

  // An output point refuses a read-only parameter; the set point (read-write) is taken.
  await spare.locator('[data-action=edit]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('input[name=name]').fill('Fan coil set point');
  await pick(form.locator('[name=target]'), `${fcu.code} · 供水温度 (r)`);
  await form.locator('button[type=submit]').click();
  await expect(form.getByTestId('resource-form-failure')).toHaveText('输出点（AO/DO）只能关联可读写参数');
  await pick(form.locator('[name=target]'), `${fcu.code} · 设定温度 (rw)`);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();

  await dialog.locator('[data-testid=resource-filters] select[name=associated]').selectOption('');
  await dialog.locator('[data-testid=resource-filters] select[name=distributed]').selectOption('false');
  const pending = dialog.locator('tbody tr[data-row]', { hasText: 'Fan coil set point' });
  await expect(pending.locator('[data-associated]')).toHaveText(`${fcu.code} · 设定温度`);
  await expect(pending.locator('[data-distributed]')).toHaveText(zh('gateways.point.no.distributed'));
  await dialog.locator('[data-action=distribute-points]').click();
  await expect(dialog.locator('tbody tr[data-row]')).toHaveCount(0);
  await dialog.locator('[data-testid=resource-filters] select[name=distributed]').selectOption('true');
  await expect(dialog.locator('tbody tr[data-row]', { hasText: 'Fan coil set point' }).locator('[data-distributed]')).toHaveText(zh('gateways.point.yes.distributed'));
  // The dialog covers the header's theme switch: axe checks it in the theme it opened in.
  await expectNoSeriousA11yViolations(page, 'gateway points', { include: '[data-testid=gateway-points]' });
});
