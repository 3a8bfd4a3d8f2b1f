// Downloads against a real local HTTP server: a file arrives with its name; an answer that is not a
// file is read by the client's one interpretation (the same notices, session counter and rejection as
// any request), not by a second reading of the envelope.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';
import { RequestError, setSessionHooks } from './client.ts';
import { fetchFile } from './download.ts';
import { onNotice, type Notice } from './notify.ts';

let server: Server;
let base = '';
let answer: { status: number; type: string; body: string; disposition?: string } = { status: 200, type: 'text/plain', body: '' };
let heard: Record<string, string | string[] | undefined> = {};
let notices: Notice[] = [];
let logouts = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    heard = req.headers;
    res.writeHead(answer.status, { 'content-type': answer.type, ...(answer.disposition ? { 'content-disposition': answer.disposition } : {}) });
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  kitConfig.apiBase = base;
  onNotice((n) => notices.push(n));
  setSessionHooks({ logout: () => void logouts++, language: () => 'en' });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  notices = [];
  logouts = 0;
  kitConfig.apiBase = base;
  session.token = 'TOKEN1234-rest';
  session.sysStatus = 0;
});

const envelope = (status: number, body: object) => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) });
const failure = (path = '/api/file/1') => fetchFile(path, 'fallback.xlsx').then(
  () => null,
  (error: unknown) => error as RequestError,
);

describe('downloads', () => {
  it('hands over the file with its name, the token and the language in headers', async () => {
    answer = { status: 200, type: 'application/octet-stream', body: 'rows', disposition: "attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx" };
    const { blob, name } = await fetchFile('/api/file/1?v=2', 'fallback.xlsx');
    expect([await blob.text(), name]).toEqual(['rows', '报表.xlsx']);
    expect([heard['access-token'], heard.lang]).toEqual(['TOKEN1234-rest', 'en']);
    expect(notices).toEqual([]);
  });

  it("a refusal shows the platform's message once and rejects with it and its code", async () => {
    answer = envelope(200, { code: -1, msg: 'file not found', data: null });
    const error = await failure();
    expect(error).toBeInstanceOf(RequestError);
    expect([error?.message, error?.code]).toEqual(['file not found', -1]);
    expect(notices.map((n) => [n.kind, n.level, n.text])).toEqual([['toast', 'error', 'file not found']]);
  });

  it('a failed status with the envelope shows its message; a server failure says the server cannot be reached', async () => {
    answer = envelope(404, { code: 40404, msg: 'no such export' });
    expect((await failure())?.message).toBe('no such export');
    expect(notices.map((n) => n.text)).toEqual(['no such export']);
    notices = [];
    answer = envelope(502, { code: 50200, msg: 'upstream' });
    expect((await failure())?.status).toBe(502);
    expect(notices.map((n) => n.key)).toEqual(['http.cannotConnect']);
  });

  it('an expired session counts like any request: the third raises the session-expired dialog', async () => {
    answer = envelope(200, { code: 40101, msg: 'token expired' });
    for (let i = 0; i < 3; i++) expect((await failure())?.code).toBe(40101);
    expect(notices.map((n) => [n.kind, n.key])).toEqual([['dialog', 'http.sessionExpired.message']]);
    expect(session.sysStatus).toBe(3);
  });

  it('no answer at all is the network notice, and a JSON success where a file was due is still a failure', async () => {
    kitConfig.apiBase = 'http://127.0.0.1:9';
    expect((await failure())?.status).toBe(0);
    expect(notices.map((n) => n.key)).toEqual(['http.networkTimeout']);
    kitConfig.apiBase = base;
    notices = [];
    answer = envelope(200, { code: 0, msg: 'ok', data: { rows: [] } });
    expect(await failure()).toBeInstanceOf(RequestError);
    expect(notices.map((n) => [n.level, n.key])).toEqual([['error', 'http.requestError']]);
  });

  it('refuses a path that is not a same-origin /api path without asking', async () => {
    expect((await failure('https://evil.example/api/x'))?.message).toBe('invalid download path');
    expect(notices).toEqual([]);
  });
});
