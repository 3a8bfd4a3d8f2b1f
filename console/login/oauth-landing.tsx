// /login/oauth: where a third-party sign-in comes back. The platform finishes the OAuth exchange and
// redirects here with ?token=… (adopted at start-up, then the guard moves on) or with ?error=…:
// bind_user (the account is not bound to a platform user), invalid_app, or anything else → failed.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import * as forms from '../forms/forms.css.ts';
import { LoginFrame } from './login-frame.tsx';
import * as css from './login.css.ts';
import { OAUTH_MESSAGE, oauthOutcome } from './oauth-outcome.ts';

export function OauthLanding() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = oauthOutcome(params);
  return (
    <LoginFrame heading={t('shell.signin.oauthTitle')}>
      {outcome === 'pending' ? (
        <p role="status">{t('shell.signin.oauthProcessing')}</p>
      ) : (
        <>
          <p className={forms.alert} role="alert" data-testid="oauth-message">
            {t(OAUTH_MESSAGE[outcome])}
          </p>
          <p className={css.subtitle}>{t(outcome === 'bind' ? 'shell.signin.oauthBindHint' : 'shell.signin.oauthRetry')}</p>
        </>
      )}
      <div className={css.links}>
        <Link to="/login">{t('shell.signin.backToLogin')}</Link>
      </div>
    </LoginFrame>
  );
}
