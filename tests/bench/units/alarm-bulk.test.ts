// Benchmark-sized (npm run bench units): 25,000 alarms made at once under the test switch and all
// handled as one background task within 10 s. `npm test` checks the same behaviour on 2,000
// (demo/server/alarm.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, sleep, start, type Running } from '../../../demo/server/testing.ts';

describe('25,000 alarms', () => {
  let s: Running;
  let admin: string;
  beforeAll(async () => {
    s = await start({ faults: true });
    admin = await login(s.base, 'admin', 'admin123');
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });
  const total = async () => (await api(s.base, 'GET', '/api/alarm/total/tenant', { token: admin })).body.data.total as number;

  it('are made at once, and handled as a background task within 10 s', async () => {
    const before = await total();
    const res = await fetch(`${s.base}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 25000 }) });
    expect((await res.json()).data.created).toBe(25000);
    expect(await total()).toBe(before + 25000);
    const started = Date.now();
    const handled = await api(s.base, 'POST', '/api/alarm/handle/all', { token: admin, body: {} });
    expect(handled.body.data.task).toMatch(/^[0-9a-f]{16}$/);
    while ((await total()) > 0 && Date.now() - started < 10_000) await sleep(100);
    expect(await total()).toBe(0);
    const seconds = (Date.now() - started) / 1000;
    console.log(`25,000 alarms handled in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(10);
  }, 60_000);
});
