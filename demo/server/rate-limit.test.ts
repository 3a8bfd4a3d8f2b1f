// Per-address rate limit on /api and /jwt: past the limit a client gets 429 with a message saying when
// to come back, in its language; the kit's files are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, start, type Running } from './testing.ts';

describe('rate limit', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ rateLimit: 5 });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  it('answers 429 past the limit with when to try again, and does not count static files', async () => {
    for (let i = 0; i < 8; i++) await fetch(`${s.base}/widgets/atrium-loader.js`);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await fetch(`${s.base}/jwt/captcha`, { headers: { lang: 'en' } }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    const body = (await answers[5]!.json()) as { code: number; msg: string };
    expect(body.code).toBe(-1);
    expect(body, JSON.stringify(body)).toMatchObject({ code: -1 });
    expect(body.msg).toMatch(/^too many requests: try again in \d+ seconds$/);
    expect(answers[5]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
