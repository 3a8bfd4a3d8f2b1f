// npm start runs the platform with the same Node flags as the e2e platform and the benchmarks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLATFORM_NODE_FLAGS } from './node-flags.ts';

describe('platform node flags', () => {
  it('are the ones npm start uses', () => {
    const start = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node ${PLATFORM_NODE_FLAGS.join(' ')} demo/server/main.ts`);
  });
});
