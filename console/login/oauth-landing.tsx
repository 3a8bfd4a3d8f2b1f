// /login/oauth: where a third-party sign-in comes back. The platform finishes the OAuth exchange and
// redirects here with ?token=… (adopted at start-up, then the guard moves on) or with ?error=…:
// bind_user (first sign-in of this third-party account: bind a platform account here, with its
// one-time ticket), invalid_app, invalid_user, or anything else → failed.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OauthBind, OauthBound } from '../../shared/api/oauth.ts';
import { http } from '../../shared/http/index.ts';
import { loadInfo, setToken } from '../../shared/session/index.ts';
import { passwordLoginSchema } from '../../shared/validate/index.ts';
import { button, input } from '../../shared/theme/base.css.ts';
import { Field } from '../forms/field.tsx';
import { FormFailure } from '../forms/form-failure.tsx';
import * as forms from '../forms/forms.css.ts';
import { useForm } from '../forms/use-form.ts';
import { useSubmit } from '../forms/use-submit.ts';
import { LoginFrame } from './login-frame.tsx';
import * as css from './login.css.ts';
import { OAUTH_MESSAGE, oauthOutcome } from './oauth-outcome.ts';

const bindSchema = { username: passwordLoginSchema.username, password: passwordLoginSchema.password };

function BindForm({ ticket, name }: { ticket: string; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ username: '', password: '' }, bindSchema);
  const { busy, failure, submit } = useSubmit(
    form.check,
    async () => {
      const body: OauthBind = { ticket, username: form.values.username.trim(), password: form.values.password };
      const answer = await http.post<OauthBound>('/jwt/oauth/bind', body, { quiet: true });
      setToken(answer.token);
      await loadInfo();
      void navigate('/', { replace: true });
    },
    { staysBusyOnSuccess: true },
  );
  return (
    <form /* not the resource kit: a sign-in form (binding a third-party account), before any session or resource */ className={forms.form} onSubmit={submit} noValidate data-testid="oauth-bind">
      <p className={css.subtitle}>{t('shell.signin.bindHint', { name })}</p>
      <Field label={t('login.form.username')} error={form.message('username')}>
        {(p) => <input {...p} className={input} name="username" autoComplete="username" value={form.values.username} onChange={form.set('username')} />}
      </Field>
      <Field label={t('login.form.password')} error={form.message('password')}>
        {(p) => <input {...p} className={input} name="password" type="password" autoComplete="current-password" value={form.values.password} onChange={form.set('password')} />}
      </Field>
      <FormFailure message={failure} testId="oauth-bind-error" />
      <button type="submit" className={`${button} ${css.submit}`} disabled={busy} aria-busy={busy}>
        {t('shell.signin.bindSubmit')}
      </button>
    </form>
  );
}

export function OauthLanding() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = oauthOutcome(params);
  const ticket = params.get('ticket');
  return (
    <LoginFrame heading={t(outcome === 'bind' && ticket ? 'shell.signin.bindTitle' : 'shell.signin.oauthTitle')}>
      {outcome === 'pending' ? (
        <p role="status">{t('shell.signin.oauthProcessing')}</p>
      ) : (
        <>
          <p className={forms.alert} role="alert" data-testid="oauth-message">
            {t(OAUTH_MESSAGE[outcome])}
          </p>
          {outcome === 'bind' && ticket ? <BindForm ticket={ticket} name={params.get('name') ?? ''} /> : <p className={css.subtitle}>{t(outcome === 'bind' ? 'shell.signin.oauthBindHint' : 'shell.signin.oauthRetry')}</p>}
        </>
      )}
      <div className={css.links}>
        <Link to="/login">{t('shell.signin.backToLogin')}</Link>
      </div>
    </LoginFrame>
  );
}
