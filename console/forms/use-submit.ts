// The submit cycle every console form shares: check the fields, run the action once at a time,
// and keep the platform's message (or a generic one) to show in the form when it fails.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../state/sign-in.ts';

export interface SubmitOptions {
  /** Runs after a failure, before the form is usable again (e.g. ask for a new captcha). */
  onFailure?: () => void;
  /** Leave the form busy after success, when the page is about to change (sign-in). */
  staysBusyOnSuccess?: boolean;
}

export function useSubmit(check: () => boolean, action: () => Promise<unknown>, options: SubmitOptions = {}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !check()) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
      if (!options.staysBusyOnSuccess) setBusy(false);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      options.onFailure?.();
      setBusy(false);
    }
  };
  return { busy, failure, submit };
}
