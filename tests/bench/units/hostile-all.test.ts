// Benchmark-sized (npm run bench units): the hostile walk over every route of the platform, where
// `npm test` walks a sample reaching every area (demo/server/hostile.test.ts). No route answers a
// 5xx, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRefusedShare, snapshot, walk, walkableRoutes } from '../../../demo/server/hostile-walk.ts';
import { removeDir, start, type Running } from '../../../demo/server/testing.ts';

let s: Running;
beforeAll(async () => {
  s = await start({ faults: true });
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

describe('hostile input on every route', () => {
  it('answers without a 5xx and stores nothing', async () => {
    const routes = walkableRoutes(s.app);
    expect(routes.length).toBeGreaterThan(100);
    const before = snapshot(s);
    const started = Date.now();
    const result = await walk(s, routes);
    console.log(`${routes.length} routes, ${result.calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; answers by code:`, Object.fromEntries(result.codes));
    expect(result.failures).toEqual([]);
    expect(authRefusedShare(result)).toBeLessThan(0.05);
    const after = snapshot(s);
    expect(Object.keys(before).filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`)).toEqual([]);
  }, 300_000);
});
