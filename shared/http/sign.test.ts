import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cleanQuery, createNonce, signPayload, signRequest } from './sign.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('request signing', () => {
  it('pins a known vector computed independently', () => {
    const token = 'Zx9Q_7mKpLrest-of-the-token';
    const payload = signPayload({ page: 1, limit: 10, label: 'cam-01', empty: '', gone: null, ids: [3, 1] }, undefined);
    expect(payload).toBe('ids=3,1&label=cam-01&limit=10&page=1');
    const headers = signRequest(token, payload, 1767225600000, 'abcdefghijklmnop');
    // md5 of payload + timestamp + nonce + first 9 chars of the token, by node:crypto
    expect(headers.sign).toBe(md5('ids=3,1&label=cam-01&limit=10&page=1' + '1767225600000' + 'abcdefghijklmnop' + 'Zx9Q_7mKp'));
    expect(headers.sign).toBe('fdc6e506104ee0493a299e3e1ee70bd4');
    expect(headers).toMatchObject({ timestamp: '1767225600000', nonce: 'abcdefghijklmnop' });
  });

  it('signs the exact body string when a JSON body is sent', () => {
    const body = JSON.stringify({ b: 1, a: 'x' });
    expect(signPayload({ ignored: 1 }, body)).toBe(body);
    expect(signRequest('tok', body, 5, 'n').sign).toBe(md5(body + '5' + 'n' + 'tok'));
  });

  it('uses an empty secret without a token', () => {
    expect(signRequest('', 'a=1', 7, 'nnnnnnnnnnnnnnnn').sign).toBe(md5('a=1' + '7' + 'nnnnnnnnnnnnnnnn'));
  });

  it('makes long random nonces', () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).toHaveLength(24);
    expect(a).not.toBe(b);
  });

  it('joins arrays with commas and drops empty values', () => {
    expect(cleanQuery({ a: [1, 2], b: undefined, c: '', d: 0 })).toEqual([['a', '1,2'], ['d', '0']]);
  });
});
