// One labelled form field with its message; shared by the sign-in pages and the personal info page.
import { useId, type ReactNode } from 'react';
import * as css from './forms.css.ts';

export interface FieldProps {
  label: string;
  error?: string | null | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export function Field({ label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className={css.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
