// A route that failed to load (a chunk missing after a deploy, a page that threw) says so and offers a reload.
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import * as css from './error-pages.css.ts';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('[atrium] route failed', error);
  return (
    <section className={css.page} role="alert">
      <p className={css.text}>{t('shell.errors.loadFailed')}</p>
      <button type="button" onClick={() => location.reload()}>
        {t('shell.errors.reload')}
      </button>
    </section>
  );
}
