// The create/edit dialog of a resource: fields from the declaration, checked against the same shared
// schema the platform checks (SPEC §5 wording, zh/en), remote checks (uniqueness) while typing, and
// the platform's refusal shown next to the field it names, or above the buttons otherwise.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import { validateObject, type ValidationMessage } from '../../shared/validate/index.ts';
import { Field } from '../forms/field.tsx';
import { FormFailure } from '../forms/form-failure.tsx';
import { failureText } from '../state/sign-in.ts';
import { Modal } from './modal.tsx';
import { optionText, useOptions } from './options.ts';
import { Picker, PICKER_FROM } from './picker.tsx';
import * as css from './resource.css.ts';
import { resolveForm } from './define.ts';
import type { FieldDef, FormDef, FormValue, FormValues } from './types.ts';

const REMOTE_DELAY_MS = 300;

export interface FormDialogProps<Row, Page> {
  title: string;
  form: FormDef<Row, Page>;
  row: Row | null;
  /** The page's own state and actions, handed to the form's functions (Env.page). */
  page?: Page;
  onClose: (saved: boolean) => void;
}

export function FormDialog<Row, Page = undefined>({ title, form, row, page, onClose }: FormDialogProps<Row, Page>) {
  const { t } = useTranslation();
  const env = { t, page: page as Page };
  const resolved = resolveForm(form, row, env);
  const [values, setValues] = useState<FormValues>(() => resolved.initial());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverField, setServerField] = useState<{ field: string; message: string } | null>(null);
  const [remote, setRemote] = useState<Record<string, ValidationMessage | null>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const editing = row !== null;
  const schema = resolved.schema;
  const fields = resolved.fields.filter((f) => !f.visible || f.visible(values));
  // A hidden field's rules do not hold the form back.
  const shown = Object.fromEntries(Object.entries(schema).filter(([name]) => fields.some((f) => f.name === name) || !resolved.fields.some((f) => f.name === name)));
  const errors = validateObject(values, shown) as Record<string, ValidationMessage | undefined>;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const messageOf = (name: string): string | null => {
    if (serverField?.field === name) return serverField.message;
    const local = tried ? errors[name] : undefined;
    const m = local ?? remote[name] ?? null;
    return m ? t(m.key, m.params ?? {}) : null;
  };

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (serverField?.field === name) setServerField(null);
    const check = form.remote?.[name];
    if (check && typeof value === 'string') {
      clearTimeout(timers.current.get(name));
      setRemote((r) => ({ ...r, [name]: null }));
      if (value.trim() === '') return;
      timers.current.set(
        name,
        setTimeout(() => {
          check(value.trim(), editing).then(
            (m) => setRemote((r) => ({ ...r, [name]: m })),
            () => undefined,
          );
        }, REMOTE_DELAY_MS),
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || Object.keys(errors).length > 0 || Object.values(remote).some(Boolean)) return;
    setBusy(true);
    setFailure(null);
    setServerField(null);
    try {
      await resolved.save(values);
      onClose(true);
    } catch (error) {
      const text = failureText(error, t('http.requestError'));
      // A refusal may name a place inside a field ('fields.1.name'): it is shown beside that field.
      const field = error instanceof RequestError && error.field ? error.field.split('.')[0]! : null;
      if (field && fields.some((f) => f.name === field)) setServerField({ field, message: text });
      else setFailure(text);
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={() => onClose(false)} wide={form.wide} testId="resource-form">
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        {fields.map((f) => (
          <FieldInput key={f.name} def={f} value={values[f.name]} editing={editing} error={messageOf(f.name)} hint={form.hints?.[f.name]?.(values, env) ?? null} onChange={(v) => change(f.name, v)} />
        ))}
        <FormFailure message={failure} testId="resource-form-failure" />
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={() => onClose(false)}>
            {t('resource.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy}>
            {t('resource.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function FieldInput({
  def,
  value,
  editing,
  error,
  hint,
  onChange,
}: {
  def: FieldDef;
  value: FormValue | undefined;
  editing: boolean;
  error: string | null;
  hint: string | null;
  onChange: (v: FormValue) => void;
}) {
  const { t } = useTranslation();
  const label = t(def.labelKey);
  switch (def.kind) {
    case 'checkbox':
      return (
        <label className={css.check}>
          <input type="checkbox" name={def.name} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} /> {label}
        </label>
      );
    case 'select':
      return (
        <Field label={label} error={error} hint={hint}>
          {(p) => <SelectInput def={def} value={value} onChange={onChange} inputProps={p} />}
        </Field>
      );
    case 'custom':
      return (
        <Field label={label} error={error} hint={hint}>
          {(p) => def.render({ value, onChange, groupProps: p })}
        </Field>
      );
    case 'textarea':
      return (
        <Field label={label} error={error} hint={hint}>
          {(p) => <textarea {...p} className={input} name={def.name} rows={3} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />}
        </Field>
      );
    default:
      return (
        <Field label={label} error={error} hint={hint}>
          {(p) => (
            <input
              {...p}
              className={input}
              name={def.name}
              type={def.kind}
              value={String(value ?? '')}
              readOnly={editing && def.fixedOnEdit}
              autoComplete={def.autoComplete ?? (def.kind === 'password' ? 'new-password' : 'off')}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          )}
        </Field>
      );
  }
}

function SelectInput({
  def,
  value,
  onChange,
  inputProps,
}: {
  def: Extract<FieldDef, { kind: 'select' }>;
  value: FormValue | undefined;
  onChange: (v: FormValue) => void;
  inputProps: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };
}) {
  const { t } = useTranslation();
  const options = useOptions(def.options);
  // A list that has grown long is searched, not scrolled (devices, cameras, people, regions).
  if (options.length > PICKER_FROM) {
    return (
      <Picker
        name={def.name}
        options={options}
        multiple={def.multiple}
        value={def.multiple ? (Array.isArray(value) ? (value as readonly string[]) : []) : String(value ?? '')}
        onChange={onChange}
        placeholder={def.emptyLabelKey && !def.multiple ? t(def.emptyLabelKey) : undefined}
        inputProps={inputProps}
      />
    );
  }
  if (def.multiple) {
    const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
    return (
      <select
        {...inputProps}
        className={input}
        name={def.name}
        multiple
        size={Math.min(6, Math.max(3, options.length))}
        value={[...chosen]}
        onChange={(e) => onChange([...e.currentTarget.selectedOptions].map((o) => o.value))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {optionText(o)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <select {...inputProps} className={input} name={def.name} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{def.emptyLabelKey ? t(def.emptyLabelKey) : ''}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {optionText(o)}
        </option>
      ))}
    </select>
  );
}
