// The platform's tunable numbers (samplers, simulators, seeds, retries), read from the environment in
// one place — main.ts — and handed to createApp; route files read them from `app.atrium.config.tuning`
// and never from process.env, so a test sets them through its options and nothing leaks between tests.
import { hostname } from 'node:os';

/** Default share of a tenant's devices flipped per minute (env ATRIUM_DEVICE_FLIP_RATE; devices/device-simulator.ts). */
export const DEFAULT_FLIP_SHARE = 0.02;

/**
 * Excursions (a value running to the top of its range) across the whole building an hour by default:
 * a calm building raises a few alarms an hour. ATRIUM_EXCURSIONS_PER_HOUR sets another rate (a busy
 * demo: 600); each point then runs off with the same small chance per round (devices/points.ts).
 */
export const DEFAULT_EXCURSIONS_PER_HOUR = 4;

export interface Tuning {
  /** How often this process samples itself for the monitors, ms (ATRIUM_MONITOR_MS; 0 off). */
  monitorMs: number;
  /** This process's name on the monitors (ATRIUM_NODE; host:pid by default). */
  node: string;
  /** Simulated access-control events, ms between rounds (ATRIUM_ATTENDANCE_SIM_MS; 0 off). */
  attendanceSimMs: number;
  /** Point values from the simulator, ms between rounds (ATRIUM_POINT_INTERVAL_MS; 0 off). */
  pointIntervalMs: number;
  /** Excursions of point values across the whole building an hour (ATRIUM_EXCURSIONS_PER_HOUR). */
  excursionsPerHour: number;
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
    excursionsPerHour: DEFAULT_EXCURSIONS_PER_HOUR,
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
  set('excursionsPerHour', number('ATRIUM_EXCURSIONS_PER_HOUR', (n) => Number.isFinite(n) && n >= 0, 'excursions an hour (0 or more)'));
  set('alarmRate', number('ATRIUM_ALARM_RATE', (n) => Number.isFinite(n) && n >= 0, 'alarms per minute (0 or more)'));
  set('webhookBackoffMs', number('ATRIUM_WEBHOOK_BACKOFF_MS', ms, 'milliseconds (0 or more)'));
  set('seedDevices', number('ATRIUM_SEED_DEVICES', (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000, 'a whole number up to 1000000'));
  set('seedUsers', number('ATRIUM_SEED_USERS', (n) => Number.isInteger(n) && n >= 0 && n <= 200_000, 'a whole number up to 200000'));
  set('seedAlarms', number('ATRIUM_SEED_ALARMS', (n) => Number.isInteger(n) && n >= 0 && n <= 5_000_000, 'a whole number up to 5000000'));
  set('seedCameras', number('ATRIUM_SEED_CAMERAS', (n) => Number.isInteger(n) && n >= 0 && n <= 200_000, 'a whole number up to 200000'));
  return out;
}

// ---- media origins and an external media server -------------------------------------------------

/**
 * ATRIUM_MEDIA_ORIGINS: origins of media servers the console may fetch live video from, beside the
 * platform's own (comma-separated, e.g. `http://127.0.0.2:8081, wss://media.example.com`). Each is
 * written back as its origin (scheme://host[:port]); a path, query, credentials or another scheme stops
 * the start with the setting's name.
 */
export function mediaOriginsFromEnv(env: Env): string[] {
  const raw = env.ATRIUM_MEDIA_ORIGINS ?? '';
  const out: string[] = [];
  for (const item of raw.split(',').map((x) => x.trim()).filter(Boolean)) {
    const origin = originOf(item);
    if (!origin) throw new Error(`ATRIUM_MEDIA_ORIGINS must be comma-separated origins such as http://127.0.0.2:8081 or wss://media.example.com (scheme http, https, ws or wss; no path), got ${item}`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

const ORIGIN_SCHEMES = ['http:', 'https:', 'ws:', 'wss:'];

/** `scheme://host[:port]` of an origin written alone (a trailing slash allowed), or null. */
function originOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!ORIGIN_SCHEMES.includes(url.protocol) || !url.hostname || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  // The URL parser drops a default port and lower-cases the host, as browsers compare origins.
  return `${url.protocol}//${url.host}`;
}

/**
 * Each origin with its twin of the other transport: http ⇄ ws and https ⇄ wss. A media server serves
 * HTTP-FLV and WS-FLV on one port, so allowing one of the pair allows the other.
 */
export function withTwins(origins: readonly string[]): string[] {
  const twin: Record<string, string> = { 'http:': 'ws:', 'ws:': 'http:', 'https:': 'wss:', 'wss:': 'https:' };
  const out: string[] = [];
  for (const origin of origins) {
    const scheme = origin.slice(0, origin.indexOf('//'));
    for (const o of [origin, `${twin[scheme]}${origin.slice(scheme.length)}`]) if (!out.includes(o)) out.push(o);
  }
  return out;
}

/** The external media server the platform drives for cameras with a source (ATRIUM_MEDIA_SERVER). */
export interface MediaServerSetting {
  /** Which server's API: `nms` (node-media-server 4). */
  kind: 'nms';
  /** Where the platform calls the server's API, e.g. http://127.0.0.1:8000. */
  api: string;
  /** The origin browsers play from (ATRIUM_MEDIA_SERVER_PLAY_ORIGIN; the API's origin by default). */
  playOrigin: string;
  /** The API account (ATRIUM_MEDIA_SERVER_USER / ATRIUM_MEDIA_SERVER_PASSWORD). */
  user: string;
  password: string;
  /** Signs play URLs so they expire (ATRIUM_MEDIA_SERVER_PLAY_SECRET; node-media-server's auth.secret with auth.play on). */
  playSecret: string | null;
}

export const MEDIA_SERVER_KINDS = ['nms'] as const;

/**
 * ATRIUM_MEDIA_SERVER=`<kind>:<api url>` (e.g. `nms:http://127.0.0.1:8000`) with its account and
 * optional play secret and play origin; null when unset. The play origin must be one of
 * ATRIUM_MEDIA_ORIGINS (`origins`, as given), or the console's CSP would block every stream from it.
 */
export function mediaServerFromEnv(env: Env, origins: readonly string[]): MediaServerSetting | null {
  const raw = env.ATRIUM_MEDIA_SERVER?.trim();
  if (!raw) return null;
  const at = raw.indexOf(':');
  const kind = raw.slice(0, at);
  const rest = raw.slice(at + 1);
  if (at < 0 || !(MEDIA_SERVER_KINDS as readonly string[]).includes(kind)) throw new Error(`ATRIUM_MEDIA_SERVER must be <kind>:<api url> with kind one of ${MEDIA_SERVER_KINDS.join(', ')} (e.g. nms:http://127.0.0.1:8000), got ${raw}`);
  let api: URL;
  try {
    api = new URL(rest);
  } catch {
    throw new Error(`ATRIUM_MEDIA_SERVER must be <kind>:<api url> (e.g. nms:http://127.0.0.1:8000), got ${raw}`);
  }
  if (!['http:', 'https:'].includes(api.protocol) || api.username || api.password || api.search || api.hash) {
    throw new Error(`ATRIUM_MEDIA_SERVER's API must be an http or https URL without credentials (put them in ATRIUM_MEDIA_SERVER_USER / ATRIUM_MEDIA_SERVER_PASSWORD), got ${rest}`);
  }
  const user = env.ATRIUM_MEDIA_SERVER_USER?.trim() ?? '';
  const password = env.ATRIUM_MEDIA_SERVER_PASSWORD ?? '';
  if (!user || !password) throw new Error('ATRIUM_MEDIA_SERVER needs the API account in ATRIUM_MEDIA_SERVER_USER and ATRIUM_MEDIA_SERVER_PASSWORD');
  const playRaw = env.ATRIUM_MEDIA_SERVER_PLAY_ORIGIN?.trim();
  const playOrigin = playRaw ? originOf(playRaw) : `${api.protocol}//${api.host}`;
  if (!playOrigin || !/^https?:/.test(playOrigin)) throw new Error(`ATRIUM_MEDIA_SERVER_PLAY_ORIGIN must be an http or https origin such as https://media.example.com, got ${playRaw}`);
  if (!withTwins(origins).includes(playOrigin)) throw new Error(`ATRIUM_MEDIA_SERVER plays from ${playOrigin}, which ATRIUM_MEDIA_ORIGINS does not list: add it there so the console may load its streams`);
  return { kind: 'nms', api: api.href.replace(/\/$/, ''), playOrigin, user, password, playSecret: env.ATRIUM_MEDIA_SERVER_PLAY_SECRET?.trim() || null };
}
