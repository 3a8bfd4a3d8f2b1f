// One labelled form field with its message; shared by the sign-in pages and the personal info page.
import { useId, type ReactNode } from 'react';
import * as css from './forms.css.ts';

export interface FieldProps {
  label: string;
  error?: string | null | undefined;
  /** A live note under the field (e.g. what a formula gives for a sample value). */
  hint?: string | null | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': described })}
      {error ? (
        <p id={errorId} className={css.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={hintId} className={css.fieldHint} aria-live="polite" data-hint>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
