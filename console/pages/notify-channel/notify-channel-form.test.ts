// The channel form, declared once: the body it sends — the chosen kind's own settings in `config`,
// lists split at commas, the levels as chosen — and the messages an invalid value gets.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../shared/api/notify.ts';
import { envOf, formRequests, messagesOf, valuesOf } from '../../resource/form-test.ts';
import { notifyChannelResource } from './index.tsx';

const form = notifyChannelResource.form!;
const env = envOf({ mailChanged: () => undefined, setDeliveries: () => undefined });

const { sent, saveWith } = formRequests(() => ({}));

describe('the notification channel form', () => {
  it('sends only the chosen kind’s settings: email addresses, sms phones and template, a webhook’s address and secret as typed', async () => {
    await saveWith(form, null, env, { name: ' Duty ', to: 'a@example.com, b@example.com，c@example.com', levels: ['critical', 'important'] });
    await saveWith(form, null, env, { name: 'SMS', kind: 'sms', phones: '13800000000 13900000000', template: ' [{level}] {content} ' });
    await saveWith(form, { id: 4, name: 'Hook', kind: 'webhook', config: { url: 'https://hook.example/a', secret: 's' }, levels: ['critical'], enabled: false } as Channel, env, { secret: ' 0123456789abcdef ' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/notify/channel', body: { name: 'Duty', kind: 'email', levels: ['critical', 'important'], enabled: true, config: { to: ['a@example.com', 'b@example.com', 'c@example.com'] } } },
      { method: 'POST', url: '/api/notify/channel', body: { name: 'SMS', kind: 'sms', levels: ['critical'], enabled: true, config: { phones: ['13800000000', '13900000000'], template: '[{level}] {content}' } } },
      { method: 'PUT', url: '/api/notify/channel/4', body: { name: 'Hook', kind: 'webhook', levels: ['critical'], enabled: false, config: { url: 'https://hook.example/a', secret: ' 0123456789abcdef ' } } },
    ]);
  });

  it('checks the shown fields only: a long sms template is refused, not while the channel is email', () => {
    const long = valuesOf(form, null, env, { name: 'SMS', kind: 'sms', template: 'x'.repeat(31) });
    expect(Object.keys(messagesOf(form, null, env, long))).toEqual(['template']);
    expect(messagesOf(form, null, env, { ...long, kind: 'email' })).toEqual({});
    expect(messagesOf(form, null, env, valuesOf(form, null, env, { name: '' })).name?.[0]).toBe('此项为必填项');
  });
});
