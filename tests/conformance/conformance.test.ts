// A bounded sample of the conformance suite (tests/conformance/suite.ts) against a demo platform, in
// npm test: every declared operation with its example and one generated request, six of its
// hostile variants, and the second tenant's ids; this is part 1 of tests/conformance/sample.ts's
// parts (conformance-2/3.test.ts hold the others). The full run is `npm run conformance` (README).
import { expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/contract/index.ts';
import { operationsOf } from '../../demo/server/contract.ts';
import { PARTS, partOf, samplePart } from './sample.ts';

const part = samplePart(0);

it('declares to the suite exactly the operations the platform serves from the contract', () => {
  const served = new Set(operationsOf(part.platform().app).map((op) => `${op.method} ${op.path}`));
  expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((o) => !served.has(o))).toEqual([]);
  expect([...served].filter((o) => !OPERATIONS.some((op) => `${op.method} ${op.path}` === o))).toEqual([]);
});

it('shares every declared operation out to exactly one part', () => {
  const parts = Array.from({ length: PARTS }, (_, i) => partOf(i));
  expect(parts.flat().length).toBe(OPERATIONS.length);
  expect(new Set(parts.flat()).size).toBe(OPERATIONS.length);
});
