// The alarm rule form declared once (console/pages/alarm-config/index.tsx): the body it sends — model
// as a number, device and event type as ids (null for all devices / none), hours left empty as the
// 24 h default — and alarmRuleSchema's messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { alarmRuleResource } from './index.tsx';

const form = alarmRuleResource.form!;
const env = envOf(undefined);

afterEach(() => vi.unstubAllGlobals());

describe('the alarm rule form', () => {
  it('creates a rule with numbers and ids, empty hours as the default', async () => {
    const sent = recordRequests();
    const values = valuesOf(form, null, env, { modelId: '2', paramCode: ' temp ', expression: ' x > 30 ', eventTypeId: '5', noticeHours: '', banHours: ' 0 ' });
    expect(await send(form, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/alarm/rule',
        body: { modelId: 2, paramCode: 'temp', deviceId: null, expression: 'x > 30', level: 'warning', content: '{device}: {param} {value} {unit}', eventTypeId: 5, noticeHours: 24, banHours: 0, enabled: true },
      },
    ]);
  });

  it('gives alarmRuleSchema’s messages', () => {
    expect(messagesOf(form, null, env, valuesOf(form, null, env, { modelId: '2', paramCode: 'temp', expression: 'x > 30', noticeHours: '0' }))).toEqual({
      noticeHours: ['请输入 1 到 720 之间的整数', 'Please enter an integer from 1 to 720'],
    });
  });
});
