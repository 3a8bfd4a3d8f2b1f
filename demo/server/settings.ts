// The platform's tunable numbers (samplers, simulators, seeds, retries), read from the environment in
// one place — main.ts — and handed to createApp; route files read them from `app.atrium.config.tuning`
// and never from process.env, so a test sets them through its options and nothing leaks between tests.
import { hostname } from 'node:os';
import { DEFAULT_FLIP_SHARE } from './device-simulator.ts';

export interface Tuning {
  /** How often this process samples itself for the monitors, ms (ATRIUM_MONITOR_MS; 0 off). */
  monitorMs: number;
  /** This process's name on the monitors (ATRIUM_NODE; host:pid by default). */
  node: string;
  /** Simulated access-control events, ms between rounds (ATRIUM_ATTENDANCE_SIM_MS; 0 off). */
  attendanceSimMs: number;
  /** Point values from the simulator, ms between rounds (ATRIUM_POINT_INTERVAL_MS; 0 off). */
  pointIntervalMs: number;
  /** Share of devices whose status the simulator changes a minute (ATRIUM_DEVICE_FLIP_RATE). */
  deviceFlipShare: number;
  /** Random alarms a minute from the old simulator (ATRIUM_ALARM_RATE; 0 off). */
  alarmRate: number;
  /** First wait before a failed webhook is retried, ms (ATRIUM_WEBHOOK_BACKOFF_MS). */
  webhookBackoffMs: number;
  /** Top the first tenant up to this many devices / users (ATRIUM_SEED_DEVICES / ATRIUM_SEED_USERS). */
  seedDevices: number | null;
  seedUsers: number | null;
  /** Top the first tenant up to this many cameras in one group (ATRIUM_SEED_CAMERAS). */
  seedCameras: number | null;
  /** Top the first tenant up to this many alarms over the past 3 months (ATRIUM_SEED_ALARMS). */
  seedAlarms: number | null;
}

/** The defaults, some of which differ under the test switch (simulators stay quiet unless asked). */
export function defaultTuning(faults: boolean): Tuning {
  return {
    monitorMs: 5000,
    node: `${hostname()}:${process.pid}`,
    attendanceSimMs: faults ? 0 : 60_000,
    pointIntervalMs: faults ? 0 : 10_000,
    deviceFlipShare: DEFAULT_FLIP_SHARE,
    alarmRate: 0,
    webhookBackoffMs: 1000,
    seedDevices: null,
    seedUsers: null,
    seedCameras: null,
    seedAlarms: null,
  };
}

type Env = Record<string, string | undefined>;

/** The tuning the environment sets (only what it sets); a malformed value stops the start with its name. */
export function tuningFromEnv(env: Env): Partial<Tuning> {
  const out: Partial<Tuning> = {};
  const given = (name: string) => (env[name] !== undefined && env[name]!.trim() !== '' ? env[name]!.trim() : null);
  const number = (name: string, check: (n: number) => boolean, what: string): number | null => {
    const raw = given(name);
    if (raw === null) return null;
    const n = Number(raw);
    if (!check(n)) throw new Error(`${name} must be ${what}, got ${raw}`);
    return n;
  };
  const ms = (n: number) => Number.isInteger(n) && n >= 0;
  const set = <K extends keyof Tuning>(key: K, value: Tuning[K] | null) => {
    if (value !== null) out[key] = value;
  };
  set('monitorMs', number('ATRIUM_MONITOR_MS', ms, 'milliseconds (0 or more)'));
  set('node', given('ATRIUM_NODE'));
  set('attendanceSimMs', number('ATRIUM_ATTENDANCE_SIM_MS', ms, 'milliseconds (0 or more)'));
  set('pointIntervalMs', number('ATRIUM_POINT_INTERVAL_MS', ms, 'milliseconds (0 or more)'));
  set('deviceFlipShare', number('ATRIUM_DEVICE_FLIP_RATE', (n) => Number.isFinite(n) && n >= 0 && n <= 1, 'a share per minute between 0 and 1'));
  set('alarmRate', number('ATRIUM_ALARM_RATE', (n) => Number.isFinite(n) && n >= 0, 'alarms per minute (0 or more)'));
  set('webhookBackoffMs', number('ATRIUM_WEBHOOK_BACKOFF_MS', ms, 'milliseconds (0 or more)'));
  set('seedDevices', number('ATRIUM_SEED_DEVICES', (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000, 'a whole number up to 1000000'));
  set('seedUsers', number('ATRIUM_SEED_USERS', (n) => Number.isInteger(n) && n >= 0 && n <= 200_000, 'a whole number up to 200000'));
  set('seedAlarms', number('ATRIUM_SEED_ALARMS', (n) => Number.isInteger(n) && n >= 0 && n <= 5_000_000, 'a whole number up to 5000000'));
  set('seedCameras', number('ATRIUM_SEED_CAMERAS', (n) => Number.isInteger(n) && n >= 0 && n <= 200_000, 'a whole number up to 200000'));
  return out;
}
