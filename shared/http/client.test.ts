// The client against a real local HTTP server: headers, signing, envelope handling and the timeout.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';
import { http, REQUEST_TIMEOUT_MS, RequestError, setSessionHooks } from './client.ts';
import { onNotice, type Notice } from './notify.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let seen: Seen[] = [];
let answers: Array<{ status?: number; body?: unknown; hang?: boolean; halfBody?: boolean }> = [];
let closedWhileHanging = 0;
let notices: Notice[] = [];
let logouts = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = answers.shift() ?? { body: { code: 0, msg: 'ok', data: null } };
      if (answer.hang) {
        res.on('close', () => closedWhileHanging++);
        return;
      }
      if (answer.halfBody) {
        // The headers and the start of the body, then nothing: the body is still being read when
        // the caller gives up.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"code":0,"data":[');
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  kitConfig.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onNotice((n) => notices.push(n));
  setSessionHooks({ logout: () => void logouts++, language: () => 'en' });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen = [];
  answers = [];
  notices = [];
  logouts = 0;
  session.token = 'TOKEN1234-rest';
  session.sysStatus = 0;
});

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('the signed client', () => {
  it('signs a GET over the sorted query with comma-joined arrays', async () => {
    answers.push({ body: { code: 0, msg: 'ok', data: { rows: [] } } });
    const data = await http.get('/api/thing', { params: { z: 'last', a: [1, 2], skip: '' } });
    expect(data).toEqual({ rows: [] });
    const req = seen[0]!;
    expect(req.url).toBe('/api/thing?z=last&a=1%2C2');
    const h = req.headers;
    expect(h['access-token']).toBe('TOKEN1234-rest');
    expect(String(h.nonce).length).toBeGreaterThanOrEqual(16);
    expect(h.sign).toBe(md5('a=1,2&z=last' + h.timestamp + h.nonce + 'TOKEN1234'));
    expect(h.lang).toBe('en');
  });

  it('signs a JSON body by its exact text', async () => {
    await http.post('/api/thing', { b: 2, a: 1 });
    const req = seen[0]!;
    expect(req.body).toBe('{"b":2,"a":1}');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.sign).toBe(md5(req.body + req.headers.timestamp + req.headers.nonce + 'TOKEN1234'));
  });

  it('does not sign /jwt calls but sends the token', async () => {
    answers.push({ body: { token: 'n', token_type: 'bearer' } });
    expect(await http.get('/jwt/refresh')).toEqual({ token: 'n', token_type: 'bearer' });
    expect(seen[0]!.headers.sign).toBeUndefined();
    expect(seen[0]!.headers['access-token']).toBe('TOKEN1234-rest');
  });

  it('gives up on a silent server after 30 s by default, not a moment sooner', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    answers.push({ hang: true });
    // Only the timer is driven; the request itself goes to the real local server and hangs there.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const pending = http.get('/api/slow').catch((e: unknown) => e).finally(() => (settled = true));
      // (vi.waitFor would move the faked clock; setImmediate is not faked.)
      for (let i = 0; i < 2000 && seen.length === 0; i++) await new Promise((r) => setImmediate(r));
      expect(seen.length).toBe(1);
      vi.advanceTimersByTime(29_999);
      await new Promise((r) => setImmediate(r));
      expect(settled, 'still waiting at 29.999 s').toBe(false);
      vi.advanceTimersByTime(1);
      const error = await pending;
      expect(error).toBeInstanceOf(RequestError);
      expect(notices.at(-1)).toMatchObject({ key: 'http.networkTimeout' });
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(closedWhileHanging).toBeGreaterThanOrEqual(1), { timeout: 2000 });
  });

  it('aborts a request after the timeout and reports a network timeout', async () => {
    answers.push({ hang: true });
    const started = Date.now();
    const error = await http.get('/api/slow', { timeout: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(notices.at(-1)).toMatchObject({ key: 'http.networkTimeout' });
    // The connection was really dropped.
    await vi.waitFor(() => expect(closedWhileHanging).toBe(2), { timeout: 2000, interval: 10 });
  });

  it('rejects, and never answers undefined, when the caller aborts while the body is read', async () => {
    answers.push({ halfBody: true });
    const abort = new AbortController();
    const call = http.get('/api/half', { signal: abort.signal });
    await vi.waitFor(() => expect(seen.some((s) => s.url === '/api/half')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    const outcome = await call.then((data) => ({ data }), (error: unknown) => ({ error }));
    expect(outcome).toHaveProperty('error');
    expect(notices).toHaveLength(0);
  });

  it('reports a network timeout when the timeout strikes while the body is read', async () => {
    answers.push({ halfBody: true });
    const error = await http.get('/api/half', { timeout: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(notices.at(-1)).toMatchObject({ key: 'http.networkTimeout' });
  });

  it('stays silent on the first two login timeouts and raises the dialog on the third', async () => {
    for (let i = 0; i < 3; i++) answers.push({ body: { code: 40101, msg: 'login timeout' } });
    await http.get('/api/a').catch(() => undefined);
    await http.get('/api/a').catch(() => undefined);
    expect(notices).toHaveLength(0);
    await http.get('/api/a').catch(() => undefined);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'dialog', titleKey: 'http.sessionExpired.title' });
    notices[0]!.onClose?.();
    expect(logouts).toBe(1);
  });

  it('resets the login-timeout count on success', async () => {
    answers.push({ body: { code: 40101 } }, { body: { code: 40101 } }, { body: { code: 0, data: 1 } }, { body: { code: 40101 } });
    for (let i = 0; i < 4; i++) await http.get('/api/a').catch(() => undefined);
    expect(session.sysStatus).toBe(1);
    expect(notices).toHaveLength(0);
  });

  it('logs out after the 40102 dialog is acknowledged', async () => {
    answers.push({ body: { code: 40102, msg: 'elsewhere' } });
    await expect(http.get('/api/a')).rejects.toMatchObject({ code: 40102 });
    expect(logouts).toBe(0);
    notices[0]!.onClose?.();
    expect(logouts).toBe(1);
  });

  it('quiet calls raise no toast but still reject with the server message', async () => {
    answers.push({ body: { code: -1, msg: 'wrong username or password' } });
    await expect(http.post('/jwt/token', {}, { quiet: true })).rejects.toMatchObject({ message: 'wrong username or password' });
    expect(notices).toHaveLength(0);
  });
});
