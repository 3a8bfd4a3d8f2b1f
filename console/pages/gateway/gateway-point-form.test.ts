// A gateway point's form declared once (console/pages/gateway/index.tsx gatewayPointForm): the body
// it sends — the chosen target split into deviceId and paramCode (null without one), an edited point
// keeping its kind — and gatewayPointSchema's messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayPoint } from '../../../shared/api/gateway-point-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { gatewayPointForm } from './index.tsx';

const env = envOf({ gatewayId: 4, targetOptions: async () => [] });
const point: GatewayPoint = { id: 12, gatewayId: 4, code: 'AI-1', name: 'Supply', kind: 'DI', used: false, deviceId: 7, deviceCode: 'FCU-1', deviceName: 'Fan', paramCode: 'temp/in', paramName: 'Temp', distributed: true };

afterEach(() => vi.unstubAllGlobals());

describe('the gateway point form', () => {
  it('creates a point on its gateway with the chosen kind and the target’s device and parameter', async () => {
    const sent = recordRequests();
    const values = valuesOf(gatewayPointForm, null, env, { code: ' AI-2 ', name: ' Return ', kind: 'AO', target: '7/temp/in' });
    expect(await send(gatewayPointForm, null, env, values, sent)).toEqual([
      { method: 'POST', url: '/api/gateway/4/point', body: { code: 'AI-2', name: 'Return', kind: 'AO', used: true, deviceId: 7, paramCode: 'temp/in' } },
    ]);
    expect((await send(gatewayPointForm, null, env, { ...values, target: '' }, sent))[0]!.body).toMatchObject({ kind: 'AO', deviceId: null, paramCode: null });
  });

  it('saves an edited point under its id with its own kind', async () => {
    const sent = recordRequests();
    const values = valuesOf(gatewayPointForm, point, env);
    expect(values).toEqual({ code: 'AI-1', name: 'Supply', used: false, target: '7/temp/in' });
    expect(await send(gatewayPointForm, point, env, { ...values, used: true, target: '' }, sent)).toEqual([
      { method: 'PUT', url: '/api/gateway/point/12', body: { code: 'AI-1', name: 'Supply', kind: 'DI', used: true, deviceId: null, paramCode: null } },
    ]);
  });

  it('gives gatewayPointSchema’s messages', () => {
    expect(messagesOf(gatewayPointForm, null, env, valuesOf(gatewayPointForm, null, env, { code: 'A[1]', name: '' }))).toEqual({
      code: ['不能包含 { } [ ] ^ 字符', 'Must not contain { } [ ] or ^'],
      name: ['此项为必填项', 'This field is required'],
    });
  });
});
