// SMS sign-in (SPEC §5: the phone rule, the SMS code required): send a code, wait out the countdown.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import { phone as phoneRule, smsLoginSchema, validateField } from '../../shared/validate/index.ts';
import { Field } from '../forms/field.tsx';
import * as forms from '../forms/forms.css.ts';
import { useForm } from '../forms/use-form.ts';
import { failureText, sendSmsCode, signInWithSms, smsCountdown } from '../state/sign-in.ts';
import * as css from './login.css.ts';

export function SmsForm() {
  const { t } = useTranslation();
  const form = useForm({ username: '', verifyCode: '' }, smsLoginSchema);
  const { seconds } = useSnapshot(smsCountdown);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const send = async () => {
    const problem = validateField(form.values.username, [phoneRule()]);
    setPhoneError(problem ? t(problem.key, problem.params ?? {}) : null);
    if (problem || sending || seconds > 0) return;
    setSending(true);
    setFailure(null);
    setSent(false);
    try {
      await sendSmsCode(form.values.username);
      setSent(true);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(null);
    if (busy || !form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      await signInWithSms(form.values.username, form.values.verifyCode);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      setBusy(false);
    }
  };

  return (
    <form /* not the resource kit: a sign-in form, before any session or resource */ className={forms.form} onSubmit={submit} noValidate data-testid="sms-form">
      <Field label={t('login.form.phone')} error={phoneError ?? form.message('username')}>
        {(p) => (
          <input {...p} className={input} name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} placeholder={t('login.placeholder.phone')} value={form.values.username} onChange={form.set('username')} />
        )}
      </Field>
      <Field label={t('login.form.smsCode')} error={form.message('verifyCode')}>
        {(p) => (
          <div className={forms.row}>
            <input {...p} className={input} name="smsCode" inputMode="numeric" autoComplete="one-time-code" placeholder={t('login.placeholder.smsCode')} value={form.values.verifyCode} onChange={form.set('verifyCode')} />
            <button type="button" className={`${buttonGhost} ${css.codeButton}`} onClick={() => void send()} disabled={sending || seconds > 0} data-testid="send-code">
              {seconds > 0 ? t('login.form.resendIn', { seconds }) : sending ? t('shell.signin.sending') : t('login.form.getCode')}
            </button>
          </div>
        )}
      </Field>
      <p className={css.status} role="status" data-testid="sms-status">
        {sent && seconds > 0 ? t('login.smsSent') : ''}
      </p>
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
