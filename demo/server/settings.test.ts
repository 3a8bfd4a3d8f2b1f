// The tunable numbers come from the environment in one place: malformed values stop the start with the
// variable's name, what is not set keeps its default (simulators quiet under the test switch), and no
// route or platform module reads process.env itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTuning, mediaOriginsFromEnv, mediaServerFromEnv, tuningFromEnv, withTwins } from './settings.ts';

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
    // The platform's own folder with its domain folders, and the media server.
    const dirs = [import.meta.dirname, join(import.meta.dirname, '..', 'media')];
    const readers = dirs.flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        // The test harness (testing.ts, test-template.ts) is not the product: the test runner hands it its seeded template.
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['main.ts', 'settings.ts', 'testing.ts', 'test-template.ts'].includes(f))
        .filter((f) => readFileSync(join(dir, f), 'utf8').includes('process.env'))
        .map((f) => f),
    );
    expect(readers).toEqual([]);
  });
});

describe('media origins and the external media server', () => {
  it('reads ATRIUM_MEDIA_ORIGINS as origins and stops the start on anything else, naming it', () => {
    expect(mediaOriginsFromEnv({})).toEqual([]);
    expect(mediaOriginsFromEnv({ ATRIUM_MEDIA_ORIGINS: ' http://127.0.0.2:8081 , wss://Media.Example.com/, https://cdn.example.com:443 ' })).toEqual(['http://127.0.0.2:8081', 'wss://media.example.com', 'https://cdn.example.com']);
    for (const bad of ['media.example.com', 'ftp://media.example.com', 'http://media.example.com/live', 'http://u:p@media.example.com', 'http://media.example.com?x=1', '*', "http://a.example.com 'unsafe-inline'"]) {
      expect(() => mediaOriginsFromEnv({ ATRIUM_MEDIA_ORIGINS: bad }), bad).toThrow(/^ATRIUM_MEDIA_ORIGINS must be comma-separated origins/);
    }
  });

  it('pairs each origin with its twin of the other transport', () => {
    expect(withTwins(['http://127.0.0.2:8081', 'wss://media.example.com'])).toEqual(['http://127.0.0.2:8081', 'ws://127.0.0.2:8081', 'wss://media.example.com', 'https://media.example.com']);
  });

  it('reads ATRIUM_MEDIA_SERVER with its account, and refuses one the console could not play from', () => {
    const env = { ATRIUM_MEDIA_SERVER: 'nms:http://127.0.0.1:8000', ATRIUM_MEDIA_SERVER_USER: 'admin', ATRIUM_MEDIA_SERVER_PASSWORD: 'pw' };
    expect(mediaServerFromEnv({}, [])).toBeNull();
    expect(mediaServerFromEnv(env, ['ws://127.0.0.1:8000'])).toEqual({ kind: 'nms', api: 'http://127.0.0.1:8000', playOrigin: 'http://127.0.0.1:8000', user: 'admin', password: 'pw', playSecret: null });
    expect(mediaServerFromEnv({ ...env, ATRIUM_MEDIA_SERVER_PLAY_ORIGIN: 'https://media.example.com', ATRIUM_MEDIA_SERVER_PLAY_SECRET: 's' }, ['https://media.example.com'])).toMatchObject({ playOrigin: 'https://media.example.com', playSecret: 's' });
    expect(() => mediaServerFromEnv(env, [])).toThrow('ATRIUM_MEDIA_SERVER plays from http://127.0.0.1:8000, which ATRIUM_MEDIA_ORIGINS does not list');
    expect(() => mediaServerFromEnv({ ...env, ATRIUM_MEDIA_SERVER: 'zlm:http://127.0.0.1:8000' }, ['http://127.0.0.1:8000'])).toThrow(/^ATRIUM_MEDIA_SERVER must be <kind>:<api url> with kind one of nms/);
    expect(() => mediaServerFromEnv({ ...env, ATRIUM_MEDIA_SERVER: 'nms:http://admin:pw@127.0.0.1:8000' }, ['http://127.0.0.1:8000'])).toThrow(/without credentials/);
    expect(() => mediaServerFromEnv({ ...env, ATRIUM_MEDIA_SERVER_PASSWORD: '' }, ['http://127.0.0.1:8000'])).toThrow('ATRIUM_MEDIA_SERVER needs the API account in ATRIUM_MEDIA_SERVER_USER and ATRIUM_MEDIA_SERVER_PASSWORD');
  });
});
