// The two monitors through the console: this platform node with its live figures and charts; the
// event queue's point.changed topic, where pausing the linkage consumer lets the backlog rise within
// seconds while point changes keep coming, and resuming drains it. Both belong to the platform
// operator: a tenant's admin neither sees them nor can pause the queue every tenant shares.
import { expect, test } from './fixtures.ts';
import { a11yInThemes, signIn, zh } from './console-helpers.ts';
import { call, signIn as apiSignIn } from './video-helpers.ts';

const post = (base: string, path: string, body: unknown = {}) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

test('the cluster monitor shows this node’s figures and charts of the hour', async ({ page, baseURL }) => {
  await post(baseURL!, '/__test/monitor/sample');
  await post(baseURL!, '/__test/monitor/sample');
  await signIn(page, 'vendor', { to: '/clustermonitor' });
  const root = page.locator('[data-page=cluster-monitor]');
  const node = root.locator('section[data-node]').first();
  await expect(node).toContainText(zh('monitor.self'));
  await expect(node.locator('[data-figure=rss] dd')).toHaveText(/^\d+ MB$/);
  await expect(node.locator('[data-figure=loop] dd')).toHaveText(/^[\d.]+ \/ [\d.]+ ms$/);
  await expect(node.locator('[data-figure=http] dd')).toHaveText(/^[1-9]\d*$/);
  for (const id of ['chart-cpu', 'chart-memory', 'chart-loop', 'chart-rps']) await expect(node.getByTestId(id).locator('canvas')).toHaveCount(1);
  await a11yInThemes(page, 'cluster monitor', '[data-page=cluster-monitor]');
});

test('pausing a queue consumer lets its backlog rise; resuming drains it', async ({ page, baseURL }) => {
  const base = baseURL!;
  const admin = await apiSignIn(base, 'admin', 'admin123');
  const vendor = await apiSignIn(base, 'vendor', 'vendor123');
  const device = ((await call(base, admin, 'GET', '/api/device/list', { query: { keyword: 'FCU-', limit: '1' } })).data.rows as Array<{ id: number }>)[0]!;
  try {
    await signIn(page, 'vendor', { to: '/mqmonitor' });
    const topic = page.locator('[data-page=mq-monitor] section[data-topic="point.changed"]');
    const consumer = topic.locator('tr[data-consumer=linkage]');
    await expect(consumer.locator('[data-part=backlog]')).toHaveText('0');
    await consumer.locator('[data-action=pause]').click();
    await expect(consumer).toHaveAttribute('data-paused', 'true');
    for (let i = 0; i < 30; i++) await post(base, '/__test/points/set', { deviceId: device.id, code: 'temp', value: 20 + (i % 5) });
    await expect.poll(async () => Number(await consumer.locator('[data-part=backlog]').textContent()), { timeout: 6000 }).toBeGreaterThanOrEqual(30);
    await consumer.locator('[data-action=resume]').click();
    await expect(consumer).toHaveAttribute('data-paused', 'false');
    await expect(consumer.locator('[data-part=backlog]')).toHaveText('0', { timeout: 6000 });
    await expect(topic.getByTestId('chart-point.changed').locator('canvas')).toHaveCount(1);
    await a11yInThemes(page, 'queue monitor', '[data-page=mq-monitor]');
  } finally {
    await call(base, vendor, 'POST', '/api/monitor/mq/consumer', { body: { topic: 'point.changed', consumer: 'linkage', paused: false } });
  }
});
