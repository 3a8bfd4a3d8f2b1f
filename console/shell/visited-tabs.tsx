// Visited-view tabs (SPEC §2): the last 6 pages, closable; closing the current one moves to a
// neighbour, closing the last one goes to '/'.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { closeView, session, settings, visitView } from '../../shared/session/index.ts';
import { claimViews } from '../state/shell.ts';
import { usePageHandle } from '../router/handle.ts';
import { Icon } from './icons.tsx';
import * as css from './layout.css.ts';

export function VisitedTabs() {
  const { t } = useTranslation();
  const { visitedViews } = useSnapshot(settings);
  const { pathname, search } = useLocation();
  const handle = usePageHandle();
  const navigate = useNavigate();
  const here = pathname + search;

  const { username } = useSnapshot(session);
  useEffect(() => {
    if (username) claimViews(username);
    // One tab per route: another query reuses it; a query that changes what the page is (type=wall)
    // names itself in the tab's title.
    const type = new URLSearchParams(search).get('type');
    const sub = type !== null ? handle?.subTitles?.[type] : undefined;
    if (handle) visitView({ path: here, title: handle.titleKey, ...(sub ? { sub } : {}) });
  }, [here, search, handle, username]);

  const close = (path: string) => {
    const next = closeView(path);
    if (path === here) void navigate(next);
  };

  return (
    <nav className={css.tabsBar} aria-label={t('shell.tabs.label')} data-testid="visited-tabs" id="atrium-visited-tabs">
      {visitedViews.map((view) => {
        const title = view.sub ? `${t(view.title)} · ${t(view.sub)}` : t(view.title);
        const active = view.path === here;
        return (
          <span key={view.path} className={css.tab} data-active={active} data-testid="visited-tab">
            <Link className={css.tabLink} to={view.path} aria-current={active ? 'page' : undefined}>
              {title}
            </Link>
            <button type="button" className={css.tabClose} aria-label={t('shell.tabs.close', { title })} onClick={() => close(view.path)}>
              <Icon name="close" size={12} />
            </button>
          </span>
        );
      })}
    </nav>
  );
}
