// The test-only routes exist only under the test switch, and live only in the test-only modules: no
// product route file registers one, and a platform started without the switch answers none of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, start, type Running } from './testing.ts';

const HOOKS: Array<[method: string, path: string]> = [
  ['POST', '/__test/alarms'],
  ['POST', '/__test/attendance/clock'],
  ['POST', '/__test/device/status'],
  ['POST', '/__test/device/simulator'],
  ['POST', '/__test/ldap'],
  ['POST', '/__test/jobs/tick'],
  ['POST', '/__test/linkage/settle'],
  ['POST', '/__test/monitor/sample'],
  ['POST', '/__test/points/tick'],
  ['POST', '/__test/points/set'],
  ['POST', '/__test/gateway'],
  ['GET', '/__test/ptz'],
  ['POST', '/__test/media'],
  ['GET', '/__test/captcha'],
  ['POST', '/__test/faults'],
];

const platforms: Running[] = [];
afterAll(async () => {
  for (const p of platforms) {
    await p.stop();
    removeDir(p.dir);
  }
});

const statuses = async (faults: boolean): Promise<number[]> => {
  const p = await start({ faults });
  platforms.push(p);
  return Promise.all(HOOKS.map(async ([method, path]) => (await fetch(p.base + path, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) })).status));
};

describe('test-only routes', () => {
  it('are registered by no product route file', () => {
    // Every domain folder's modules (people/, devices/, alarms/ …); the platform's own files at the top are not routes.
    const dir = import.meta.dirname;
    const routeFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('/') && f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(routeFiles.length).toBeGreaterThan(40);
    const offenders = routeFiles.filter((f) => /\/__test\/|config\.faults/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('answer only on a platform started with the test switch', async () => {
    expect(await statuses(false)).toEqual(HOOKS.map(() => 404));
    const on = await statuses(true);
    expect(on.filter((s) => s === 404)).toEqual([]);
    // An empty body is refused with a message, not a server error.
    expect(HOOKS.filter((_, i) => on[i]! >= 500)).toEqual([]);
    // Two whole platform starts inside the test (each up to ~15 s beside the other units on a 2-core
    // machine; the fresh-clone run at 21:44 ran past the default 20 s): the time is the starts', not the check's.
  }, 60_000);
});
