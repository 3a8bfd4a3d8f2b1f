// The quick scene form, declared once: what it sends (the bodies the page sent before its steps went
// into the body as parsed JSON), and the SPEC §5 message of a step's delay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickScene } from '../../../shared/api/linkage-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf, type Sent } from '../../resource/form-test.ts';
import type { Env, FormDef, FormValues } from '../../resource/types.ts';
import type { LinkTargets } from '../link-group/actions-editor.tsx';
import { quickSceneResource } from './index.tsx';

const form = quickSceneResource.form!;
const env = envOf({ targets: { devices: [], pointsOf: () => null } as unknown as LinkTargets });
const step = { delaySeconds: 5, action: { kind: 'write', deviceId: 4, code: 'fan', value: 1 } };

let sent: Sent[];
beforeEach(() => {
  sent = recordRequests(() => ({}));
});
afterEach(() => vi.unstubAllGlobals());

/** Saves the form opened on `row` with `values` typed over its initial ones. */
const saveWith = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues) => send(form, row, env, valuesOf(form, row, env, values), sent);
/** The zh message the dialog shows under `field` for `values` typed over the initial ones (null: none). */
const messageOf = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string) => messagesOf(form, row, env, valuesOf(form, row, env, values))[field]?.[0] ?? null;

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
