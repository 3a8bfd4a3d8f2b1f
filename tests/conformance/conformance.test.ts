// A bounded sample of the conformance suite (tests/conformance/suite.ts) against a demo platform, in
// npm test: every declared operation with its example and one generated request, six of its
// hostile variants, and the second tenant's ids. The full run is `npm run conformance` (README).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/contract/index.ts';
import { operationsOf } from '../../demo/server/contract.ts';
import { login, removeDir, start, type Running } from '../../demo/server/testing.ts';
import { run, skipValid } from './suite.ts';

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

it('declares to the suite exactly the operations the platform serves from the contract', () => {
  const served = new Set(operationsOf(s.app).map((op) => `${op.method} ${op.path}`));
  expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((o) => !served.has(o))).toEqual([]);
  expect([...served].filter((o) => !OPERATIONS.some((op) => `${op.method} ${op.path}` === o))).toEqual([]);
});

it('answers valid and hostile requests as declared, refuses every hostile one, and never shows another tenant its rows', async () => {
  const report = await run({
    base: s.base,
    token: admin,
    foreignToken: admin2,
    operations: OPERATIONS,
    validRuns: 1,
    hostileRuns: 6,
    seed: 36,
    skipValid,
  });
  expect(report.failures).toEqual([]);
  expect(report.operations.filter((r) => r.hostile === 0).map((r) => r.operation), 'operations without a hostile request').toEqual([]);
  expect(report.operations.reduce((n, r) => n + r.foreign, 0)).toBeGreaterThan(0);
}, 60_000);
