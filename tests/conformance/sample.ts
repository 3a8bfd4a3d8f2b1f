// The bounded sample of the conformance suite in npm test, in parts that vitest runs side by side:
// the suite mostly waits (on the platform's answers, and 100 ms at a time for rows still changing
// before a write's hostile requests), and as one file it was the units' last 37-51 s. Each part is a
// set of whole tags (a tag's list reads are the witnesses of its writes) on a platform of its own,
// the parts balanced by the writes they hold.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/contract/index.ts';
import type { Operation } from '../../shared/contract/operation.ts';
import { login, removeDir, start, type Running } from '../../demo/server/testing.ts';
import { run, skipValid } from './suite.ts';

export const PARTS = 3;

/** The operations of part `index` (0-based) of PARTS, in the contract's order. */
export function partOf(index: number): Operation[] {
  const cost = (op: Operation) => (op.method === 'GET' ? 1 : 3);
  const byTag = new Map<string, number>();
  for (const op of OPERATIONS) byTag.set(op.tag, (byTag.get(op.tag) ?? 0) + cost(op));
  const load = Array.from({ length: PARTS }, () => 0);
  const partOfTag = new Map<string, number>();
  for (const [tag, weight] of [...byTag].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const lightest = load.indexOf(Math.min(...load));
    partOfTag.set(tag, lightest);
    load[lightest]! += weight;
  }
  return OPERATIONS.filter((op) => partOfTag.get(op.tag) === index);
}

/** Declares the part's platform and its test: valid and hostile requests, and the second tenant's ids. */
export function samplePart(index: number): { platform: () => Running } {
  let s: Running;
  let admin: string;
  let admin2: string;
  beforeAll(async () => {
    // The answer check is on (testing.ts): an answer that breaks its declaration is a 500 here too.
    s = await start({ faults: true, tuning: { alarmRate: 0 } });
    [admin, admin2] = await Promise.all([login(s.base, 'admin', 'admin123'), login(s.base, 'admin2', 'admin123')]);
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  it(`answers valid and hostile requests as declared, refuses every hostile one, and never shows another tenant its rows (part ${index + 1} of ${PARTS})`, async () => {
    const operations = partOf(index);
    expect(operations.length).toBeGreaterThan(0);
    const report = await run({ base: s.base, token: admin, foreignToken: admin2, operations, validRuns: 1, hostileRuns: 6, seed: 36, skipValid });
    expect(report.failures).toEqual([]);
    expect(report.operations.filter((r) => r.hostile === 0).map((r) => r.operation), 'operations without a hostile request').toEqual([]);
    expect(report.operations.reduce((n, r) => n + r.foreign, 0)).toBeGreaterThan(0);
  }, 60_000);

  return { platform: () => s };
}
