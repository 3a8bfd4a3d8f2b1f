// Notification channels (baseManager notify/channel): email, SMS and webhook channels of a tenant, each
// with the alarm levels it carries and a "send test". Delivery is real: mail goes over SMTP
// (nodemailer) to the embedded mail server the platform runs (smtp-server on ATRIUM_SMTP_PORT, 2525 by
// default; a free port under the test switch unless named), whose mailbox the console reads; webhooks are POSTed,
// signed with the channel's secret (HMAC-SHA256 over "timestamp.body"), retried with back-off
// (ATRIUM_WEBHOOK_BACKOFF_MS, 1 s doubling, four attempts) and never sent to a loopback or private
// address unless ATRIUM_OUTBOUND_NETWORKS allows its network (checked on save and on the address
// actually connected to, outbound.ts); SMS goes to a logged simulator. Every
// attempt is recorded. New alarms (alarm-events.ts) reach the channels that carry their level.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AlarmLevel } from '../../../shared/api/alarm-types.ts';
import type { Channel, ChannelSave } from '../../../shared/api/notify.ts';
import { ops } from '../../../shared/contract/notify.ts';
import { route } from '../contract.ts';
import { onAlarm } from '../alarms/alarm-events.ts';
import { outboundUrlProblem, postOutbound, PrivateAddressError } from '../outbound.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { formatTime } from '../operations/tasks.ts';
import {
  channelDeliveries,
  channelNameTaken,
  channelsForLevel,
  deleteChannels,
  fileMail,
  findChannel,
  insertChannel,
  listChannels,
  mailbox,
  recordDelivery,
  updateChannel,
} from './notify-data.ts';

export interface EmailConfig {
  to: string[];
}
export interface SmsConfig {
  phones: string[];
  /** ≤ 30 characters (SPEC §5); {level} and {content} are filled in. */
  template: string;
}
export interface WebhookConfig {
  url: string;
  secret: string;
}


export interface Message {
  subject: string;
  text: string;
  level: AlarmLevel | 'test';
}

const TEXT = {
  nameTaken: { zh: '名称已存在', en: 'Name already exists' },
  to: { zh: '请填写 1 到 10 个收件地址', en: 'Give 1 to 10 recipient addresses' },
  phones: { zh: '请填写 1 到 10 个手机号码（11 位，1 开头）', en: 'Give 1 to 10 phone numbers (11 digits starting with 1)' },
  template: { zh: '短信模板须为 1 到 30 个字符', en: 'The SMS template must be 1 to 30 characters' },
  url: { zh: '地址须为 http:// 或 https:// 开头', en: 'The address must start with http:// or https://' },
  privateUrl: { zh: '地址指向本机或内网，平台未允许该网络（ATRIUM_OUTBOUND_NETWORKS）', en: 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)' },
  secret: { zh: '签名密钥须为 16 到 64 个字符', en: 'The signing secret must be 16 to 64 characters' },
  noChannel: { zh: '通知渠道不存在', en: 'No such notification channel' },
  testSubject: { zh: 'Atrium 测试通知', en: 'Atrium test notification' },
  testText: { zh: '这是一条测试通知：渠道 {name} 可以送达。', en: 'This is a test notification: the channel {name} delivers.' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^1[3-9]\d{9}$/;

/** The channel's configuration as stored, or the refusal (text and field). */
function checkConfig(kind: Channel['kind'], config: unknown, lang: Lang, networks: readonly string[]): { config: Channel['config'] } | { message: string; field: string } {
  const c = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x).trim()).filter(Boolean) : []);
  if (kind === 'email') {
    const to = list(c.to);
    if (to.length < 1 || to.length > 10 || !to.every((a) => EMAIL.test(a) && a.length <= 120)) return { message: say(lang, 'to'), field: 'to' };
    return { config: { to } };
  }
  if (kind === 'sms') {
    const phones = list(c.phones);
    if (phones.length < 1 || phones.length > 10 || !phones.every((p) => PHONE.test(p))) return { message: say(lang, 'phones'), field: 'phones' };
    const template = typeof c.template === 'string' ? c.template.trim() : '';
    if ([...template].length < 1 || [...template].length > 30) return { message: say(lang, 'template'), field: 'template' };
    return { config: { phones, template } };
  }
  const url = typeof c.url === 'string' ? c.url.trim() : '';
  if (!/^https?:\/\/[^\s<>"']{1,300}$/i.test(url)) return { message: say(lang, 'url'), field: 'url' };
  const problem = outboundUrlProblem(url, networks);
  if (problem) return { message: say(lang, problem === 'private' ? 'privateUrl' : 'url'), field: 'url' };
  const secret = typeof c.secret === 'string' ? c.secret : '';
  if (secret.length < 16 || secret.length > 64) return { message: say(lang, 'secret'), field: 'secret' };
  return { config: { url, secret } };
}

const decodeWords = (text: string) => text.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/gi, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/** The parts of a received mail this mailbox keeps: headers it needs, and the body decoded. */
export function readMail(raw: string): { subject: string; tenant: number | null; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const bodyRaw = split < 0 ? '' : raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyRaw.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(bodyRaw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
        : bodyRaw;
  const tenant = Number(header('X-Atrium-Tenant'));
  return { subject: decodeWords(header('Subject')), tenant: Number.isInteger(tenant) && tenant > 0 ? tenant : null, body: body.trim() };
}


const plugin: FastifyPluginAsync = async (app) => {
  const { config, log } = app.atrium;
  // Mail arriving at the embedded server names its tenant in a header (a delivery of that tenant's
  // channel), and the alarm bus carries every tenant's alarms: both are filed by the tenant they name.
  const platform = platformData(app, "the embedded mail server and the alarm bus serve every tenant, each message filed under the tenant it names");

  // ---- the embedded mail server ----------------------------------------------------------------
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 1024 * 1024,
    banner: 'Atrium demo mail server',
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 1024 * 1024) chunks.push(chunk);
      });
      stream.on('end', () => {
        const mail = readMail(Buffer.concat(chunks).toString('utf8'));
        fileMail(platform, {
          tenant: mail.tenant,
          receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address).join(', '),
          subject: mail.subject.slice(0, 300),
          body: mail.body.slice(0, 64 * 1024),
        });
        done();
      });
    },
  });
  const port = config.smtpPort;
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  const boundPort = (smtp.server.address() as AddressInfo).port;
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: boundPort, secure: false, ignoreTLS: true });
  app.addHook('onClose', async () => {
    mailer.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  // ---- delivery ----------------------------------------------------------------------------------
  const record = (data: TenantData, channel: Channel, attempt: number, okay: boolean, subject: string, detail: string) => recordDelivery(data, channel.id, attempt, okay, subject, detail);

  /** Delivers one message through one channel; answers whether it arrived (after the retries a webhook gets). */
  async function deliver(data: TenantData, c: Channel, message: Message): Promise<boolean> {
    const { tenantId } = data;
    if (c.kind === 'email') {
      const cfg = c.config as EmailConfig;
      try {
        const sent = await mailer.sendMail({
          from: 'Atrium <notify@atrium.local>',
          to: cfg.to,
          subject: message.subject,
          text: message.text,
          textEncoding: 'base64',
          headers: { 'X-Atrium-Tenant': String(tenantId) },
        });
        record(data, c, 1, true, message.subject, `accepted by ${sent.accepted.length} recipients`);
        return true;
      } catch (error) {
        record(data, c, 1, false, message.subject, (error as Error).message);
        return false;
      }
    }
    if (c.kind === 'sms') {
      const cfg = c.config as SmsConfig;
      const text = cfg.template.replace('{level}', message.level).replace('{content}', message.text);
      // The SMS provider is simulated: the message goes to the log, never to a phone.
      log(`[sms simulator] to ${cfg.phones.length} phone(s): ${text}`);
      record(data, c, 1, true, message.subject, `simulated SMS: ${text}`);
      return true;
    }
    const cfg = c.config as WebhookConfig;
    const body = JSON.stringify({ subject: message.subject, text: message.text, level: message.level, tenantId: tenantId, at: new Date().toISOString() });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', cfg.secret).update(`${timestamp}.${body}`).digest('hex');
      try {
        const answer = await postOutbound(cfg.url, { 'content-type': 'application/json', 'x-atrium-timestamp': timestamp, 'x-atrium-signature': signature }, body, config.outboundNetworks);
        if (answer.status >= 200 && answer.status < 300) {
          record(data, c, attempt, true, message.subject, `HTTP ${answer.status}`);
          return true;
        }
        record(data, c, attempt, false, message.subject, `HTTP ${answer.status}`);
      } catch (error) {
        record(data, c, attempt, false, message.subject, (error as Error).message);
        // An address the platform may not reach stays refused; retrying would only knock again.
        if (error instanceof PrivateAddressError) {
          log(`[notify] webhook of channel ${c.id} refused: it resolves to a private address`);
          return false;
        }
      }
      if (attempt < 4) await new Promise((r) => setTimeout(r, config.tuning.webhookBackoffMs * 2 ** (attempt - 1)));
    }
    return false;
  }

  // New alarms reach the channels that carry their level.
  const unsubscribe = onAlarm(platform, 'notify', async (alarm) => {
    const data = tenantDataOf(platform, alarm.tenantId);
    const channels = channelsForLevel(data, alarm.level);
    await Promise.all(channels.map((ch) => deliver(data, ch, { subject: `[${alarm.level}] ${alarm.deviceName}`, text: `${alarm.content} (${formatTime(alarm.at)})`, level: alarm.level })));
  });
  app.addHook('onClose', async () => unsubscribe());

  // ---- routes ------------------------------------------------------------------------------------
  route(app, ops.page, async (request) => ok(listChannels(tenantData(request), request.body.keyword, request.body)));

  const save = (request: FastifyRequest<{ Body: ChannelSave }>, id: number | null) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    const checked = checkConfig(b.kind, b.config, lang, config.outboundNetworks);
    if ('message' in checked) return failField(checked.message, checked.field);
    const name = b.name.trim();
    if (channelNameTaken(data, name, id)) return failField(say(lang, 'nameTaken'), 'name');
    const write = { name, kind: b.kind, config: JSON.stringify(checked.config), levels: [...new Set(b.levels)].join(','), enabled: b.enabled ? (1 as const) : (0 as const) };
    if (id === null) id = insertChannel(data, write);
    else updateChannel(data, id, write);
    return ok(findChannel(data, id)!);
  };
  route(app, ops.create, async (request) => save(request, null));
  route(app, ops.update, async (request) => {
    if (!findChannel(tenantData(request), request.params.id)) return fail(say(langOf(request), 'noChannel'));
    return save(request, request.params.id);
  });
  route(app, ops.remove, async (request) => {
    const deleted = deleteChannels(tenantData(request), request.body.ids);
    return deleted === null ? fail(say(langOf(request), 'noChannel')) : ok({ deleted });
  });

  /** Sends a test message now and answers how it went (a webhook's retries included). */
  route(app, ops.test, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const channel = findChannel(data, request.params.id);
    if (!channel) return fail(say(lang, 'noChannel'));
    const delivered = await deliver(data, channel, { subject: say(lang, 'testSubject'), text: say(lang, 'testText', { name: channel.name }), level: 'test' });
    return ok({ delivered });
  });

  route(app, ops.deliveries, async (request) => {
    const data = tenantData(request);
    if (!findChannel(data, request.params.id)) return fail(say(langOf(request), 'noChannel'));
    return ok(channelDeliveries(data, request.params.id));
  });

  /** The embedded mail server's mailbox: the mails the tenant's channels sent. */
  route(app, ops.mailbox, async (request) => {
    return ok(mailbox(tenantData(request)));
  });
};

export default plugin;
