// Password sign-in (SPEC §5 "Login": username, password and captcha required; password 5-64).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordLoginSchema } from '../../shared/validate/index.ts';
import { button, input } from '../../shared/theme/base.css.ts';
import { Field } from '../forms/field.tsx';
import * as forms from '../forms/forms.css.ts';
import { FormFailure } from '../forms/form-failure.tsx';
import { useForm } from '../forms/use-form.ts';
import { useSubmit } from '../forms/use-submit.ts';
import { CaptchaImage } from './captcha-image.tsx';
import * as css from './login.css.ts';

export interface PasswordSignIn {
  (username: string, password: string, captcha: string): Promise<unknown>;
}

export function PasswordForm({ signIn, testId = 'password-form' }: { signIn: PasswordSignIn; testId?: string }) {
  const { t } = useTranslation();
  const form = useForm({ username: '', password: '', verifyCode: '' }, passwordLoginSchema);
  const [stamp, setStamp] = useState(() => Date.now());
  const { busy, failure, submit } = useSubmit(form.check, () => signIn(form.values.username, form.values.password, form.values.verifyCode), {
    // A captcha is single-use: after a failure the user needs a new one.
    onFailure: () => {
      form.reset({ verifyCode: '' });
      setStamp(Date.now());
    },
    staysBusyOnSuccess: true,
  });

  return (
    <form /* not the resource kit: a sign-in form, before any session or resource */ className={forms.form} onSubmit={submit} noValidate data-testid={testId}>
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
      <FormFailure message={failure} testId="login-error" />
      <button type="submit" className={`${button} ${css.submit}`} disabled={busy} aria-busy={busy}>
        {busy ? t('shell.signin.signingIn') : t('login.form.submit')}
      </button>
    </form>
  );
}
