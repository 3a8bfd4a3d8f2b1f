// The quick scene form, declared once: what it sends (the bodies the page sent before its steps went
// into the body as parsed JSON), and the SPEC §5 message of a step's delay.
import { describe, expect, it } from 'vitest';
import type { QuickScene } from '../../../shared/api/linkage-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import type { LinkTargets } from '../link-group/actions-editor.tsx';
import { quickSceneResource } from './index.tsx';

const form = quickSceneResource.form!;
const env = envOf({ targets: { devices: [], pointsOf: () => null } as unknown as LinkTargets });
const step = { delaySeconds: 5, action: { kind: 'write', deviceId: 4, code: 'fan', value: 1 } };

const { sent, saveWith } = formRequests(() => ({}));

describe('the quick scene form', () => {
  it('sends the name and note trimmed and the steps as a list; edits by its id', async () => {
    await saveWith(form, null, env, { name: ' Night ', note: ' lights off ', steps: JSON.stringify([step]) });
    await saveWith(form, { id: 6, name: 'Night', note: '', steps: [step] } as QuickScene, env, {});
    expect(sent).toEqual([
      { method: 'POST', url: '/api/link/scene', body: { name: 'Night', note: 'lights off', steps: [step] } },
      { method: 'PUT', url: '/api/link/scene/6', body: { name: 'Night', note: '', steps: [step] } },
    ]);
    expect(messageOf(form, null, env, { name: 'Night', steps: JSON.stringify([{ ...step, delaySeconds: 301 }]) }, 'steps')).toBe('延时须为 1 到 300 秒');
  });
});
