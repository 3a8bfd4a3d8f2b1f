// /login: password sign-in with the captcha, or SMS sign-in; a link to the directory sign-in.
// After success the session holds the user and the guard sends them where they wanted to go.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { signInWithPassword } from '../state/sign-in.ts';
import { LoginFrame } from './login-frame.tsx';
import * as css from './login.css.ts';
import { PasswordForm } from './password-form.tsx';
import { SmsForm } from './sms-form.tsx';
import { ThirdPartyButtons } from './third-party.tsx';

const MODES = ['password', 'sms'] as const;
type Mode = (typeof MODES)[number];

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');
  const { search } = useLocation();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = MODES[(MODES.indexOf(mode) + 1) % MODES.length]!;
    setMode(next);
    tabs.current[MODES.indexOf(next)]?.focus();
  };

  return (
    <LoginFrame heading={t('login.form.title')}>
      <div className={css.tabs} role="tablist" aria-label={t('shell.signin.tabs')} onKeyDown={onKey}>
        {MODES.map((m, i) => (
          <button
            key={m}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${m}`}
            aria-controls={`login-panel-${m}`}
            aria-selected={mode === m}
            tabIndex={mode === m ? 0 : -1}
            className={css.tab}
            onClick={() => setMode(m)}
          >
            {t(m === 'password' ? 'login.form.byPassword' : 'login.form.bySms')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${mode}`} aria-labelledby={`login-tab-${mode}`}>
        {mode === 'password' ? <PasswordForm signIn={signInWithPassword} /> : <SmsForm />}
      </div>
      <div className={css.links}>
        <Link to={{ pathname: '/ldap', search }}>{t('shell.signin.ldapLink')}</Link>
      </div>
      <ThirdPartyButtons />
    </LoginFrame>
  );
}
