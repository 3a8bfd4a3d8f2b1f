// '' → introduction: the integrated-monitoring dashboard (largeScreenMonitor), the page a control
// room leaves open all day. Counters (open and critical alarms, device online rate, users, cameras),
// the 14-day alarm trend by level, levels, the areas and devices with most alarms (ECharts, loaded
// with this page only), the live list of unhandled critical alarms and a live camera tile. Every chart
// segment and counter opens alarm search with that filter. Refreshes itself every 30 s while visible;
// a large-screen mode fills the window (1920x1080 up to 3840x2160) without scrollbars.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { listCameras } from '../../../shared/api/video.ts';
import { alarmBell, alarmPoller } from '../../../shared/poll/index.ts';
import { elementNameKey, RIGHT_ONLY_MENU_CODES } from '../../../shared/api/menu-seed.ts';
import { hasElement, hasMenu, session } from '../../../shared/session/index.ts';
import { settings } from '../../../shared/session/settings.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { dashboard, loadCounters } from '../../state/dashboard.ts';
import { tenant } from '../../state/tenant.ts';
import { timeText } from '../../../shared/forms/date-text.ts';
import { http } from '../../../shared/http/index.ts';
import { ALARM_LEVELS, type AlarmLevel } from '../../../shared/api/alarm-types.ts';
import type { Palette } from '../../charts/chart.tsx';
import { TOTAL_CAP } from '../../../shared/api/resource.ts';
import * as css from './introduction.css.ts';
import './texts.ts';
import { useBoard } from './use-board.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';
import { mayOpen } from '../../router/access.ts';

// ECharts arrives in a chunk of its own after the counters and lists have painted.
const LazyChart = lazy(() => import('../../charts/chart.tsx').then((m) => ({ default: m.Chart })));
function Chart(props: Omit<ComponentProps<typeof LazyChart>, 'className'>) {
  return (
    <Suspense fallback={<div className={css.chart} aria-busy="true" />}>
      <LazyChart {...props} className={css.chart} />
    </Suspense>
  );
}

const SEARCH = '/alarm/search';
const LIVE_KEY = 'atrium.board.live';

/** Counts with the reader's digit grouping (a number, not a date: dates go through date-text.ts). */
const countText = new Intl.NumberFormat();

function Counter({ label, value, loading, to, testId = 'dashboard-counter' }: { label: string; value: string | number | null; loading?: boolean; to?: string; testId?: string }) {
  const { t } = useTranslation();
  const shown = loading ? '…' : value === null ? t('shell.dashboard.unavailable') : typeof value === 'number' ? countText.format(value) : value;
  return (
    <div className={css.card} data-testid={testId}>
      <dt className={css.cardLabel}>{label}</dt>
      <dd className={css.cardValue} aria-busy={loading}>
        {to && value !== null && !loading ? (
          <Link to={to} className={css.cardLink}>
            {shown}
          </Link>
        ) : (
          shown
        )}
      </dd>
    </div>
  );
}

const search = (params: Record<string, string>) => `${SEARCH}?${new URLSearchParams(params).toString()}`;

export default function IntroductionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, menus, elements } = useSnapshot(session);
  const { name } = useSnapshot(tenant);
  const { users, cameras, loading } = useSnapshot(dashboard);
  const themeKey = useSnapshot(settings).theme.theme;
  const mayCountUsers = 'depMng' in menus;
  const mayCountCameras = 'videoGroup' in menus || 'devManager' in menus;
  const mayAlarms = 'alarmSearch' in menus;
  // The alarm count is one right, the alarm list another: counters and rows link only where the user may go.
  const mayList = mayOpen(menus, SEARCH);
  const listing = (params: Record<string, string>) => (mayList ? search(params) : undefined);
  const goList = (params: Record<string, string>) => {
    if (mayList) void navigate(search(params));
  };
  const mayDevices = 'MonitorOPS' in menus || 'devManager' in menus;
  const board = useBoard({ alarms: mayAlarms, devices: mayDevices });
  const openAlarms = useSnapshot(alarmBell).total;
  // The header's bell keeps the shared poll running; the dashboard holds it too, so the counter
  // lives even where the header has no bell.
  useEffect(() => alarmPoller.acquire(), []);
  const [large, setLarge] = useState(false);
  const screen = useRef<HTMLElement>(null);

  useEffect(() => {
    const rights = { users: hasMenu('depMng'), cameras: hasMenu('videoGroup') || hasMenu('devManager') };
    if (rights.users || rights.cameras) void loadCounters(rights);
  }, []);

  // Large screen: the whole window, and the browser's full screen where it allows; Esc leaves both.
  // The page behind the large screen must not scroll (its scrollbar would show beside it).
  useEffect(() => {
    if (!large) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [large]);
  // The browser's answer to the last request for full screen: leaving before it came must still
  // leave the full screen it then grants.
  const entering = useRef<Promise<void> | null>(null);
  // Leaves the large screen and the browser's full screen with it (the button, Esc). A browser that
  // hands Esc to the page while it is full screen would otherwise leave the window full screen.
  const leaveLarge = useCallback(() => {
    setLarge(false);
    void (entering.current ?? Promise.resolve())
      .then(() => (document.fullscreenElement ? document.exitFullscreen() : undefined))
      .catch(() => undefined);
  }, []);
  const toggleLarge = () => {
    if (large) return leaveLarge();
    setLarge(true);
    entering.current = screen.current?.requestFullscreen?.().catch(() => undefined) ?? null;
  };
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setLarge(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') leaveLarge();
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [leaveLarge]);

  const levelName = useCallback((l: AlarmLevel) => t(`status.alarmLevel.${l}`), [t]);
  const trend = useCallback(
    (p: Palette) => ({
      color: ALARM_LEVELS.map((l) => p.levels[l]),
      textStyle: { color: p.text },
      tooltip: { trigger: 'axis', renderMode: 'richText' },
      legend: { top: 0, textStyle: { color: p.text } },
      grid: { left: 36, right: 12, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: (board.byDay?.days ?? []).map((d) => d.slice(5)), axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.border } } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.border } } },
      series: ALARM_LEVELS.map((l) => ({ name: levelName(l), type: 'bar', stack: 'all', data: board.byDay?.series[l] ?? [] })),
    }),
    [board.byDay, levelName],
  );
  const levels = useCallback(
    (p: Palette) => ({
      color: ALARM_LEVELS.map((l) => p.levels[l]),
      textStyle: { color: p.text },
      tooltip: { trigger: 'item', renderMode: 'richText' },
      legend: { bottom: 0, textStyle: { color: p.text } },
      series: [
        {
          name: t('board.byLevel'),
          type: 'pie',
          radius: ['38%', '62%'],
          center: ['50%', '45%'],
          label: { color: p.text, formatter: '{b}: {c}' },
          data: (board.byLevel ?? []).map((l) => ({ name: levelName(l.level), value: l.total })),
        },
      ],
    }),
    [board.byLevel, levelName, t],
  );
  const ranking = useCallback(
    (names: string[], values: number[]) => (p: Palette) => ({
      textStyle: { color: p.text },
      tooltip: { trigger: 'axis', renderMode: 'richText' },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.border } } },
      yAxis: { type: 'category', inverse: true, data: names, axisLabel: { color: p.text, width: 160, overflow: 'truncate' } },
      series: [{ type: 'bar', data: values, itemStyle: { color: p.levels.reminder } }],
    }),
    [],
  );
  const areas = board.byNode ?? [];
  const devices = board.byMachine ?? [];
  const areaOption = useCallback(
    (p: Palette) => {
      const rows = board.byNode ?? [];
      return ranking(rows.map((a) => a.areaPath || t('board.noArea')), rows.map((a) => a.total))(p);
    },
    [board.byNode, ranking, t],
  );
  const deviceOption = useCallback(
    (p: Palette) => {
      const rows = board.byMachine ?? [];
      return ranking(rows.map((d) => d.deviceName), rows.map((d) => d.total))(p);
    },
    [board.byMachine, ranking],
  );

  const pages = listedPages(menus).length;
  const levelIndex = (name?: string) => ALARM_LEVELS.find((l) => levelName(l) === name);
  const rate = board.devices && board.devices.total > 0 ? `${Math.round((board.devices.online / board.devices.total) * 1000) / 10}%` : null;
  // The list counts up to the SPEC §9 cap and says 20000+ past it.
  const criticalTotal = board.critical?.total ?? null;
  const criticalOpen = criticalTotal !== null && criticalTotal > TOTAL_CAP ? `${TOTAL_CAP}+` : criticalTotal;

  return (
    <section ref={screen} className={large ? `${css.screen} ${css.large}` : css.screen} data-testid="dashboard" data-large={large} aria-labelledby="dashboard-title">
      <header className={css.top}>
        <div className={css.titleRow}>
          <h1 id="dashboard-title" className={css.title}>
            {t('shell.route.largeScreenMonitor')}
          </h1>
          <button type="button" className={buttonGhost} onClick={toggleLarge} aria-pressed={large} data-action="large-screen">
            {t(large ? 'board.leaveLarge' : 'board.large')}
          </button>
        </div>
        <p className={css.muted}>{t('shell.dashboard.welcome', { name: user?.name || user?.username || '' })}</p>
        {name ? <p className={css.muted}>{t('shell.dashboard.tenant', { name })}</p> : null}
        {board.updatedAt ? (
          <p className={css.muted} aria-live="polite" data-testid="board-updated">
            {t('board.updated', { time: timeText(board.updatedAt) })}
          </p>
        ) : null}
      </header>
      <dl className={css.cards}>
        {mayAlarms ? <Counter label={t('board.openAlarms')} value={openAlarms} to={listing({ handleStatus: 'unhandled' })} testId="board-open" /> : null}
        {mayAlarms ? <Counter label={t('board.critical')} value={criticalOpen} to={listing({ level: 'critical', handleStatus: 'unhandled' })} testId="board-critical" /> : null}
        {mayDevices ? <Counter label={t('board.onlineRate')} value={rate} testId="board-online" /> : null}
        {mayCountUsers ? <Counter label={t('shell.dashboard.users')} value={users} loading={loading} /> : null}
        {mayCountCameras ? <Counter label={t('shell.dashboard.cameras')} value={cameras} loading={loading} /> : null}
        <Counter label={t('shell.dashboard.rights')} value={pages} />
        <Counter label={t('shell.dashboard.elements')} value={Object.keys(elements).length} />
      </dl>
      <RightsInWords />
      {mayAlarms ? (
        <div className={css.grid}>
          <figure className={`${css.panel} ${css.wide}`}>
            <figcaption className={css.panelTitle}>{t('board.trend')}</figcaption>
            <Chart
              option={trend}
              label={t('board.trend')}
              themeKey={themeKey}
              testId="chart-trend"
              onPick={(p) => {
                const level = levelIndex(p.seriesName);
                const day = board.byDay?.days[p.dataIndex];
                if (level && day) goList({ level, from: day, to: day, view: 'history' });
              }}
            />
          </figure>
          <figure className={css.panel}>
            <figcaption className={css.panelTitle}>{t('board.byLevel')}</figcaption>
            <Chart
              option={levels}
              label={t('board.byLevel')}
              themeKey={themeKey}
              testId="chart-levels"
              onPick={(p) => {
                const level = levelIndex(p.name);
                if (level) goList({ level, view: 'history' });
              }}
            />
          </figure>
          <figure className={css.panel}>
            <figcaption className={css.panelTitle}>{t('board.byArea')}</figcaption>
            <Chart
              option={areaOption}
              label={t('board.byArea')}
              themeKey={themeKey}
              testId="chart-areas"
              onPick={(p) => {
                const area = areas[p.dataIndex];
                if (area?.areaGuid) goList({ areaGuid: area.areaGuid, view: 'history' });
              }}
            />
          </figure>
          <figure className={css.panel}>
            <figcaption className={css.panelTitle}>{t('board.byDevice')}</figcaption>
            <Chart
              option={deviceOption}
              label={t('board.byDevice')}
              themeKey={themeKey}
              testId="chart-devices"
              onPick={(p) => {
                const device = devices[p.dataIndex];
                if (device) goList({ keyword: device.deviceCode, view: 'history' });
              }}
            />
          </figure>
          <section className={css.panel} aria-labelledby="board-live">
            <h2 id="board-live" className={css.panelTitle}>
              {t('board.live')}
            </h2>
            {board.critical && board.critical.rows.length === 0 ? (
              <p className={css.muted}>{t('board.noLive')}</p>
            ) : (
              <ul className={css.liveList} data-testid="board-live">
                {(board.critical?.rows ?? []).map((a) => (
                  <li key={a.id} data-alarm-id={a.id}>
                    {mayList ? (
                      <Link to={search({ keyword: a.deviceCode, level: 'critical', handleStatus: 'unhandled' })} className={css.cardLink}>
                        <span className={css.liveTime}>{a.time.slice(5, 16)}</span> {a.deviceName} · {a.content}
                      </Link>
                    ) : (
                      <>
                        <span className={css.liveTime}>{a.time.slice(5, 16)}</span> {a.deviceName} · {a.content}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {hasElement('video:play') ? <LiveCamera /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** A live camera tile. Off until the user starts it (then kept on for their later visits), so a
 *  dashboard opened by the way does not hold a stream. */
const loadPlayer = () => import('../../../widgets/video-player/video-player.element.ts');

function LiveCamera() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => localStorage.getItem(LIVE_KEY) === '1');
  const [camera, setCamera] = useState<number | null | undefined>(undefined);
  const chunk = useElementChunk(loadPlayer, on);
  const ready = chunk.ready;
  const player = useRef<HTMLElement>(null);
  // Attributes, not React props: same-named element properties would get strings.
  useEffect(() => {
    const el = player.current;
    if (!el || !camera) return;
    el.setAttribute('camera-id', String(camera));
    el.setAttribute('muted', '');
  }, [camera, ready]);
  useEffect(() => {
    if (!on) return;
    const controller = new AbortController();
    listCameras(http, { page: 1, limit: 1 }, { quiet: true, signal: controller.signal }).then(
      (list) => setCamera(list.rows[0]?.id ?? null),
      () => setCamera(null),
    );
    return () => controller.abort();
  }, [on]);
  const toggle = () => {
    localStorage.setItem(LIVE_KEY, on ? '0' : '1');
    setOn(!on);
  };
  return (
    <section className={css.panel} aria-labelledby="board-camera">
      <div className={css.titleRow}>
        <h2 id="board-camera" className={css.panelTitle}>
          {t('board.camera')}
        </h2>
        <button type="button" className={on ? buttonGhost : button} onClick={toggle} data-action="live-camera">
          {t(on ? 'board.stopCamera' : 'board.playCamera')}
        </button>
      </div>
      {on && camera === null ? <p className={css.muted}>{t('board.noCamera')}</p> : null}
      {on && chunk.failed ? <ChunkFailed chunk={chunk} /> : null}
      {on && camera && ready ? <atrium-video-player ref={player} className={css.camera} /> : null}
    </section>
  );
}

type MenuRights = (typeof session)['menus'];

/** Pages under a group, and the rights that are no page (the alarm count, quick scenes, device cards):
 *  what the rights panel lists and the "functions available" counter counts. */
function listedPages(menus: MenuRights) {
  return Object.values(menus).filter((m) => m.menu !== '' && (m.parentCode !== null || (RIGHT_ONLY_MENU_CODES as readonly string[]).includes(m.code)));
}

/** What the signed-in user may do, in words: the pages of their menus and their operation rights. */
function RightsInWords() {
  const { t } = useTranslation();
  const { menus, elements } = useSnapshot(session);
  const pages = listedPages(menus);
  const operations = Object.keys(elements).filter((code) => t(elementNameKey(code), { defaultValue: '' }) !== '');
  return (
    <section className={css.panel} aria-labelledby="board-rights" data-testid="board-rights">
      <h2 id="board-rights" className={css.panelTitle}>
        {t('board.yourRights')}
      </h2>
      {pages.length + operations.length === 0 ? (
        <p className={css.muted}>{t('board.yourRightsNone')}</p>
      ) : (
        <ul className={css.rightsList}>
          {pages.map((m) => (
            <li key={m.code} data-menu={m.code}>
              {m.menu}
            </li>
          ))}
          {operations.map((code) => (
            <li key={code} data-element={code}>
              {t(elementNameKey(code))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
