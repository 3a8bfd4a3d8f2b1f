// The message a failed submit leaves in the form, announced to screen readers.
import * as forms from './forms.css.ts';

export function FormFailure({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className={forms.alert} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
