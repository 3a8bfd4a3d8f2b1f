// The frame around every sign-in page: the tenant's logo and name, the language choice, the card.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGS, type Lang } from '../../shared/i18n/index.ts';
import { settings } from '../../shared/session/index.ts';
import { Logo } from '../brand/logo.tsx';
import { switchLanguage } from '../state/shell.ts';
import { tenant } from '../state/tenant.ts';
import * as css from './login.css.ts';

export function LoginFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { name } = useSnapshot(tenant);
  const { language } = useSnapshot(settings);
  const [switched, setSwitched] = useState(false);
  const choose = async (lang: Lang) => {
    await switchLanguage(lang, false);
    setSwitched(true);
  };
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
            <button key={lang} type="button" className={css.langButton} aria-pressed={language === lang} onClick={() => void choose(lang)}>
              {t(`lang.${lang}`)}
            </button>
          ))}
          <span className={css.status} role="status" data-testid="language-status">
            {switched ? t('lang.switched') : ''}
          </span>
        </nav>
      </div>
    </main>
  );
}
