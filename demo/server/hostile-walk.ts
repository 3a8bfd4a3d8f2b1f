// The hostile walk over the platform's routes (hostile.test.ts takes a sample of them in `npm test`;
// tests/bench/units/hostile-all.test.ts walks every one): each route called by a signed-in tenant
// admin with nothing, the wrong JSON shapes, numbers where text belongs, arrays where ids belong,
// text with NUL, ESC and U+202E, absurd numbers and odd path parameters.
import type { FastifyInstance } from 'fastify';
import { registeredRoutes } from './openapi.ts';
import { api, login, type Running } from './testing.ts';

export const NASTY = 'a\u0000b\u001bc\u202ed';
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

export interface Route {
  method: string;
  url: string;
}

/** Every route the walk may call, in registration order. */
export function walkableRoutes(app: FastifyInstance): Route[] {
  return registeredRoutes(app).filter((r) => !r.hidden && r.method !== 'HEAD' && r.method !== 'OPTIONS' && /^\/(api|jwt)\//.test(r.url) && !r.url.startsWith('/api/docs') && !r.url.includes('logout') && !SKIP.has(r.url));
}

/** A route's area: its path's first two segments (/api/alarm, /jwt/token). */
export const areaOf = (url: string): string => url.split('/').slice(0, 3).join('/');

/** A sample that still reaches every area of the platform: the first route of each method per area. */
export function sampleRoutes(routes: readonly Route[]): Route[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${areaOf(r.url)} ${r.method}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Row counts of every table but the logs. */
export function snapshot(s: Running): Record<string, number> {
  const db = s.app.atrium.db;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables) if (!LOGS.has(name)) counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  return counts;
}

export interface WalkResult {
  /** Calls answered 5xx, and sessions some call ended. */
  failures: string[];
  /** Answers by envelope code (or HTTP status when the body is not an envelope). */
  codes: Map<number, number>;
  calls: number;
}

/** Calls each route with the hostile values as the tenant admin (signing in again when a call ended the session). */
export async function walk(s: Running, routes: readonly Route[]): Promise<WalkResult> {
  let admin = await login(s.base, 'admin', 'admin123');
  const failures: string[] = [];
  const codes = new Map<number, number>();
  let last = '';
  let calls = 0;
  for (const route of routes) {
    const paths = route.url.includes(':') ? PARAMS.map((p) => route.url.replace(/:\w+/g, p)) : [route.url];
    for (const path of paths) {
      const variants: Array<{ body?: unknown; query?: Record<string, string> }> =
        route.method === 'GET' || route.method === 'DELETE'
          ? [{ query: { id: NASTY, page: '-1', limit: 'abc', day: '2026-02-30', keyword: NASTY } }, { query: { id: '1e400' } }, {}]
          : BODIES.map((body) => ({ body }));
      for (const call of variants) {
        calls++;
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
  return { failures, codes, calls };
}

/** The share of calls that signing or sign-in refused (4010x): the walk must reach the routes' own checks. */
export function authRefusedShare(result: WalkResult): number {
  const refused = [...result.codes].filter(([c]) => c >= 40100 && c < 40200).reduce((a, [, n]) => a + n, 0);
  return refused / result.calls;
}
