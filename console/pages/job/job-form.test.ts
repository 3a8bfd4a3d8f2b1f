// The job form declared once (console/pages/job/index.tsx jobForm): the body it sends for a new job
// and an edited one — the chosen task's own parameter in `params`, flags as booleans — and jobSchema's
// messages for values the platform would refuse.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../shared/api/job-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { jobForm } from './index.tsx';

const env = envOf({ scenes: [{ value: '5', label: 'Night' }], gateways: [{ value: '9', label: 'GW' }], navigate: () => undefined });
const job: Job = {
  id: 3,
  name: 'Purge',
  cron: '0 3 * * *',
  timezone: 'Asia/Shanghai',
  target: 'runScene',
  params: { sceneId: 5 },
  enabled: false,
  skipIfRunning: false,
  missed: 'skip',
  nextRun: '',
  lastRun: '',
  lastResult: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('the job form', () => {
  it('creates a job with the typed values and only the chosen task’s parameter, as a number', async () => {
    const sent = recordRequests();
    const values = valuesOf(jobForm, null, env, { name: ' Nightly purge ', cron: ' 0 3 * * * ', timezone: 'Asia/Shanghai', target: 'purgeHistory', days: ' 7 ', sceneId: '5' });
    expect(await send(jobForm, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/job',
        body: { name: 'Nightly purge', cron: '0 3 * * *', timezone: 'Asia/Shanghai', target: 'purgeHistory', params: { days: 7 }, missed: 'runOnce', skipIfRunning: true, enabled: true },
      },
    ]);
  });

  it('opens an edited job with its values and saves it under its id; another task sends its own parameter, or none', async () => {
    const sent = recordRequests();
    const values = valuesOf(jobForm, job, env);
    expect(values).toMatchObject({ name: 'Purge', target: 'runScene', sceneId: '5', gatewayId: '', days: '30', missed: 'skip', skipIfRunning: false, enabled: false });
    expect(await send(jobForm, job, env, values, sent)).toEqual([
      { method: 'PUT', url: '/api/job/3', body: { name: 'Purge', cron: '0 3 * * *', timezone: 'Asia/Shanghai', target: 'runScene', params: { sceneId: 5 }, missed: 'skip', skipIfRunning: false, enabled: false } },
    ]);
    expect((await send(jobForm, job, env, { ...values, target: 'resyncGateway', gatewayId: '9' }, sent))[0]!.body).toMatchObject({ target: 'resyncGateway', params: { gatewayId: 9 } });
    expect((await send(jobForm, job, env, { ...values, target: 'exportAlarms' }, sent))[0]!.body).toMatchObject({ target: 'exportAlarms', params: {} });
  });

  it('gives jobSchema’s messages; the days of a task that has none do not count', () => {
    const values = valuesOf(jobForm, null, env, { name: '', cron: '0 3 * * *', target: 'purgeHistory', days: '0' });
    expect(messagesOf(jobForm, null, env, values)).toEqual({
      name: ['此项为必填项', 'This field is required'],
      days: ['请输入 1 到 3650 之间的整数', 'Please enter an integer from 1 to 3650'],
    });
    expect(messagesOf(jobForm, null, env, { ...values, name: 'Purge', target: 'exportAlarms' })).toEqual({});
  });
});
