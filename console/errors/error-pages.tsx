// The 404 and 401 pages (SPEC §2 public routes; unknown paths, missing pages and missing rights).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { button } from '../../shared/theme/base.css.ts';
import * as css from './error-pages.css.ts';

function ErrorPage({ code, text, testId }: { code: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={css.page} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h1 id={`${testId}-title`} className={css.code}>
        {code}
      </h1>
      <p className={css.text}>{text}</p>
      <Link className={button} to="/">
        {t('shell.errors.home')}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code={t('shell.errors.notFoundTitle')} text={t('shell.errors.notFound')} testId="page-404" />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorPage code={t('shell.errors.forbiddenTitle')} text={t('shell.errors.forbidden')} testId="page-401" />;
}
