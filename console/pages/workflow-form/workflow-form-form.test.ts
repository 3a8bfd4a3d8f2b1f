// The workflow form designer's form, declared once: what it sends (the bodies the page sent before
// its fields and process went into the body as parsed JSON), and the platform's own message.
import { describe, expect, it } from 'vitest';
import type { WorkflowForm } from '../../../shared/api/workflow-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { workflowFormResource } from './index.tsx';

const form = workflowFormResource.form!;
const env = envOf({ directory: null });
const fields = [{ name: 'days', label: 'Days', type: 'number', required: true }];
const process = { steps: [{ name: 'Head', mode: 'any', approvers: { kind: 'user', userIds: [2] } }], cc: [] };

const { sent, saveWith } = formRequests(() => ({}));

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
