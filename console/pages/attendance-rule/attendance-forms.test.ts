// The attendance rule and site forms declared once (console/pages/attendance-rule/index.tsx,
// console/pages/attendance-site/index.tsx): the bodies they send — minutes and weekdays as numbers,
// a site's other kind's fields sent empty — and their rules' messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { attendanceSiteResource } from '../attendance-site/index.tsx';
import { attendanceRuleResource } from './index.tsx';

const ruleForm = attendanceRuleResource.form!;
const siteForm = attendanceSiteResource.form!;

afterEach(() => vi.unstubAllGlobals());

describe('the attendance rule form', () => {
  const env = envOf(undefined);
  it('creates a rule with minutes and weekdays as numbers and the holiday flag', async () => {
    const sent = recordRequests();
    const values = valuesOf(ruleForm, null, env, { name: ' Day ', flexMinutes: ' 15 ', weekdays: ['1', '3'], skipHolidays: false });
    expect(await send(ruleForm, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/attendance/rule',
        body: { name: 'Day', workStart: '09:00', workEnd: '18:00', flexMinutes: 15, lateThreshold: 60, earlyThreshold: 60, fillInMinutes: 30, weekdays: [1, 3], skipHolidays: false },
      },
    ]);
  });

  it('gives the fill-in window’s SPEC message', () => {
    expect(messagesOf(ruleForm, null, env, valuesOf(ruleForm, null, env, { name: 'Day', fillInMinutes: '100' }))).toEqual({
      fillInMinutes: ['补填时间须为 0 到 99 分钟', 'The fill-in time must be 0 to 99 minutes'],
    });
  });
});

describe('the attendance site form', () => {
  const env = envOf({ users: [], devices: [] });
  it('sends a devices site without a location, and a location site without devices', async () => {
    const sent = recordRequests();
    const values = valuesOf(siteForm, null, env, { name: 'Lobby', ruleId: '3', deviceIds: ['7'], latitude: '31.2', memberIds: ['4', '5'] });
    expect(await send(siteForm, null, env, values, sent)).toEqual([
      { method: 'POST', url: '/api/attendance/site', body: { name: 'Lobby', ruleId: 3, kind: 'devices', deviceIds: [7], latitude: null, longitude: null, radiusMeters: null, memberIds: [4, 5] } },
    ]);
    expect((await send(siteForm, null, env, { ...values, kind: 'location', longitude: '121.5' }, sent))[0]!.body).toEqual({
      name: 'Lobby',
      ruleId: 3,
      kind: 'location',
      deviceIds: [],
      latitude: 31.2,
      longitude: 121.5,
      radiusMeters: 200,
      memberIds: [4, 5],
    });
  });

  it('checks the radius only for a location site', () => {
    const values = valuesOf(siteForm, null, env, { name: 'Lobby', ruleId: '3', radiusMeters: '5' });
    expect(messagesOf(siteForm, null, env, values)).toEqual({});
    expect(messagesOf(siteForm, null, env, { ...values, kind: 'location' })).toEqual({ radiusMeters: ['请输入 10 到 5000 之间的整数', 'Please enter an integer from 10 to 5000'] });
  });
});
