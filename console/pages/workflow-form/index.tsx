// Workflow form management (activitiManager activiti/menu) on the resource kit: a form's name,
// description and enabled state, its fields (text, number, date, select, person, department,
// attachment) and its approval process. The rules are the platform's own (shared/workflow/validate.ts),
// so a repeated field name or a step without approvers is named in the form before saving.
import { useEffect, useState } from 'react';
import { createForm, deleteForms, listForms, updateForm, workflowDirectory } from '../../../shared/api/workflow.ts';
import type { Directory, FormField, ProcessDef, WorkflowForm, WorkflowFormSave } from '../../../shared/api/workflow-types.ts';
import { http } from '../../../shared/http/index.ts';
import type { MessageKey, Rule } from '../../../shared/validate/index.ts';
import { checkForm } from '../../../shared/workflow/validate.ts';
import { defineResource, ResourcePage } from '../../resource/index.ts';
import { FieldsEditor, parseJson, ProcessEditor } from './editors.tsx';
import './texts.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The first problem checkForm finds under `prefix` (fields, process …), as a form message. */
const formRule =
  (prefix: string): Rule =>
  (_value, values) => {
    const problem = checkForm({
      name: text(values.name as string) || 'x',
      description: text(values.description as string),
      fields: parseJson<FormField[]>(values.fields, []),
      process: parseJson<ProcessDef>(values.process, { steps: [], cc: [] }),
    }).find((p) => p.at === prefix || p.at.startsWith(`${prefix}.`));
    if (!problem) return null;
    const row = /\.(\d+)\./.exec(problem.at);
    return { key: `workflow.problem.${problem.code}` as MessageKey, params: { ...problem.params, ...(row ? { row: Number(row[1]) + 1 } : {}) } };
  };

const nameRule: Rule = (value) => (typeof value === 'string' && value.trim().length >= 1 && value.trim().length <= 20 ? null : { key: 'workflow.problem.formName' as MessageKey });
const descriptionRule: Rule = (value) => (typeof value !== 'string' || value.length <= 255 ? null : { key: 'workflow.problem.description' as MessageKey });

/** What the form designer reaches on the page: the people, roles and departments approvers are chosen from. */
interface WorkflowFormPage {
  directory: Directory | null;
}

export const workflowFormResource = defineResource<WorkflowForm, WorkflowFormPage>({
  id: 'workflow-form',
  operation: 'workflow.formPage',
  titleKey: 'workflow.forms.title',
  rowKey: (f) => f.id,
  rowName: (f) => f.name,
  columns: [
    { id: 'name', headerKey: 'workflow.forms.field.name', field: 'name' },
    { id: 'description', headerKey: 'workflow.forms.field.description', field: 'description' },
    { id: 'fields', headerKey: 'workflow.forms.field.fields', field: 'fields', cell: (f) => f.fields.map((x) => x.label).join(', ') },
    { id: 'process', headerKey: 'workflow.forms.field.process', field: 'process', cell: (f) => f.process.steps.map((s) => s.name).join(' → ') },
    { id: 'version', headerKey: 'workflow.forms.field.version', field: 'version', cell: (f) => `v${f.version}` },
    { id: 'requests', headerKey: 'workflow.forms.field.requests', field: 'requests' },
    { id: 'enabled', headerKey: 'workflow.forms.field.enabled', field: 'enabled', cell: (f, { t }) => <span data-enabled={f.enabled}>{t(f.enabled ? 'workflow.forms.on' : 'workflow.forms.off')}</span> },
    { id: 'updated', headerKey: 'workflow.forms.field.updated', field: 'updatedAt' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'workflow.forms.field.keyword' }],
  list: (q, signal) => {
    const keyword = typeof q.filters.keyword === 'string' ? q.filters.keyword.trim() : '';
    return listForms(http, { page: q.page, limit: q.limit, ...(keyword ? { keyword } : {}) }, signal);
  },
  form: {
    saves: { create: 'workflow.createForm', update: 'workflow.updateForm' },
    wide: true,
    fields: (_row, { page }) => [
      { kind: 'text', name: 'name', labelKey: 'workflow.forms.field.name', rules: [nameRule], initial: (f) => f?.name ?? '' },
      { kind: 'textarea', name: 'description', labelKey: 'workflow.forms.field.description', rules: [descriptionRule], initial: (f) => f?.description ?? '' },
      { kind: 'checkbox', name: 'enabled', labelKey: 'workflow.forms.field.enabled', initial: (f) => f?.enabled ?? true },
      // The fields and the process are held as JSON text while edited.
      {
        kind: 'custom',
        name: 'fields',
        labelKey: 'workflow.forms.field.fields',
        render: (props) => <FieldsEditor {...props} />,
        rules: [formRule('fields')],
        initial: (f) => JSON.stringify(f?.fields ?? [{ name: '', label: '', type: 'text', required: true }]),
        as: 'json',
      },
      {
        kind: 'custom',
        name: 'process',
        labelKey: 'workflow.forms.field.process',
        render: (props) => <ProcessEditor {...props} directory={page.directory} />,
        rules: [formRule('process')],
        initial: (f) => JSON.stringify(f?.process ?? { steps: [{ name: '', mode: 'any', approvers: { kind: 'user', userIds: [] } }], cc: [] }),
        as: 'json',
      },
    ],
    hints: { process: (_, { t }) => t('workflow.designer.versionNote') },
    save: async (body, f) => {
      const form = body as WorkflowFormSave;
      await (f ? updateForm(http, f.id, form) : createForm(http, form));
    },
  },
  remove: (rows) => deleteForms(http, rows.map((f) => f.id)),
});

export default function WorkflowFormPage() {
  const [directory, setDirectory] = useState<Directory | null>(null);
  useEffect(() => {
    workflowDirectory(http).then(setDirectory, () => undefined);
  }, []);

  const def = workflowFormResource;

  return (
    <div data-page="workflow-form">
      <ResourcePage def={def} page={{ directory }} />
    </div>
  );
}
