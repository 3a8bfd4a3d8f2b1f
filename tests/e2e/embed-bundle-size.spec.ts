// The kit's size budgets (issue 8), checked on the built kit in every `npm test` (the e2e layer runs
// after the build): the bell alone ≤ 100 KB gzip with React and i18next, each further widget ≤ 25 KB
// more, the video engine ≤ 70 KB and loaded only with a video element, the H.265 engine ≤ 70 KB and
// loaded only for an H.265 stream.
import { test, expect } from './fixtures.ts';
import { join } from 'node:path';
import { measureKit, overBudget } from '../bench/lib/kit-size.ts';

test('the built kit keeps every size budget', () => {
  const sizes = measureKit(join(process.cwd(), 'dist', 'widgets'));
  expect(Object.keys(sizes.bellFiles).length, 'the bell entry and its chunks exist').toBeGreaterThan(1);
  expect(overBudget(sizes), JSON.stringify({ bell: sizes.bellKB, further: sizes.furtherKB, engine: sizes.videoEngineKB })).toEqual([]);
});
