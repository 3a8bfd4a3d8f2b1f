// /ldap: sign-in with a company directory account (SPEC §2 public route, open without a token).
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { signInWithDirectory } from '../state/sign-in.ts';
import { LoginFrame } from './login-frame.tsx';
import * as css from './login.css.ts';
import { PasswordForm } from './password-form.tsx';

export function LdapPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <LoginFrame heading={t('shell.signin.ldapTitle')}>
      <p className={css.subtitle}>{t('shell.signin.ldapHint')}</p>
      <PasswordForm signIn={signInWithDirectory} testId="ldap-form" />
      <div className={css.links}>
        <Link to={{ pathname: '/login', search }}>{t('shell.signin.passwordLink')}</Link>
      </div>
    </LoginFrame>
  );
}
