// The handle form declared once (console/pages/alarm-search/index.tsx handleForm): taking alarms in
// hand or handling them sends their ids, the state and the trimmed note; a note over the contract's
// 500 characters gets the SPEC length message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '../../../shared/api/alarm-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { handleForm } from './index.tsx';

const alarms = [{ id: 4 }, { id: 9 }] as unknown as readonly Alarm[];

afterEach(() => vi.unstubAllGlobals());

describe('the alarm handle form', () => {
  it('handles the alarms with the trimmed note', async () => {
    const sent = recordRequests(() => ({ changed: 2 }));
    const env = envOf({ alarms, handleStatus: 'handled' as const });
    expect(valuesOf(handleForm, null, env)).toEqual({ note: '' });
    expect(await send(handleForm, null, env, { note: '  valve replaced \n' }, sent)).toEqual([
      { method: 'POST', url: '/api/alarm/handle', body: { ids: [4, 9], handleStatus: 'handled', note: 'valve replaced' } },
    ]);
    const taking = envOf({ alarms: alarms.slice(0, 1), handleStatus: 'handling' as const });
    expect((await send(handleForm, null, taking, { note: '' }, sent))[0]!.body).toEqual({ ids: [4], handleStatus: 'handling', note: '' });
  });

  it('refuses a note over 500 characters with the SPEC message', () => {
    const env = envOf({ alarms, handleStatus: 'handled' as const });
    expect(messagesOf(handleForm, null, env, { note: 'x'.repeat(501) })).toEqual({ note: ['长度不能超过 500 个字符', 'At most 500 characters'] });
    expect(messagesOf(handleForm, null, env, { note: 'x'.repeat(500) })).toEqual({});
  });
});
