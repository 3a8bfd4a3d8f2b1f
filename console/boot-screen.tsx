// Shown while user info loads (SPEC §4: about 200 ms, then the call) and while a route module loads.
import { useTranslation } from 'react-i18next';
import * as css from './app.css.ts';

export function BootScreen() {
  const { t } = useTranslation();
  return (
    <div className={css.boot} role="status" aria-live="polite">
      <span className={css.spinner} aria-hidden="true" />
      <span>{t('shell.loading')}</span>
    </div>
  );
}
