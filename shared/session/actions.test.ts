// Token refresh (SPEC §4): one request however many callers, the overdue flag raised while it is
// in flight, and no second refresh when another tab refreshed a moment ago.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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
const { refreshNow, adoptUrlToken, loadInfo, logout, startTokenRefresh, stopTokenRefresh, TOKEN_REFRESH_MS } = await import('./actions.ts');
const { i18n } = await import('../i18n/index.ts');

let server: Server;
let refreshes = 0;
let signOuts = 0;
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
    if (req.url?.startsWith('/jwt/invalid')) {
      signOuts++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: null }));
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

  it('refreshes every 600000 ms, not a millisecond sooner', async () => {
    expect(TOKEN_REFRESH_MS).toBe(600_000);
    // Only the interval is faked: the request itself goes to the real test server.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      startTokenRefresh();
      vi.advanceTimersByTime(599_999);
      await new Promise((r) => setTimeout(r, 50));
      expect(release, 'no refresh before 600000 ms').toBe(null);
      vi.advanceTimersByTime(1);
      await waitFor(() => release !== null);
      release!();
      await waitFor(() => session.token === 'fresh-token-1');
      // And again after the next 600000 ms.
      memory.delete('atrium.tokenRefreshedAt');
      release = null;
      vi.advanceTimersByTime(600_000);
      await waitFor(() => release !== null);
      release!();
      await waitFor(() => session.token === 'fresh-token-2');
    } finally {
      stopTokenRefresh();
      vi.useRealTimers();
    }
  });

  it('skips the refresh when another tab refreshed moments ago', async () => {
    memory.set('atrium.tokenRefreshedAt', String(Date.now() - 1000));
    await refreshNow();
    expect(refreshes).toBe(0);
    expect(session.token).toBe('old-token-value');
    expect(session.tokenOverdueFlag).toBe(false);
  });
});

describe('logout', () => {
  it('signs out, clears the token, user, roles, menus and elements, titles the page for sign-in and reloads', async () => {
    const page = { title: 'Alarms' };
    const reload = vi.fn();
    vi.stubGlobal('document', page);
    vi.stubGlobal('location', { reload });
    try {
      memory.set('atrium.token', 'old-token-value');
      session.user = { id: 7, username: 'ann', name: 'Ann', description: '', tenantId: 1, type: 'user', avatar: '', roles: [{ id: 1, code: 'ops' }], menus: [], elements: [] } as never;
      session.roles = ['admin'];
      session.menus = { alarmSearch: {} as never };
      session.elements = { 'progress:view': true };
      signOuts = 0;
      await logout({ reload: true });
      expect(signOuts).toBe(1);
      expect(session.token).toBe(null);
      expect(memory.has('atrium.token')).toBe(false);
      expect(session.user).toBe(null);
      expect(session.roles).toEqual([]);
      expect(session.menus).toEqual({});
      expect(session.elements).toEqual({});
      expect(page.title).toBe(i18n.t('login.form.title'));
      expect(page.title).toBe('登录');
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('completes at once without a token: nothing is sent', async () => {
    session.token = null;
    signOuts = 0;
    const started = performance.now();
    await logout({ reload: false });
    expect(signOuts).toBe(0);
    expect(performance.now() - started).toBeLessThan(50);
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
  // SPEC §4: "After info loads, the user's role is set to admin" — whatever roles the answer names.
  it('sets the role to admin once info has loaded, and logout clears it', async () => {
    dropInfo = 0;
    infoAnswer = 200;
    session.token = 'old-token-value';
    session.roles = [];
    await loadInfo();
    expect(session.infoStatus).toBe('ready');
    expect(session.roles).toEqual(['admin']);
    await logout({ reload: false });
    expect(session.roles).toEqual([]);
  });
  it('ends the session on an answer that refuses, at once', async () => {
    dropInfo = 0;
    infoAnswer = 500;
    await expect(loadInfo()).rejects.toThrow();
    expect(session.token).toBeNull();
    infoAnswer = 200;
  });
});
