// The event type form declared once (console/pages/alarm-event-type/index.tsx): the original event
// number sent as a number, the texts trimmed, an edit under its id, and eventTypeSchema's messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { alarmEventTypeResource } from './index.tsx';

const form = alarmEventTypeResource.form!;
const env = envOf(undefined);

afterEach(() => vi.unstubAllGlobals());

describe('the event type form', () => {
  it('sends the number as a number and the trimmed texts', async () => {
    const sent = recordRequests();
    expect(await send(form, null, env, valuesOf(form, null, env, { number: ' 1001 ', name: ' Fire ', description: ' smoke ' }), sent)).toEqual([
      { method: 'POST', url: '/api/alarm/event-type', body: { number: 1001, name: 'Fire', description: 'smoke' } },
    ]);
    const type = { id: 7, number: 5, name: 'Leak', description: '' };
    expect(valuesOf(form, type, env)).toEqual({ number: '5', name: 'Leak', description: '' });
    expect(await send(form, type, env, valuesOf(form, type, env), sent)).toEqual([{ method: 'PUT', url: '/api/alarm/event-type/7', body: { number: 5, name: 'Leak', description: '' } }]);
  });

  it('gives eventTypeSchema’s messages', () => {
    expect(messagesOf(form, null, env, { number: '-3', name: '', description: '' })).toEqual({
      number: ['请输入正整数', 'Please enter a positive integer'],
      name: ['此项为必填项', 'This field is required'],
    });
  });
});
