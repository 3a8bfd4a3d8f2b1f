// The client error log: reports are stored scrubbed (no query strings, tokens, e-mails or phone
// numbers), per tenant, without user or address; a flood is cut at 60 a minute per tenant and the
// answer says how many were dropped; another tenant sees none; the list needs the log right.
import { describe, expect, it } from 'vitest';
import { scrub } from '../../../shared/http/scrub.ts';
import { usePlatform } from '../test-platform.ts';
import { login } from '../testing.ts';

describe('client error log', () => {
  const p = usePlatform();

  it('scrubs what could identify someone or open a session', () => {
    expect(scrub('GET https://x.example/api?token=abcdef#frag failed', 200)).toBe('GET https://x.example/api?… failed');
    expect(scrub('user li.lei@example.com phone 13812345678 ok', 200)).toBe('user [redacted] phone [redacted] ok');
    expect(scrub('bearer 0123456789abcdef0123456789abcdef', 200)).toBe('bearer [redacted]');
    expect(scrub('TypeError: x is undefined', 10)).toBe('TypeError:');
  });

  it('keeps reports per tenant, scrubbed, and cuts a flood', async () => {
    const report = { message: 'TypeError: boom for 13812345678', stack: 'at view (https://console/app.js?v=0123456789abcdef0123456789:1:2)', path: '/alarm/search' };
    const first = await p.call(p.admin, 'POST', '/api/ops/client-error', { items: [report] });
    expect(first.data).toEqual({ stored: 1, dropped: 0 });
    const page = (await p.call(p.admin, 'POST', '/api/ops/client-error/page', { page: 1, limit: 10 })).data;
    expect(page.rows[0]).toMatchObject({ message: 'TypeError: boom for [redacted]', stack: 'at view (https://console/app.js?…)', path: '/alarm/search' });
    expect(JSON.stringify(page.rows[0])).not.toContain('0123456789abcdef');
    expect((await p.call(p.admin2, 'POST', '/api/ops/client-error/page', { page: 1, limit: 10 })).data.total).toBe(0);

    // A flood: 10 per call, 60 a minute per tenant.
    let stored = 1;
    let dropped = 0;
    for (let i = 0; i < 8; i++) {
      const answer = (await p.call(p.admin, 'POST', '/api/ops/client-error', { items: Array.from({ length: 10 }, (_v, k) => ({ message: `flood ${i}-${k}` })) })).data;
      stored += answer.stored;
      dropped += answer.dropped;
    }
    expect([stored, dropped]).toEqual([60, 21]);
    const tooMany = await p.call(p.admin, 'POST', '/api/ops/client-error', { items: Array.from({ length: 11 }, () => ({ message: 'x' })) });
    expect(tooMany.code).toBe(-1);
    expect(tooMany.data).toEqual({ field: 'items' });
    expect((await p.call(p.admin, 'POST', '/api/ops/client-error', { items: [{ message: 'x', user: 'li.lei' }] })).data).toEqual({ field: 'user' });
    // The other tenant's minute is its own.
    expect((await p.call(p.admin2, 'POST', '/api/ops/client-error', { items: [{ message: 'mine' }] })).data).toEqual({ stored: 1, dropped: 0 });
    // Reports are not writes for the operation log.
    const logged = p.s.app.atrium.db.prepare("SELECT COUNT(*) AS n FROM op_log WHERE path LIKE '/api/ops/client-error%'").get() as { n: number };
    expect(logged.n).toBe(0);

    // A viewer may report (any signed-in page can fail) but not read the log.
    const viewer = await login(p.s.base, 'viewer', 'viewer123');
    expect((await p.call(viewer, 'POST', '/api/ops/client-error', { items: [{ message: 'viewer page failed' }] })).code).toBe(0);
    expect((await p.call(viewer, 'POST', '/api/ops/client-error/page', { page: 1, limit: 10 })).code).toBe(40301);
  });

  it('keeps a report whatever its text holds, its control characters replaced', async () => {
    const sent = await p.call(p.admin2, 'POST', '/api/ops/client-error', { items: [{ message: 'Error: \u001b[31mred\u0000', stack: 'at a\n\tat b' }] });
    expect(sent.data).toEqual({ stored: 1, dropped: 0 });
    const row = (await p.call(p.admin2, 'POST', '/api/ops/client-error/page', { page: 1, limit: 10 })).data.rows[0];
    expect([row.message, row.stack]).toEqual(['Error: \ufffd[31mred\ufffd', 'at a\n\tat b']);
  });
});
