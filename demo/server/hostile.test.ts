// Hostile input: routes of the OpenAPI document, called by a signed-in tenant admin with hostile
// values (hostile-walk.ts), answer without a 5xx and store nothing: every table but the logs has the
// same rows afterwards. `npm test` walks a sample that reaches every area of the platform (each
// area's first route per method); the walk over every route is
// a benchmark-sized run: tests/bench/units/hostile-all.test.ts (`npm run bench units`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOf, authRefusedShare, sampleRoutes, snapshot, walk, walkableRoutes } from './hostile-walk.ts';
import { api, login, removeDir, start, type Running } from './testing.ts';

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

describe('hostile input on every route', () => {
  it('refuses a name with control characters with a message a person can act on', async () => {
    const answer = await api(s.base, 'POST', '/api/link/group', { token: admin, headers: { lang: 'en' }, body: { name: 'Lobby\u202Eevil' } });
    expect(answer.body).toMatchObject({ code: -1, msg: 'name: Must not contain control characters or text-direction overrides', data: { field: 'name' } });
  });

  it('answers a sample reaching every area of the platform without a 5xx, and stores nothing', async () => {
    const all = walkableRoutes(s.app);
    expect(all.length).toBeGreaterThan(100);
    const sample = sampleRoutes(all);
    // Every area is in the sample, and path parameters are among what it sends.
    expect(new Set(sample.map((r) => areaOf(r.url)))).toEqual(new Set(all.map((r) => areaOf(r.url))));
    expect(sample.some((r) => r.url.includes(':'))).toBe(true);
    expect(sample.length).toBeLessThan(all.length);
    const before = snapshot(s);
    const result = await walk(s, sample);
    expect(result.failures).toEqual([]);
    // The calls reached the routes' own checks: signing and sign-in refused none of them.
    expect(authRefusedShare(result)).toBeLessThan(0.05);
    const after = snapshot(s);
    expect(Object.keys(before).filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`)).toEqual([]);
  }, 120_000);
});
