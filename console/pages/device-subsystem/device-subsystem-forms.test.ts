// The device-subsystem forms declared once (console/pages/device-subsystem/index.tsx): a device (model
// and gateway as ids, no area as null), an area, filing devices in a data group (a new one made
// first) and batch creation (count and start as numbers, %d expanded) — the bodies they send and the
// messages of their rules.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AreaNode, Device } from '../../../shared/api/device-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { areaForm, batchForm, deviceForm, groupingForm } from './index.tsx';

const device = {
  id: 1,
  code: 'FCU-001',
  name: 'Fan coil 1',
  label: '',
  address: '1-1',
  sn: '',
  ip: '10.0.0.5',
  mac: '',
  busNo: 1,
  port: null,
  version: '',
  status: 'online',
  statusSeq: 10,
  statusAt: 1777622400000,
  gatewayId: 3,
  gatewayName: 'Gateway 1',
  areaId: 'a1',
  areaName: 'Tower A',
  modelId: 2,
  modelName: 'Fan coil',
  dataGroupId: null,
  dataGroupName: '',
} as const satisfies Device;
const area: AreaNode = { rowGuid: 'a2', parentId: 'a1', areaName: 'Floor 3', children: [] };

afterEach(() => vi.unstubAllGlobals());

describe('the device form', () => {
  const env = envOf({ models: [], gateways: [], areaOptions: [], areaId: 'a9', setOpen: () => undefined });
  it('creates a device in the chosen area with trimmed texts, no model or gateway as null', async () => {
    const sent = recordRequests();
    const values = valuesOf(deviceForm, null, env, { code: ' FCU-002 ', name: ' Fan coil 2 ', busNo: ' 4 ' });
    expect(values.areaId).toBe('a9');
    expect(await send(deviceForm, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/device',
        body: { code: 'FCU-002', name: 'Fan coil 2', label: '', address: '', sn: '', ip: '', mac: '', busNo: '4', port: '', version: '', modelId: null, areaId: 'a9', gatewayId: null },
      },
    ]);
    expect((await send(deviceForm, null, env, { ...values, areaId: '' }, sent))[0]!.body).toMatchObject({ areaId: null });
  });

  it('saves an edited device under its id with its model and gateway as numbers', async () => {
    const sent = recordRequests();
    expect(await send(deviceForm, device, env, valuesOf(deviceForm, device, env), sent)).toEqual([
      {
        method: 'PUT',
        url: '/api/device/1',
        body: { code: 'FCU-001', name: 'Fan coil 1', label: '', address: '1-1', sn: '', ip: '10.0.0.5', mac: '', busNo: '1', port: '', version: '', modelId: 2, areaId: 'a1', gatewayId: 3 },
      },
    ]);
  });

  it('gives the shared device rules’ messages', () => {
    expect(messagesOf(deviceForm, null, env, valuesOf(deviceForm, null, env, { code: 'A{1}', name: 'Fan', port: '70000' }))).toEqual({
      code: ['不能包含 { } [ ] ^ 字符', 'Must not contain { } [ ] or ^'],
      port: ['请输入 1 到 65535 之间的整数', 'Please enter an integer from 1 to 65535'],
    });
  });
});

describe('the area form', () => {
  it('adds an area under the chosen one, or at the top, and renames one under its guid', async () => {
    const sent = recordRequests(() => ({ rowGuid: 'a3', parentId: null, areaName: 'x' }));
    const under = envOf({ areaOptions: [], parentId: 'a1' });
    expect(await send(areaForm, null, under, valuesOf(areaForm, null, under, { name: ' Floor 4 ' }), sent)).toEqual([{ method: 'POST', url: '/api/device/area', body: { name: 'Floor 4', parentId: 'a1' } }]);
    const top = envOf({ areaOptions: [], parentId: null });
    expect((await send(areaForm, null, top, valuesOf(areaForm, null, top, { name: 'Tower B' }), sent))[0]!.body).toEqual({ name: 'Tower B', parentId: null });
    expect(valuesOf(areaForm, area, under)).toEqual({ name: 'Floor 3', parentId: 'a1' });
    expect((await send(areaForm, area, under, { name: 'Floor 3 east', parentId: 'a1' }, sent))[0]).toMatchObject({ method: 'PUT', url: '/api/device/area/a2' });
    expect(messagesOf(areaForm, null, top, { name: '', parentId: '' })).toEqual({ name: ['此项为必填项', 'This field is required'] });
  });
});

describe('the filing form', () => {
  const env = envOf({ devices: [{ id: 4 }, { id: 5 }] as unknown as readonly Device[] });
  it('files the devices in the chosen group, out of any group, or in a new group made first', async () => {
    const sent = recordRequests((url) => (url.startsWith('/api/admin/dataGrp') ? { id: 77 } : { filed: 2 }));
    expect(await send(groupingForm, null, env, { groupId: '12', newName: '' }, sent)).toEqual([{ method: 'POST', url: '/api/device/data-group', body: { ids: [4, 5], dataGroupId: 12 } }]);
    expect((await send(groupingForm, null, env, { groupId: '', newName: '' }, sent))[0]!.body).toEqual({ ids: [4, 5], dataGroupId: null });
    const made = await send(groupingForm, null, env, { groupId: '\u0000new', newName: ' Pumps ' }, sent);
    expect(made.map((s) => s.body)).toEqual([{ name: 'Pumps', type: expect.any(Number) }, { ids: [4, 5], dataGroupId: 77 }]);
    expect(messagesOf(groupingForm, null, env, { groupId: '\u0000new', newName: '' })).toEqual({ newName: ['此项为必填项', 'This field is required'] });
    expect(messagesOf(groupingForm, null, env, { groupId: '12', newName: '' })).toEqual({});
  });
});

describe('the batch form', () => {
  const env = envOf({ models: [], areaOptions: [], areaId: 'a1' });
  it('creates the devices the patterns stand for, in the chosen area, with the chosen model', async () => {
    const sent = recordRequests(() => ({ created: 3, ids: [1, 2, 3] }));
    const values = valuesOf(batchForm, null, env, { count: ' 3 ', start: '8', code: 'FCU-%d', name: 'Fan %d', modelId: '2' });
    expect(values).toMatchObject({ count: ' 3 ', areaId: 'a1', address: '' });
    expect(await send(batchForm, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/device/batch',
        body: {
          devices: [
            { code: 'FCU-8', name: 'Fan 8', address: '', modelId: 2, areaId: 'a1' },
            { code: 'FCU-9', name: 'Fan 9', address: '', modelId: 2, areaId: 'a1' },
            { code: 'FCU-10', name: 'Fan 10', address: '', modelId: 2, areaId: 'a1' },
          ],
        },
      },
    ]);
    expect((await send(batchForm, null, env, { ...values, count: '1', modelId: '', areaId: '' }, sent))[0]!.body).toEqual({ devices: [{ code: 'FCU-8', name: 'Fan 8', address: '', modelId: null, areaId: null }] });
  });

  it('gives the batch rules’ messages', () => {
    expect(messagesOf(batchForm, null, env, valuesOf(batchForm, null, env, { count: '1001', code: 'FCU', name: 'Fan' }))).toEqual({
      count: ['每批数量须为 1 到 1000', 'A batch holds 1 to 1000 items'],
      code: ['编码须包含且只包含一个 %d 占位符', 'The code must contain exactly one %d placeholder'],
    });
  });
});
