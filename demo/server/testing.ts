// Test harness for the demo platform: starts a real server on a free port over a throwaway data
// folder, and signs requests with its own md5 code (independent of the server's and the client's).
import type { ProgressItem } from '../../shared/api/progress-types.ts';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from './app.ts';
import { fromTemplate, TEMPLATE_ENV } from './test-template.ts';
import { TEST_SWITCH } from './test-switch.ts';

export interface Running {
  app: FastifyInstance;
  base: string;
  dir: string;
  logs: string[];
  /** Stops the server; the data folder stays so a test can reopen it. */
  stop(): Promise<void>;
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'atrium-test-'));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** Tuning that changes what a first start seeds: such a platform seeds its own folder. */
const seedsItsOwn = (options: Partial<AppOptions>): boolean => Object.entries(options.tuning ?? {}).some(([key, value]) => key.startsWith('seed') && value != null);

/**
 * Starts a platform. A new or empty data folder is filled from the run's seeded template when there
 * is one (vitest: test-template.ts), which holds what seeding it now would; else the start seeds it.
 */
export async function start(options: Partial<AppOptions> = {}): Promise<Running> {
  const dir = options.dataDir ?? tempDir();
  const template = process.env[TEMPLATE_ENV];
  if (template && !seedsItsOwn(options) && !existsSync(join(dir, 'atrium.db'))) fromTemplate(template, dir);
  const logs: string[] = [];
  // A platform with the test switch on gets its routes too, as `ATRIUM_FAULTS=1 node main.ts` does.
  const extensions = options.extensions ?? (options.faults ? [TEST_SWITCH] : []);
  const app = await createApp({ fixedCaptcha: '1234', smtpPort: 0, oidcPort: 0, ldapPort: 0, checkAnswers: true, ...options, extensions, dataDir: dir, log: (line) => logs.push(line) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}`, dir, logs, stop: () => app.close() };
}

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export interface SignedOptions {
  token?: string | null;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  timestamp?: number;
  nonce?: string;
  /** Replaces the computed sign (to test rejection). */
  sign?: string;
}

/** The headers a correct client sends for this request. */
export function signHeaders(token: string | null | undefined, payload: string, timestamp = Date.now(), nonce = randomBytes(16).toString('hex')): Record<string, string> {
  const secret = (token ?? '').slice(0, 9);
  return { timestamp: String(timestamp), nonce, sign: md5(payload + timestamp + nonce + secret) };
}

export function queryString(query: Record<string, string> | undefined): string {
  if (!query) return '';
  return new URLSearchParams(query).toString();
}

/** A signed /api call; answers the parsed JSON and the raw response. */
export async function api(base: string, method: string, path: string, options: SignedOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const qs = queryString(options.query);
  const bodyText = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const payload =
    bodyText !== undefined
      ? bodyText
      : Object.entries(options.query ?? {})
          .filter(([, v]) => v !== '')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
  const headers: Record<string, string> = { ...signHeaders(options.token, payload, options.timestamp, options.nonce), ...options.headers };
  if (options.sign !== undefined) headers.sign = options.sign;
  if (options.token) headers['access-token'] = options.token;
  if (bodyText !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, { method, headers, body: options.form ?? bodyText });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the raw text */
  }
  return { status: response.status, body, headers: response.headers };
}

/** Signs in through /jwt/token with the fixed captcha; answers the token. */
export async function login(base: string, username: string, password: string, verifyCode = '1234'): Promise<string> {
  const response = await fetch(`${base}/jwt/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, model: 'password', verifyCode }),
  });
  const body = (await response.json()) as { token?: string; msg?: string };
  if (!body.token) throw new Error(`login ${username} failed: ${body.msg}`);
  return body.token;
}

export async function jwt(base: string, method: string, path: string, init: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['access-token'] = init.token;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a background task (by its progress key) to end and answers its progress item. */
export async function taskDone(base: string, token: string, key: string, hashKey: string, lang = 'en'): Promise<ProgressItem> {
  for (let i = 0; i < 200; i++) {
    const items = (await api(base, 'GET', '/api/admin/progress', { token, headers: { lang } })).body.data as ProgressItem[];
    const item = items.find((p) => p.key === key && p.hashKey === hashKey);
    if (item && item.status !== 1) return item;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('task did not finish');
}

/** Fetches a progress item's file with a signed request (the download link's query is signed). */
export async function downloadSigned(base: string, token: string, download: string): Promise<Response> {
  const [path, qs = ''] = download.split('?');
  const payload = [...new URLSearchParams(qs)].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  return fetch(`${base}${path}?${qs}`, { headers: { ...signHeaders(token, payload), 'access-token': token } });
}
