// Every route of the OpenAPI document, called by a signed-in tenant admin with hostile values —
// nothing, the wrong JSON shapes, numbers where text belongs, arrays where ids belong, text with NUL,
// ESC and U+202E, absurd numbers, odd path parameters — answers without a 5xx, and stores nothing:
// every table but the logs has the same rows afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './openapi.ts';
import { login, removeDir, start, api, type Running } from './testing.ts';

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

const NASTY = 'a\u0000b\u001bc\u202ed';
const BODIES: unknown[] = [
  undefined,
  {},
  [],
  'text',
  { id: [1, 2], ids: '1,2', name: NASTY, page: 'abc', limit: -1, keyword: { $gt: '' } },
  { id: 'NaN', name: '', code: NASTY, username: NASTY, title: NASTY, status: 99, type: [], parentId: -5, startTime: '2026-13-45 99:99:99', endTime: 0 },
  { ids: [1e308, -1, 'x', null], page: 1e12, limit: 1e12, name: 'x'.repeat(10_000) },
];
const PARAMS = ['abc', '-1', '99999999999999999999', '%00'];
/** Tables that record every call (refusals included), sessions and counters: allowed to change. */
const LOGS = new Set(['op_log', 'request_log', 'client_error', 'token', 'session', 'nonce', 'login_attempt', 'progress', 'monitor_sample', 'queue_message', 'bus_message', 'rate_limit', 'seen_nonce', 'cluster_sample']);

/** Routes whose empty request is a valid one that acts: sign-out, and handling every open alarm. */
const SKIP = new Set(['/jwt/invalid', '/api/alarm/handle/all']);

function snapshot(): Record<string, number> {
  const db = s.app.atrium.db;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables) if (!LOGS.has(name)) counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  return counts;
}

describe('hostile input on every route', () => {
  it('refuses a name with control characters with a message a person can act on', async () => {
    const answer = await api(s.base, 'POST', '/api/link/group', { token: admin, headers: { lang: 'en' }, body: { name: 'Lobby\u202Eevil' } });
    expect(answer.body).toMatchObject({ code: -1, msg: 'name: Must not contain control characters or text-direction overrides', data: { field: 'name' } });
  });

  it('answers without a 5xx and stores nothing', async () => {
    const routes = registeredRoutes(s.app).filter((r) => !r.hidden && r.method !== 'HEAD' && r.method !== 'OPTIONS' && /^\/(api|jwt)\//.test(r.url) && !r.url.startsWith('/api/docs') && !r.url.includes('logout') && !SKIP.has(r.url));
    expect(routes.length).toBeGreaterThan(100);
    const before = snapshot();
    const failures: string[] = [];
    const codes = new Map<number, number>();
    let last = '';
    for (const route of routes) {
      const paths = route.url.includes(':') ? PARAMS.map((p) => route.url.replace(/:\w+/g, p)) : [route.url];
      for (const path of paths) {
        const calls: Array<{ body?: unknown; query?: Record<string, string> }> =
          route.method === 'GET' || route.method === 'DELETE'
            ? [{ query: { id: NASTY, page: '-1', limit: 'abc', day: '2026-02-30', keyword: NASTY } }, { query: { id: '1e400' } }, {}]
            : BODIES.map((body) => ({ body }));
        for (const call of calls) {
          let answer = await api(s.base, route.method, path, { token: admin, headers: { lang: 'en' }, ...call });
          if (typeof answer.body === 'object' && answer.body !== null && (answer.body as { code?: number }).code === 40101) {
            // The session ended: some call must have ended it. Say which, sign in again, and go on.
            failures.push(`session ended before ${route.method} ${path} ${JSON.stringify(call).slice(0, 80)} (last: ${last})`);
            admin = await login(s.base, 'admin', 'admin123');
            answer = await api(s.base, route.method, path, { token: admin, headers: { lang: 'en' }, ...call });
          }
          last = `${route.method} ${path} ${JSON.stringify(call).slice(0, 80)} → ${JSON.stringify(answer.body).slice(0, 100)}`;
          const code = typeof answer.body === 'object' && answer.body !== null ? Number((answer.body as { code?: unknown }).code) : answer.status;
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (answer.status >= 500) failures.push(`${route.method} ${path} ${JSON.stringify(call).slice(0, 80)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The calls reached the routes' own checks: signing and sign-in refused none of them.
    const total = [...codes.values()].reduce((a, b) => a + b, 0);
    const authRefused = [...codes].filter(([c]) => c >= 40100 && c < 40200).reduce((a, [, n]) => a + n, 0);
    console.log('answers by code:', Object.fromEntries(codes));
    expect(authRefused / total).toBeLessThan(0.05);
    const after = snapshot();
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`);
    expect(changed).toEqual([]);
  }, 240_000);
});
