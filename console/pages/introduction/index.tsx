// '' → introduction: the integrated-monitoring dashboard (largeScreenMonitor). This is its frame with
// the counters that exist so far; alarm and device statistics join with their own issues.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { hasMenu, session } from '../../../shared/session/index.ts';
import { dashboard, loadCounters } from '../../state/dashboard.ts';
import { tenant } from '../../state/tenant.ts';
import * as css from './introduction.css.ts';

function Counter({ label, value, loading }: { label: string; value: number | null; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={css.card} data-testid="dashboard-counter">
      <dt className={css.cardLabel}>{label}</dt>
      <dd className={css.cardValue} aria-busy={loading}>
        {loading ? '…' : value === null ? t('shell.dashboard.unavailable') : value.toLocaleString()}
      </dd>
    </div>
  );
}

export default function IntroductionPage() {
  const { t } = useTranslation();
  const { user, menus, elements } = useSnapshot(session);
  const { name } = useSnapshot(tenant);
  const { users, cameras, loading } = useSnapshot(dashboard);
  const mayCountUsers = 'depMng' in menus;
  const mayCountCameras = 'videoGroup' in menus || 'devManager' in menus;

  useEffect(() => {
    const rights = { users: hasMenu('depMng'), cameras: hasMenu('videoGroup') || hasMenu('devManager') };
    if (rights.users || rights.cameras) void loadCounters(rights);
  }, []);

  const pages = Object.values(menus).filter((m) => m.uri !== '').length;
  return (
    <section className={css.screen} data-testid="dashboard" aria-labelledby="dashboard-title">
      <header className={css.top}>
        <h1 id="dashboard-title" className={css.title}>
          {t('shell.route.largeScreenMonitor')}
        </h1>
        <p className={css.muted}>{t('shell.dashboard.welcome', { name: user?.name || user?.username || '' })}</p>
        {name ? <p className={css.muted}>{t('shell.dashboard.tenant', { name })}</p> : null}
      </header>
      <dl className={css.cards}>
        {mayCountUsers ? <Counter label={t('shell.dashboard.users')} value={users} loading={loading} /> : null}
        {mayCountCameras ? <Counter label={t('shell.dashboard.cameras')} value={cameras} loading={loading} /> : null}
        <Counter label={t('shell.dashboard.rights')} value={pages} />
        <Counter label={t('shell.dashboard.elements')} value={Object.keys(elements).length} />
      </dl>
    </section>
  );
}
