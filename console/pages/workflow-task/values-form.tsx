// The fields of a workflow form as inputs: text, number, date, select, a person, a department or an
// attachment (a document of the library). Checked with the platform's own rules before sending; a
// refusal from the platform is shown beside the field it names.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../../shared/forms/date-range-field.tsx';
import type { Directory, FieldValues, FormField } from '../../../shared/api/workflow-types.ts';
import { RequestError } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { checkValues, type Problem } from '../../../shared/workflow/validate.ts';
import * as kit from '../../resource/resource.css.ts';

const problemKey = (p: Problem) => `workflow.problem.${p.code}`;

export function ValuesForm({
  fields,
  directory,
  initial = {},
  submitLabel,
  onSubmit,
  onCancel,
}: {
  fields: readonly FormField[];
  directory: Directory | null;
  initial?: FieldValues;
  submitLabel: string;
  onSubmit: (values: FieldValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, initial[f.name] === null || initial[f.name] === undefined ? '' : String(initial[f.name])])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = checkValues(fields, values);
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.at.replace(/^values\./, ''), t(problemKey(p), p.params ?? {})])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof RequestError && error.field?.startsWith('values.')) setErrors({ [error.field.slice('values.'.length)]: error.message });
    } finally {
      setBusy(false);
    }
  };

  const options = (f: FormField): Array<{ value: string; label: string }> => {
    if (f.type === 'select') return (f.options ?? []).map((o) => ({ value: o, label: o }));
    if (f.type === 'user') return (directory?.users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }));
    if (f.type === 'department') return (directory?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }));
    return (directory?.documents ?? []).map((d) => ({ value: String(d.id), label: `${d.number} ${d.name}` }));
  };

  return (
    <form /* not the resource kit: fields built at run time from the workflow form's own definition */ className={kit.form} onSubmit={(e) => void submit(e)} noValidate data-part="values-form">
      {fields.map((f) => {
        const id = `wf-value-${f.name}`;
        const error = errors[f.name];
        const common = { id, name: f.name, className: input, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': f.required };
        const change = (v: string) => setValues((now) => ({ ...now, [f.name]: v }));
        return (
          <div key={f.name}>
            <label htmlFor={id}>
              {f.label}
              {f.required ? ' *' : ''}
            </label>
            {f.type === 'text' ? <input {...common} type="text" value={values[f.name]} onChange={(e) => change(e.currentTarget.value)} /> : null}
            {f.type === 'number' ? <input {...common} type="text" inputMode="decimal" value={values[f.name]} onChange={(e) => change(e.currentTarget.value)} /> : null}
            {f.type === 'date' ? (
              <DateRangeField id={id} precision="date" single value={[values[f.name] ?? '', '']} onChange={([next]) => change(next)} labels={[f.label]} names={[f.name]} invalid={Boolean(error)} describedBy={error ? `${id}-error` : undefined} />
            ) : null}
            {['select', 'user', 'department', 'attachment'].includes(f.type) ? (
              <select {...common} value={values[f.name]} onChange={(e) => change(e.currentTarget.value)}>
                <option value="">—</option>
                {options(f).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : null}
            {error ? (
              <span id={`${id}-error`} className={kit.fieldError} role="alert">
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={onCancel}>
          {t('workflow.detail.cancel')}
        </button>
        <button type="submit" className={button} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
