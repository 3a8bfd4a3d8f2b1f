// The frame around every sign-in page: the tenant's logo and name, the language choice, the card.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGS } from '../../shared/i18n/index.ts';
import { settings } from '../../shared/session/index.ts';
import { Logo } from '../brand/logo.tsx';
import { switchLanguage } from '../state/shell.ts';
import { tenant } from '../state/tenant.ts';
import * as css from './login.css.ts';

export function LoginFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { name } = useSnapshot(tenant);
  const { language } = useSnapshot(settings);
  return (
    <main className={css.page}>
      <div className={css.card}>
        <header className={css.brand}>
          <Logo className={css.logo} />
          <h1 className={css.title}>{name || t('app.name')}</h1>
          <p className={css.subtitle}>{heading}</p>
        </header>
        {children}
        <nav className={css.langs} aria-label={t('lang.label')}>
          {LANGS.map((lang) => (
            <button key={lang} type="button" className={css.langButton} aria-pressed={language === lang} onClick={() => void switchLanguage(lang)}>
              {t(`lang.${lang}`)}
            </button>
          ))}
        </nav>
      </div>
    </main>
  );
}
