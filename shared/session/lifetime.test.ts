// Issue 41: the kit refreshes a token before it ends, whatever its lifetime, and at least every 600 s.
import { describe, expect, it } from 'vitest';
import { refreshPeriodMs, TOKEN_REFRESH_MS } from './actions.ts';

describe('refresh period', () => {
  it('is 80% of a lifetime and 5 s before its end at the latest, 600 s at most, and 600 s when the lifetime is unknown', () => {
    expect(refreshPeriodMs(60)).toBe(48_000);
    expect(refreshPeriodMs(20)).toBe(15_000);
    expect(refreshPeriodMs(8)).toBe(3_000);
    expect(refreshPeriodMs(4)).toBe(1_000);
    expect(refreshPeriodMs(3600)).toBe(TOKEN_REFRESH_MS);
    expect(refreshPeriodMs(undefined)).toBe(TOKEN_REFRESH_MS);
    expect(refreshPeriodMs(0)).toBe(TOKEN_REFRESH_MS);
  });
});
