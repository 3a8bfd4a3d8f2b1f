// Notification channels: bad configurations are refused (a 31-character SMS template among them); an
// email channel's test arrives in the embedded mail server; a webhook is POSTed with a signature that
// verifies, retried after a failure, every attempt recorded; an alarm of a carried level reaches its
// channels; the second tenant sees none of it. By default no webhook reaches loopback or a private
// network: refused on save, and at delivery on the address the name resolves to.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceAlarm } from '../alarms/alarm-events.ts';
import { usePlatform } from '../test-platform.ts';
import { api, sleep } from '../testing.ts';

describe('notification channels', () => {
  // The test's webhook receiver listens on loopback, so this platform allows that network.
  const p = usePlatform({ outboundNetworks: ['127.0.0.0/8'], tuning: { webhookBackoffMs: 20 } });
  const { call } = p;
  const hits: Array<{ body: string; timestamp: string; signature: string }> = [];
  let failNext = 0;
  const hook = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ body, timestamp: String(req.headers['x-atrium-timestamp']), signature: String(req.headers['x-atrium-signature']) });
      res.statusCode = failNext-- > 0 ? 500 : 200;
      res.end('{}');
    });
  });
  let hookUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alarms`;
  });
  afterAll(() => new Promise<void>((r) => hook.close(() => r())));

  const SECRET = 'a-shared-secret-of-32-characters';
  const channel = (more: Record<string, unknown>) => ({ name: 'Ops mail', kind: 'email', config: { to: ['ops@example.com'] }, levels: ['critical'], enabled: true, ...more });

  it('refuses configurations a channel cannot deliver with', async () => {
    expect((await call(p.admin, 'POST', '/api/notify/channel', channel({ config: { to: ['not an address'] } }))).msg).toBe('Give 1 to 10 recipient addresses');
    // A template over SPEC §5's 30 characters is refused by the call's declaration, naming the field.
    const long = await call(p.admin, 'POST', '/api/notify/channel', channel({ name: 'SMS', kind: 'sms', config: { phones: ['13800000000'], template: '告'.repeat(31) } }));
    expect(long).toMatchObject({ code: -1, data: { field: 'config.template' } });
    expect(long.msg).toContain('30');
    expect(await call(p.admin, 'POST', '/api/notify/channel', channel({ name: 'SMS', kind: 'sms', config: { phones: ['13800000000'], template: '   ' } }))).toMatchObject({ msg: 'The SMS template must be 1 to 30 characters', data: { field: 'template' } });
    expect((await call(p.admin, 'POST', '/api/notify/channel', channel({ name: 'Hook', kind: 'webhook', config: { url: 'javascript:alert(1)', secret: SECRET } }))).msg).toBe('The address must start with http:// or https://');
    expect((await call(p.admin, 'POST', '/api/notify/channel', channel({ name: 'Hook', kind: 'webhook', config: { url: hookUrl, secret: 'short' } }))).msg).toBe('The signing secret must be 16 to 64 characters');
  });

  it('an email channel’s test arrives in the embedded mail server, subject and body intact', async () => {
    const made = (await call(p.admin, 'POST', '/api/notify/channel', channel({}))).data;
    expect((await call(p.admin, 'POST', `/api/notify/channel/${made.id}/test`, undefined)).data).toEqual({ delivered: true });
    const mails = (await call(p.admin, 'GET', '/api/notify/mailbox')).data;
    expect(mails[0]).toMatchObject({ to: 'ops@example.com', subject: 'Atrium test notification', body: 'This is a test notification: the channel Ops mail delivers.' });
    expect((await call(p.admin2, 'GET', '/api/notify/mailbox')).data).toEqual([]);
  });

  it('a webhook is signed, retried after a failure, and every attempt is recorded', async () => {
    const made = (await call(p.admin, 'POST', '/api/notify/channel', channel({ name: 'Hook', kind: 'webhook', config: { url: hookUrl, secret: SECRET }, levels: ['critical', 'warning'] }))).data;
    failNext = 1;
    hits.length = 0;
    expect((await call(p.admin, 'POST', `/api/notify/channel/${made.id}/test`, undefined)).data).toEqual({ delivered: true });
    expect(hits).toHaveLength(2);
    const last = hits[1]!;
    expect(last.signature).toBe(createHmac('sha256', SECRET).update(`${last.timestamp}.${last.body}`).digest('hex'));
    expect(JSON.parse(last.body)).toMatchObject({ subject: 'Atrium test notification', level: 'test', tenantId: 1 });
    const attempts = (await call(p.admin, 'GET', `/api/notify/channel/${made.id}/deliveries`)).data as Array<{ attempt: number; ok: boolean; detail: string }>;
    expect(attempts.map((a) => [a.attempt, a.ok, a.detail])).toEqual([
      [2, true, 'HTTP 200'],
      [1, false, 'HTTP 500'],
    ]);
  });

  it('an alarm of a carried level reaches its channels; another level does not', async () => {
    hits.length = 0;
    const before = (await call(p.admin, 'GET', '/api/notify/mailbox')).data.length;
    announceAlarm(p.s.app.atrium.db, { tenantId: 1, alarmId: 1, level: 'critical', deviceName: 'Chiller 1', content: 'Supply temperature 31 °C', at: Date.now() });
    announceAlarm(p.s.app.atrium.db, { tenantId: 1, alarmId: 2, level: 'reminder', deviceName: 'Door 3', content: 'Held open', at: Date.now() });
    for (let i = 0; i < 100 && (hits.length < 1 || (await call(p.admin, 'GET', '/api/notify/mailbox')).data.length === before); i++) await sleep(50);
    const mails = (await call(p.admin, 'GET', '/api/notify/mailbox')).data;
    expect(mails[0]).toMatchObject({ subject: '[critical] Chiller 1', body: expect.stringContaining('Supply temperature 31 °C') });
    expect(mails.length).toBe(before + 1);
    expect(hits.map((h) => JSON.parse(h.body).level)).toEqual(['critical']);
  });

  it('shows the second tenant none of it', async () => {
    expect((await call(p.admin2, 'POST', '/api/notify/channel/page', { page: 1, limit: 10 })).data.total).toBe(0);
    const mine = (await call(p.admin, 'POST', '/api/notify/channel/page', { page: 1, limit: 10 })).data.rows[0];
    expect((await call(p.admin2, 'POST', `/api/notify/channel/${mine.id}/test`, undefined)).msg).toBe('No such notification channel');
  });
});

describe('webhooks never reach the platform’s own machine or network by default', () => {
  const p = usePlatform();
  const { call } = p;
  let hits = 0;
  const inside = createServer((_req, res) => {
    hits++;
    res.end('{}');
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', () => r()));
    port = (inside.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => inside.close(() => r())));
  const hook = (url: string) => ({ name: 'Hook', kind: 'webhook', config: { url, secret: 'a-shared-secret-of-32-characters' }, levels: ['critical'], enabled: true });
  const PRIVATE = 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)';

  it('refuses loopback, private, link-local and local names on save, in both languages, and stores nothing', async () => {
    for (const url of [`http://127.0.0.1:${port}/x`, 'http://0x7f.1/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data', 'https://10.1.2.3/x', 'http://192.168.1.1/x', 'http://localhost:8080/api', 'http://printer.local/x', 'http://[::ffff:127.0.0.1]/x']) {
      expect(await call(p.admin, 'POST', '/api/notify/channel', hook(url)), url).toMatchObject({ msg: PRIVATE, data: { field: 'url' } });
    }
    const zh = await api(p.s.base, 'POST', '/api/notify/channel', { token: p.admin, body: hook('http://127.0.0.1/x'), headers: { lang: 'zh' } });
    expect(zh.body.msg).toBe('地址指向本机或内网，平台未允许该网络（ATRIUM_OUTBOUND_NETWORKS）');
    expect((await call(p.admin, 'POST', '/api/notify/channel/page', { page: 1, limit: 10 })).data.total).toBe(0);
  });

  it('refuses at delivery a channel stored before the rule, once, without retrying and without a request arriving', async () => {
    const db = p.s.app.atrium.db;
    const id = Number(db.prepare("INSERT INTO notify_channel (tenant_id, name, kind, config, levels, enabled) VALUES (1, 'Old hook', 'webhook', ?, 'critical', 1)").run(JSON.stringify({ url: `http://127.0.0.1:${port}/x`, secret: 'a-shared-secret-of-32-characters' })).lastInsertRowid);
    expect((await call(p.admin, 'POST', `/api/notify/channel/${id}/test`, undefined)).data).toEqual({ delivered: false });
    const attempts = (await call(p.admin, 'GET', `/api/notify/channel/${id}/deliveries`)).data as Array<{ ok: boolean; detail: string }>;
    expect(attempts).toEqual([expect.objectContaining({ ok: false, detail: 'refused: 127.0.0.1 is a local or private address' })]);
    expect(hits).toBe(0);
  });
});
