// The strategy form and the strategy group form, declared once: what each sends for values a user
// filled in (the bodies the page sent before its forms were declared once), and the SPEC §5 messages.
import { describe, expect, it, vi } from 'vitest';
import type { LinkStrategy } from '../../../shared/api/linkage-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import type { LinkTargets } from './actions-editor.tsx';
import { linkGroupForm, linkStrategyResource } from './index.tsx';

const form = linkStrategyResource.form!;
const loadGroups = vi.fn();
const env = envOf({ groups: [], groupId: 2, loadGroups, targets: { devices: [], pointsOf: () => null } as unknown as LinkTargets, navigate: () => undefined });
const write = { kind: 'write', deviceId: 4, code: 'fan', value: 1 };
const strategy = {
  id: 8, groupId: 1, name: 'Hot room', deviceId: 4, expression: 'temp > 28', hits: 2, level: 'important', retrySeconds: 60, periodStart: '08:00', periodEnd: '18:00',
  skipHolidays: true, enabled: false, actions: [write], groupName: 'Plant', deviceName: 'Sensor', held: 0,
} as LinkStrategy;

const { sent, saveWith } = formRequests(() => ({ id: 12 }));

describe('the strategy form', () => {
  it('adds a strategy in the chosen group: numbers for group, device, hits and retry (30 when emptied), the actions as a list', async () => {
    await saveWith(form, null, env, { name: ' Hot ', deviceId: '4', expression: ' temp > 28 ', hits: '3', retrySeconds: '', actions: JSON.stringify([write]) });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/link/strategy',
        body: { name: 'Hot', groupId: 2, deviceId: 4, expression: 'temp > 28', hits: 3, level: 'common', retrySeconds: 30, periodStart: '', periodEnd: '', skipHolidays: false, enabled: true, actions: [write] },
      },
    ]);
    expect(loadGroups).toHaveBeenCalled();
  });

  it('edits a strategy by its id with what it held', async () => {
    await saveWith(form, strategy, env, {});
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/link/strategy/8',
        body: { name: 'Hot room', groupId: 1, deviceId: 4, expression: 'temp > 28', hits: 2, level: 'important', retrySeconds: 60, periodStart: '08:00', periodEnd: '18:00', skipHolidays: true, enabled: false, actions: [write] },
      },
    ]);
  });

  it('says the SPEC messages of the shared strategy rules', () => {
    expect(messageOf(form, null, env, { periodStart: '08:00' }, 'periodEnd')).toBe('开始和结束时间须同时填写或同时留空');
    expect(messageOf(form, null, env, { periodStart: '25:00' }, 'periodStart')).toBe('请按 HH:mm 填写时间（00:00–23:59）');
    expect(messageOf(form, null, env, { deviceId: '' }, 'deviceId')).toBe('此项为必填项');
  });
});

describe('the strategy group form', () => {
  it('adds a group and chooses it at once; renames one by its id', async () => {
    const setGroupId = vi.fn();
    await saveWith(linkGroupForm, null, envOf({ setGroupId }), { name: ' Night ', note: ' after 22:00 ' });
    await saveWith(linkGroupForm, { id: 3, name: 'Plant', note: '', strategies: 0 }, envOf({ setGroupId }), { name: 'Plant room' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/link/group', body: { name: 'Night', note: 'after 22:00' } },
      { method: 'PUT', url: '/api/link/group/3', body: { name: 'Plant room', note: '' } },
    ]);
    expect(setGroupId).toHaveBeenCalledWith(12);
    expect(messageOf(linkGroupForm, null, envOf({ setGroupId }), { name: '' }, 'name')).toBe('此项为必填项');
  });
});
