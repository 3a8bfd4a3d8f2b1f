// What a widget shows when the page gave it no token (an embedding portal that has not signed in):
// a short notice and, on request, a compact sign-in form with the platform's captcha. Loaded lazily,
// so pages that pass a token never download it. Signing in here signs in every widget on the page.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaUrl } from '../api/auth.ts';
import { kitConfig } from '../kit.ts';
import { login } from '../session/login.ts';
import * as css from './sign-in.css.ts';

export default function SignInPrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [captchaAt, setCaptchaAt] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login({
        model: 'password',
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
        verifyCode: String(data.get('verifyCode') ?? ''),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setCaptchaAt(Date.now());
      setBusy(false);
    }
  }

  return (
    <div className={css.box} data-atrium-sign-in="">
      <span>{t('widget.signInRequired')}</span>
      {!open ? (
        <button type="button" className={css.open} onClick={() => setOpen(true)}>
          {t('login.form.submit')}
        </button>
      ) : (
        <form onSubmit={(e) => void submit(e)} style={{ display: 'contents' }}>
          <input className={css.field} name="username" autoComplete="username" required aria-label={t('login.form.username')} placeholder={t('login.placeholder.username')} />
          <input className={css.field} name="password" type="password" autoComplete="current-password" required aria-label={t('login.form.password')} placeholder={t('login.placeholder.password')} />
          <div className={css.captchaRow}>
            <input className={css.field} name="verifyCode" required autoComplete="off" aria-label={t('login.form.captcha')} placeholder={t('login.placeholder.captcha')} />
            <img className={css.captcha} src={captchaUrl(kitConfig.apiBase, captchaAt)} alt={t('login.form.refreshCaptcha')} title={t('login.form.refreshCaptcha')} onClick={() => setCaptchaAt(Date.now())} />
          </div>
          {error && <span role="alert" className={css.error}>{error}</span>}
          <button type="submit" className={css.submit} disabled={busy}>
            {t('login.form.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
