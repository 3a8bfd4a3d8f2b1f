// Token refresh (SPEC §4): one request however many callers, the overdue flag raised while it is
// in flight, and no second refresh when another tab refreshed a moment ago.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const memory = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, String(v)),
    removeItem: (k: string) => void memory.delete(k),
  },
});

const { kitConfig } = await import('../kit.ts');
const { session } = await import('./store.ts');
const { refreshNow, adoptUrlToken, loadInfo } = await import('./actions.ts');

let server: Server;
let refreshes = 0;
/** User-info requests to drop without an answer before answering (the network coming back). */
let dropInfo = 0;
let infoAnswer = 200;
let release: (() => void) | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/jwt/refresh')) {
      refreshes++;
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token: `fresh-token-${refreshes}`, token_type: 'bearer' }));
      };
      release = answer;
      return;
    }
    if (req.url?.startsWith('/api/admin/user/front/info')) {
      if (dropInfo > 0) {
        dropInfo -= 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(infoAnswer, { 'content-type': 'application/json' });
      const user = { id: 7, username: 'ann', name: 'Ann', description: '', tenantId: 1, type: 'user', avatar: '', menus: [], elements: [] };
      res.end(JSON.stringify(infoAnswer === 200 ? { code: 0, msg: 'ok', data: user } : { code: -1, msg: 'no' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  kitConfig.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  memory.clear();
  refreshes = 0;
  release = null;
  session.token = 'old-token-value';
  session.tokenOverdueFlag = false;
});

const waitFor = async (probe: () => boolean) => {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(probe()).toBe(true);
};

describe('token refresh', () => {
  it('sends one request for concurrent callers and raises the overdue flag until it answers', async () => {
    const a = refreshNow();
    const b = refreshNow();
    await waitFor(() => release !== null);
    expect(session.tokenOverdueFlag).toBe(true);
    release!();
    await Promise.all([a, b]);
    expect(refreshes).toBe(1);
    expect(session.tokenOverdueFlag).toBe(false);
    expect(session.token).toBe('fresh-token-1');
    expect(memory.get('atrium.token')).toBe('fresh-token-1');
  });

  it('skips the refresh when another tab refreshed moments ago', async () => {
    memory.set('atrium.tokenRefreshedAt', String(Date.now() - 1000));
    await refreshNow();
    expect(refreshes).toBe(0);
    expect(session.token).toBe('old-token-value');
    expect(session.tokenOverdueFlag).toBe(false);
  });
});

describe('a token handed over in the address', () => {
  it('replaces a different stored token and leaves the address bar', () => {
    const replaced: string[] = [];
    Object.defineProperty(globalThis, 'location', { configurable: true, value: { href: 'https://console.example/video?id=3&token=portal-token-1' } });
    Object.defineProperty(globalThis, 'history', {
      configurable: true,
      value: { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
    });
    expect(adoptUrlToken()).toBe(true);
    expect(session.token).toBe('portal-token-1');
    expect(replaced).toEqual(['/video?id=3']);
    // The same token again is not a new hand-over.
    Object.defineProperty(globalThis, 'location', { configurable: true, value: { href: 'https://console.example/?token=portal-token-1' } });
    expect(adoptUrlToken()).toBe(false);
  });
});

describe('loading user info', () => {
  it('asks again when the platform did not answer at all, and keeps the session', async () => {
    dropInfo = 2;
    infoAnswer = 200;
    const user = await loadInfo();
    expect(user.username).toBe('ann');
    expect(session.token).toBe('old-token-value');
    expect(session.infoStatus).toBe('ready');
  });
  it('ends the session on an answer that refuses, at once', async () => {
    dropInfo = 0;
    infoAnswer = 500;
    await expect(loadInfo()).rejects.toThrow();
    expect(session.token).toBeNull();
    infoAnswer = 200;
  });
});
