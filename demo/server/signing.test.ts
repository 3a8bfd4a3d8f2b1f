// Request signing as a third party would do it (ARCHITECTURE "Signing"), computed here with node:crypto.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from './testing.ts';

let s: Running;
let token: string;
beforeAll(async () => {
  s = await start();
  token = await login(s.base, 'admin', 'admin123');
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('signed /api calls', () => {
  it('accepts a call signed over the sorted, non-empty query parameters with the token prefix as secret', async () => {
    const timestamp = Date.now();
    const nonce = 'abcdefghijklmnop0001';
    // Sorted by key, empty value dropped: this is exactly what the server must compute.
    // (Keys the alarm list declares: a call may carry only its operation's parameters.)
    const sign = md5(`handleStatus=unhandled&limit=1${timestamp}${nonce}${token.slice(0, 9)}`);
    const response = await fetch(`${s.base}/api/alarm?limit=1&level=&handleStatus=unhandled`, {
      headers: { 'access-token': token, timestamp: String(timestamp), nonce, sign },
    });
    const answer = (await response.json()) as { code: number; data: { rows: Array<{ handleStatus: string }> } };
    expect(answer.code).toBe(0);
    expect(answer.data.rows).toHaveLength(1);
    expect(answer.data.rows[0]!.handleStatus).toBe('unhandled');
  });

  it('accepts a JSON call signed over the exact body text sent', async () => {
    const body = '{ "customKey": "spaced",  "customValue": "x" }';
    const timestamp = Date.now();
    const nonce = 'abcdefghijklmnop0002';
    const sign = md5(body + timestamp + nonce + token.slice(0, 9));
    const response = await fetch(`${s.base}/api/admin/custom/data`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json', timestamp: String(timestamp), nonce, sign },
      body,
    });
    expect((await response.json()).code).toBe(0);
  });

  it('accepts a public call without a token, signed with an empty secret', async () => {
    const answer = await api(s.base, 'GET', '/api/admin/tenant/detail');
    expect(answer.body.code).toBe(0);
    expect(answer.body.data[0]).toMatchObject({ id: 1, name: 'Demo Building Co.' });
    expect(answer.body.data[0].logoUrl).toMatch(/^\/upload\/.+;\/upload\/.+$/);
  });

  it('answers 40103 "wrong signature" for a wrong sign and changes nothing', async () => {
    const created = await api(s.base, 'POST', '/api/admin/custom/data', { token, body: { customKey: 'keep', customValue: 'original' } });
    const id = created.body.data.id as number;
    const forged = await api(s.base, 'PUT', '/api/admin/custom/data', {
      token,
      body: { id, customValue: 'forged' },
      sign: md5('something else'),
      headers: { lang: 'en' },
    });
    expect(forged.body).toEqual({ code: 40103, msg: 'Wrong signature' });
    const read = await api(s.base, 'GET', '/api/admin/custom/data', { token, query: { customKey: 'keep' } });
    expect(read.body.data[0].customValue).toBe('original');
  });

  it('answers 40103 when the body was changed after signing', async () => {
    const timestamp = Date.now();
    const nonce = 'abcdefghijklmnop0003';
    const sign = md5(JSON.stringify({ customKey: 'a', customValue: 'b' }) + timestamp + nonce + token.slice(0, 9));
    const response = await fetch(`${s.base}/api/admin/custom/data`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json', timestamp: String(timestamp), nonce, sign, lang: 'en' },
      body: JSON.stringify({ customKey: 'a', customValue: 'tampered' }),
    });
    expect(await response.json()).toEqual({ code: 40103, msg: 'Wrong signature' });
  });

  it('answers 40103 "nonce already used" for a replayed request', async () => {
    const timestamp = Date.now();
    const nonce = 'replay-me-0123456789';
    const first = await api(s.base, 'GET', '/api/admin/user/front/info', { token, timestamp, nonce });
    expect(first.body.code).toBe(0);
    const again = await api(s.base, 'GET', '/api/admin/user/front/info', { token, timestamp, nonce, headers: { lang: 'en' } });
    expect(again.body).toEqual({ code: 40103, msg: 'Nonce already used (replayed request)' });
  });

  it('answers 40103 for a 6-minute-old timestamp, and takes one 4 minutes old', async () => {
    const stale = await api(s.base, 'GET', '/api/admin/user/front/info', { token, timestamp: Date.now() - 6 * 60_000, headers: { lang: 'en' } });
    expect(stale.body).toEqual({ code: 40103, msg: 'Timestamp more than 5 minutes off the server time' });
    const future = await api(s.base, 'GET', '/api/admin/user/front/info', { token, timestamp: Date.now() + 6 * 60_000 });
    expect(future.body.code).toBe(40103);
    const recent = await api(s.base, 'GET', '/api/admin/user/front/info', { token, timestamp: Date.now() - 4 * 60_000 });
    expect(recent.body.code).toBe(0);
  });

  it('answers 40103 for missing signature headers and a short nonce', async () => {
    const bare = await fetch(`${s.base}/api/admin/user/front/info`, { headers: { 'access-token': token, lang: 'en' } });
    expect(await bare.json()).toEqual({ code: 40103, msg: 'missing signature headers (timestamp, nonce, sign)' });
    const short = await api(s.base, 'GET', '/api/admin/user/front/info', { token, nonce: 'short', headers: { lang: 'en' } });
    expect(short.body).toEqual({ code: 40103, msg: 'nonce must be 16 to 128 characters' });
  });

  it('does not accept a sign made with another token\'s secret', async () => {
    const other = await login(s.base, 'operator', 'operator123');
    const timestamp = Date.now();
    const nonce = 'abcdefghijklmnop0004';
    const sign = md5(`${timestamp}${nonce}${other.slice(0, 9)}`);
    const response = await fetch(`${s.base}/api/admin/user/front/info`, {
      headers: { 'access-token': token, timestamp: String(timestamp), nonce, sign },
    });
    expect((await response.json()).code).toBe(40103);
  });
});
