// The tunable numbers come from the environment in one place: malformed values stop the start with the
// variable's name, what is not set keeps its default (simulators quiet under the test switch), and no
// route or platform module reads process.env itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTuning, tuningFromEnv } from './settings.ts';

describe('tuning', () => {
  it('reads only what the environment sets, and names a malformed variable', () => {
    expect(tuningFromEnv({})).toEqual({});
    expect(tuningFromEnv({ ATRIUM_MONITOR_MS: '100', ATRIUM_NODE: ' api-1 ', ATRIUM_DEVICE_FLIP_RATE: '0', ATRIUM_SEED_USERS: '5', ATRIUM_ALARM_RATE: '' })).toEqual({ monitorMs: 100, node: 'api-1', deviceFlipShare: 0, seedUsers: 5 });
    expect(() => tuningFromEnv({ ATRIUM_MONITOR_MS: '-1' })).toThrow('ATRIUM_MONITOR_MS must be milliseconds (0 or more), got -1');
    expect(() => tuningFromEnv({ ATRIUM_DEVICE_FLIP_RATE: '2' })).toThrow('ATRIUM_DEVICE_FLIP_RATE must be a share per minute between 0 and 1, got 2');
    expect(() => tuningFromEnv({ ATRIUM_SEED_CAMERAS: '1e9' })).toThrow('ATRIUM_SEED_CAMERAS must be a whole number up to 200000, got 1e9');
  });

  it('keeps the simulators quiet under the test switch unless asked', () => {
    expect(defaultTuning(true)).toMatchObject({ pointIntervalMs: 0, attendanceSimMs: 0, alarmRate: 0 });
    expect(defaultTuning(false)).toMatchObject({ pointIntervalMs: 10_000, attendanceSimMs: 60_000, monitorMs: 5000, webhookBackoffMs: 1000 });
  });

  it('is the only reader of process.env besides main.ts', () => {
    const dirs = [import.meta.dirname, join(import.meta.dirname, 'routes'), join(import.meta.dirname, '..', 'media')];
    const readers = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['main.ts', 'settings.ts'].includes(f))
        .filter((f) => readFileSync(join(dir, f), 'utf8').includes('process.env'))
        .map((f) => f),
    );
    expect(readers).toEqual([]);
  });
});
