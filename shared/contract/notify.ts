// Notification channels (baseManager notify/channel): e-mail, SMS and webhook channels that carry new
// alarms of chosen levels, their test sends and deliveries, and the embedded mail server's mailbox.
import Type from 'typebox';
import { ALARM_LEVELS } from '../api/alarm-types.ts';
import { CHANNEL_KINDS } from '../api/notify.ts';
import { NOTIFY_BOUNDS as B } from '../validate/notify.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, OneOf, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Notification channels';

export const ChannelKind = OneOf(CHANNEL_KINDS, { description: 'email, sms or webhook' });

/** The settings of a channel; which ones a kind needs is checked by kind (the refusal names the field). */
export const ChannelConfig = Strict(
  {
    to: Type.Optional(Type.Array(Text(0, 120), { maxItems: 10, description: 'email: 1 to 10 recipient addresses' })),
    phones: Type.Optional(Type.Array(Text(0, 20), { maxItems: 10, description: 'sms: 1 to 10 mobile numbers (11 digits starting with 1)' })),
    template: Type.Optional(Text(...B.template, { description: 'sms: 1 to 30 characters (SPEC §5); {level} and {content} are filled in' })),
    url: Type.Optional(Text(0, 310, { description: 'webhook: an http:// or https:// address the platform may reach (not this machine or a private network unless allowed)' })),
    secret: Type.Optional(Text(...B.secret, { description: 'webhook: the signing secret, 16 to 64 characters (x-atrium-signature is its HMAC-SHA256 of timestamp.body)' })),
  },
  { description: 'email: to; sms: phones and template; webhook: url and secret' },
);

const channelFields = {
  name: Text(...B.name, { description: "Unique within the tenant" }),
  kind: ChannelKind,
  config: ChannelConfig,
  levels: Type.Array(OneOf(ALARM_LEVELS), { maxItems: ALARM_LEVELS.length, description: 'The alarm levels the channel carries' }),
  enabled: Type.Boolean(),
};

export const Channel = Strict({ id: Id(), ...channelFields, name: Type.String() });
export const ChannelSave = Strict(channelFields);
export const ChannelQuery = PageQueryOf({ keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })) });
export const ChannelPage = PageOf(Channel);

export const Delivery = Strict({
  at: Time(),
  attempt: Type.Integer({ minimum: 1, description: 'A webhook is tried up to 4 times' }),
  ok: Type.Boolean(),
  subject: Type.String(),
  detail: Type.String({ description: 'What the receiver answered, or why it failed' }),
});

export const Mail = Strict({
  id: Id(),
  receivedAt: Time(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
});

const sampleSave = { name: 'Duty desk', kind: 'email', config: { to: ['duty@example.com'] }, levels: ['critical', 'warning'], enabled: true };
const sample = { id: 1, ...sampleSave };

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/notify/channel/page',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: "The tenant's notification channels by name, paged",
    description: 'Only the tenant\'s own channels.',
    body: ChannelQuery,
    data: ChannelPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sample], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/notify/channel',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: 'Adds a notification channel',
    description: "Refused for a name in use, or settings the kind does not accept (addresses, numbers, template length, a webhook address the platform may not reach, a short secret); the refusal names the field.",
    body: ChannelSave,
    data: Channel,
    examples: { body: sampleSave, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/notify/channel/:id',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: 'Changes a notification channel',
    description: "The same checks as adding; refused when the channel is not the tenant's.",
    params: IdParams,
    body: ChannelSave,
    data: Channel,
    examples: { params: { id: 1 }, body: sampleSave, data: sample },
  }),
  remove: operation({
    method: 'POST',
    path: '/api/notify/channel/delete',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: 'Deletes notification channels',
    description: "All or none: an id that is not the tenant's refuses the request and nothing is deleted.",
    body: Strict({ ids: Ids() }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  test: operation({
    method: 'POST',
    path: '/api/notify/channel/:id/test',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: 'Sends a test message through a channel now and says whether it arrived',
    description: "A webhook's retries are included (up to 4 attempts), so the answer may take a while. Takes no body. Refused when the channel is not the tenant's.",
    params: IdParams,
    data: Strict({ delivered: Type.Boolean() }),
    examples: { params: { id: 1 }, data: { delivered: true } },
  }),
  deliveries: operation({
    method: 'GET',
    path: '/api/notify/channel/:id/deliveries',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: "A channel's last 100 delivery attempts, newest first",
    description: "Refused when the channel is not the tenant's.",
    params: IdParams,
    data: Type.Array(Delivery),
    examples: { params: { id: 1 }, data: [{ at: '2026-05-01 08:00:00', attempt: 1, ok: true, subject: '[warning] Temperature sensor 1', detail: 'accepted by 1 recipients' }] },
  }),
  mailbox: operation({
    method: 'GET',
    path: '/api/notify/mailbox',
    rights: { menu: 'notifyChannelMng' },
    tag: TAG,
    summary: "The embedded mail server's last 100 mails of the tenant's channels",
    description: 'The demo platform delivers e-mail to its own mail server; this is what arrived there.',
    data: Type.Array(Mail),
    examples: { data: [{ id: 1, receivedAt: '2026-05-01 08:00:00', from: 'notify@atrium.local', to: 'duty@example.com', subject: 'Atrium test notification', body: 'This is a test notification.' }] },
  }),
};
