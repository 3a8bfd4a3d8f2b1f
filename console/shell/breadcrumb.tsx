// The breadcrumb (SPEC §2): group and page title from the matched route, an optional sub-title;
// skipped when the address carries groupId (pages opened for one group) or the route hides it.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageHandle } from '../router/handle.ts';
import * as css from './layout.css.ts';

export function Breadcrumb() {
  const { t } = useTranslation();
  const handle = usePageHandle();
  const [params] = useSearchParams();
  if (!handle || handle.hideBreadcrumb || params.has('groupId')) return null;
  const type = params.get('type');
  const subTitleKey = type !== null ? handle.subTitles?.[type] : undefined;
  return (
    <nav className={css.breadcrumb} aria-label={t('shell.breadcrumb.label')} data-testid="breadcrumb">
      <ol className={css.crumbs}>
        {handle.groupKey ? <li className={css.crumb}>{t(handle.groupKey)}</li> : null}
        <li className={css.crumb} aria-current="page">
          {t(handle.titleKey)}
          {subTitleKey ? <span className={css.subTitle}>{t(subTitleKey)}</span> : null}
        </li>
      </ol>
    </nav>
  );
}
