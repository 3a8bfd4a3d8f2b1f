// Rules of workflow forms and of the values a request carries, shared by the designer, the request
// form and the platform. A problem names its place (a field, a step) and a message code; the texts of
// the codes are PROBLEM_TEXTS, in both languages, for the console and the platform alike.
import { FIELD_TYPES, type FieldValues, type FormField, type ProcessDef } from '../api/workflow-types.ts';

export interface Problem {
  /** Where: 'name', 'fields.2.name', 'process.steps.0.approvers', 'values.days' … */
  at: string;
  code: ProblemCode;
  params?: Record<string, string | number>;
}

export const PROBLEM_TEXTS = {
  zh: {
    formName: '表单名称须为 1 到 20 个字符',
    description: '说明最多 255 个字符',
    noFields: '表单至少需要 1 个字段（最多 30 个）',
    fieldName: '字段名须以字母开头，只含字母、数字和下划线，最多 32 个字符',
    fieldRepeats: '字段名 {{name}} 重复',
    fieldLabel: '字段标题须为 1 到 20 个字符',
    fieldType: '未知的字段类型',
    noOptions: '下拉字段需要 1 到 50 个不重复的选项（每个 1 到 40 个字符）',
    noSteps: '流程至少需要 1 个审批步骤（最多 10 个）',
    stepName: '步骤名称须为 1 到 20 个字符',
    noApprover: '请为该步骤选择审批人',
    tooManyCc: '抄送人最多 50 个',
    required: '{{label}}不能为空',
    number: '{{label}}须为数字',
    date: '{{label}}须为日期（YYYY-MM-DD）',
    option: '{{label}}须为给定选项之一',
    text: '{{label}}最多 255 个字符',
    reference: '{{label}}不存在',
    unknownField: '表单中没有字段 {{name}}',
  },
  en: {
    formName: 'The form name must be 1 to 20 characters',
    description: 'The description may hold at most 255 characters',
    noFields: 'A form needs 1 to 30 fields',
    fieldName: 'A field name starts with a letter and holds only letters, digits and _ (at most 32)',
    fieldRepeats: 'The field name {{name}} repeats',
    fieldLabel: 'A field title must be 1 to 20 characters',
    fieldType: 'Unknown field type',
    noOptions: 'A select field needs 1 to 50 distinct options (1 to 40 characters each)',
    noSteps: 'A process needs 1 to 10 approval steps',
    stepName: 'A step name must be 1 to 20 characters',
    noApprover: 'Choose who approves this step',
    tooManyCc: 'At most 50 CC recipients',
    required: '{{label}} is required',
    number: '{{label}} must be a number',
    date: '{{label}} must be a date (YYYY-MM-DD)',
    option: '{{label}} must be one of its options',
    text: '{{label}} may hold at most 255 characters',
    reference: '{{label}}: no such entry',
    unknownField: 'The form has no field {{name}}',
  },
} as const;

export type ProblemCode = keyof (typeof PROBLEM_TEXTS)['en'];

export function problemText(lang: 'zh' | 'en', problem: Problem): string {
  return PROBLEM_TEXTS[lang][problem.code].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(problem.params?.[k] ?? ''));
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const between = (text: unknown, min: number, max: number) => typeof text === 'string' && text.trim().length >= min && text.trim().length <= max;

/** The problems of a form definition (empty when it can be saved). */
export function checkForm(form: { name: unknown; description: unknown; fields: unknown; process: unknown }): Problem[] {
  const out: Problem[] = [];
  if (!between(form.name, 1, 20)) out.push({ at: 'name', code: 'formName' });
  if (typeof form.description !== 'string' || form.description.length > 255) out.push({ at: 'description', code: 'description' });
  const fields = Array.isArray(form.fields) ? (form.fields as FormField[]) : null;
  if (!fields || fields.length === 0 || fields.length > 30) out.push({ at: 'fields', code: 'noFields' });
  const seen = new Set<string>();
  for (const [i, f] of (fields ?? []).entries()) {
    const at = `fields.${i}`;
    if (typeof f !== 'object' || f === null || typeof f.name !== 'string' || !FIELD_NAME.test(f.name)) {
      out.push({ at: `${at}.name`, code: 'fieldName' });
      continue;
    }
    if (seen.has(f.name.toLowerCase())) out.push({ at: `${at}.name`, code: 'fieldRepeats', params: { name: f.name } });
    seen.add(f.name.toLowerCase());
    if (!between(f.label, 1, 20)) out.push({ at: `${at}.label`, code: 'fieldLabel' });
    if (!(FIELD_TYPES as readonly string[]).includes(f.type)) out.push({ at: `${at}.type`, code: 'fieldType' });
    if (typeof f.required !== 'boolean') out.push({ at: `${at}.required`, code: 'fieldType' });
    if (f.type === 'select') {
      const options = Array.isArray(f.options) ? f.options : [];
      const fine = options.length >= 1 && options.length <= 50 && options.every((o) => between(o, 1, 40)) && new Set(options.map((o) => String(o).trim())).size === options.length;
      if (!fine) out.push({ at: `${at}.options`, code: 'noOptions' });
    }
  }
  const process = (typeof form.process === 'object' && form.process !== null ? form.process : {}) as Partial<ProcessDef>;
  const steps = Array.isArray(process.steps) ? process.steps : null;
  if (!steps || steps.length === 0 || steps.length > 10) out.push({ at: 'process.steps', code: 'noSteps' });
  for (const [i, s] of (steps ?? []).entries()) {
    const at = `process.steps.${i}`;
    if (typeof s !== 'object' || s === null || !between(s.name, 1, 20)) out.push({ at: `${at}.name`, code: 'stepName' });
    const a = s?.approvers;
    const fine =
      typeof a === 'object' &&
      a !== null &&
      ((a.kind === 'user' && Array.isArray(a.userIds) && a.userIds.length > 0 && a.userIds.length <= 50 && a.userIds.every((id) => Number.isInteger(id) && id > 0)) ||
        (a.kind === 'role' && Number.isInteger(a.roleId) && a.roleId > 0) ||
        a.kind === 'deptHead');
    if (!fine) out.push({ at: `${at}.approvers`, code: 'noApprover' });
    if (s?.mode !== 'any' && s?.mode !== 'all') out.push({ at: `${at}.mode`, code: 'noApprover' });
  }
  const cc = Array.isArray(process.cc) ? process.cc : null;
  if (!cc || cc.length > 50 || !cc.every((id) => Number.isInteger(id) && id > 0)) out.push({ at: 'process.cc', code: 'tooManyCc' });
  return out;
}

/**
 * The problems of a request's values against its form's fields. `exists` says whether a user,
 * department or attachment id is one the initiator's tenant holds (the platform checks; the form
 * only offers such ids).
 */
export function checkValues(fields: readonly FormField[], values: unknown, exists: (type: 'user' | 'department' | 'attachment', id: number) => boolean = () => true): Problem[] {
  const out: Problem[] = [];
  const given = (typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {}) as FieldValues;
  const names = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(given)) if (!names.has(key)) out.push({ at: `values.${key}`, code: 'unknownField', params: { name: key } });
  for (const f of fields) {
    const at = `values.${f.name}`;
    const params = { label: f.label };
    const raw = given[f.name];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (f.required) out.push({ at, code: 'required', params });
      continue;
    }
    const text = String(raw).trim();
    switch (f.type) {
      case 'text':
        if (typeof raw !== 'string' || raw.length > 255) out.push({ at, code: 'text', params });
        break;
      case 'number':
        if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) out.push({ at, code: 'number', params });
        break;
      case 'date': {
        const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
        const real = d && new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))).toISOString().slice(0, 10) === text;
        if (!real) out.push({ at, code: 'date', params });
        break;
      }
      case 'select':
        if (!(f.options ?? []).includes(text)) out.push({ at, code: 'option', params });
        break;
      default: {
        const id = Number(raw);
        if (!Number.isInteger(id) || id <= 0 || !exists(f.type, id)) out.push({ at, code: 'reference', params });
      }
    }
  }
  return out;
}
