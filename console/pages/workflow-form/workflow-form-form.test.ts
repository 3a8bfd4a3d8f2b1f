// The workflow form designer's form, declared once: what it sends (the bodies the page sent before
// its fields and process went into the body as parsed JSON), and the platform's own message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowForm } from '../../../shared/api/workflow-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf, type Sent } from '../../resource/form-test.ts';
import type { Env, FormDef, FormValues } from '../../resource/types.ts';
import { workflowFormResource } from './index.tsx';

const form = workflowFormResource.form!;
const env = envOf({ directory: null });
const fields = [{ name: 'days', label: 'Days', type: 'number', required: true }];
const process = { steps: [{ name: 'Head', mode: 'any', approvers: { kind: 'user', userIds: [2] } }], cc: [] };

let sent: Sent[];
beforeEach(() => {
  sent = recordRequests(() => ({}));
});
afterEach(() => vi.unstubAllGlobals());

/** Saves the form opened on `row` with `values` typed over its initial ones. */
const saveWith = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues) => send(form, row, env, valuesOf(form, row, env, values), sent);
/** The zh message the dialog shows under `field` for `values` typed over the initial ones (null: none). */
const messageOf = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string) => messagesOf(form, row, env, valuesOf(form, row, env, values))[field]?.[0] ?? null;

describe('the workflow form designer', () => {
  it('sends name and description trimmed, enabled as a flag, the fields and the process as they were designed; edits by its id', async () => {
    await saveWith(form, null, env, { name: ' Leave ', description: ' days off ', fields: JSON.stringify(fields), process: JSON.stringify(process) });
    await saveWith(form, { id: 5, name: 'Leave', description: '', enabled: false, fields, process } as unknown as WorkflowForm, env, {});
    expect(sent).toEqual([
      { method: 'POST', url: '/api/workflow/form', body: { name: 'Leave', description: 'days off', enabled: true, fields, process } },
      { method: 'PUT', url: '/api/workflow/form/5', body: { name: 'Leave', description: '', enabled: false, fields, process } },
    ]);
    expect(messageOf(form, null, env, { name: ' ' }, 'name')).toBe('表单名称须为 1 到 20 个字符');
  });
});
