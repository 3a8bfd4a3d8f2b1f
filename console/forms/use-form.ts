// A small form bridge over shared/validate: values, the first message per field (shown once the user
// tried to submit), and a submit that validates first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateObject, type Schema } from '../../shared/validate/index.ts';

export function useForm<K extends string>(initial: Record<K, string>, schema: Schema) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? validateObject(values, schema) : {};
  const message = (field: K): string | null => {
    const m = (errors as Record<string, { key: string; params?: Record<string, unknown> } | undefined>)[field];
    return m ? t(m.key, m.params ?? {}) : null;
  };
  const set = (field: K) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  /** Marks the form as tried; true when every field passes. */
  const check = (): boolean => {
    setTried(true);
    return Object.keys(validateObject(values, schema)).length === 0;
  };
  const reset = (next: Partial<Record<K, string>>) => setValues((v) => ({ ...v, ...next }));
  return { values, set, message, check, reset };
}
