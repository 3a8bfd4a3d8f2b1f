// Password sign-in (SPEC §5 "Login": username, password and captcha required; password 5-64).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordLoginSchema } from '../../shared/validate/index.ts';
import { button, input } from '../../shared/theme/base.css.ts';
import { Field } from '../forms/field.tsx';
import * as forms from '../forms/forms.css.ts';
import { useForm } from '../forms/use-form.ts';
import { failureText } from '../state/sign-in.ts';
import { CaptchaImage } from './captcha-image.tsx';
import * as css from './login.css.ts';

export interface PasswordSignIn {
  (username: string, password: string, captcha: string): Promise<unknown>;
}

export function PasswordForm({ signIn, testId = 'password-form' }: { signIn: PasswordSignIn; testId?: string }) {
  const { t } = useTranslation();
  const form = useForm({ username: '', password: '', verifyCode: '' }, passwordLoginSchema);
  const [stamp, setStamp] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      await signIn(form.values.username, form.values.password, form.values.verifyCode);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      form.reset({ verifyCode: '' });
      setStamp(Date.now());
      setBusy(false);
    }
  };

  return (
    <form className={forms.form} onSubmit={submit} noValidate data-testid={testId}>
      <Field label={t('login.form.username')} error={form.message('username')}>
        {(p) => (
          <input {...p} className={input} name="username" autoComplete="username" placeholder={t('login.placeholder.username')} value={form.values.username} onChange={form.set('username')} />
        )}
      </Field>
      <Field label={t('login.form.password')} error={form.message('password')}>
        {(p) => (
          <input {...p} className={input} name="password" type="password" autoComplete="current-password" placeholder={t('login.placeholder.password')} value={form.values.password} onChange={form.set('password')} />
        )}
      </Field>
      <Field label={t('login.form.captcha')} error={form.message('verifyCode')}>
        {(p) => (
          <div className={forms.row}>
            <input {...p} className={input} name="verifyCode" autoComplete="off" inputMode="text" placeholder={t('login.placeholder.captcha')} value={form.values.verifyCode} onChange={form.set('verifyCode')} />
            <CaptchaImage stamp={stamp} onRefresh={() => setStamp(Date.now())} />
          </div>
        )}
      </Field>
      {failure ? (
        <p className={forms.alert} role="alert" data-testid="login-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className={`${button} ${css.submit}`} disabled={busy} aria-busy={busy}>
        {busy ? t('shell.signin.signingIn') : t('login.form.submit')}
      </button>
    </form>
  );
}
