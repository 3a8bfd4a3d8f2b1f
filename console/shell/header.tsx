// The header bar (SPEC §2 "Header bar elements"): menu toggle, breadcrumb, quick icons by right,
// the alarm bell and progress badge slots, language, full screen and the user dropdown (or, with the
// hide-login flag, a theme config link instead of those two).
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Tooltip } from '@ark-ui/react/tooltip';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANGS, type Lang } from '../../shared/i18n/index.ts';
import { hasMenu, logout, session, setSidebarOpen, settings } from '../../shared/session/index.ts';
import { openThemeDrawer, openTour, setMenuDrawer, shell, switchLanguage } from '../state/shell.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { Icon } from './icons.tsx';
import * as css from './layout.css.ts';
import { useFullScreen } from './use-full-screen.ts';
import { useMediaQuery } from './use-media-query.ts';

const QUICK_ICONS = [
  { code: 'quickScene', to: '/linkmng/quick_scene', icon: 'scene', key: 'shell.header.quickScene' },
  { code: 'devCard', to: '/devstatus/tabs', icon: 'monitor', key: 'shell.header.realtime' },
  { code: 'videoGroup', to: '/videoGroup?type=wall', icon: 'video', key: 'shell.header.videoAccess' },
] as const;

function Hint({ text, children }: { text: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={300} closeDelay={0}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content className={css.tooltip}>{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function QuickIcons() {
  const { t } = useTranslation();
  useSnapshot(session);
  return (
    <>
      {QUICK_ICONS.filter((q) => hasMenu(q.code)).map((q) => (
        <Hint key={q.code} text={t(q.key)}>
          <Link className={`${css.iconButton} ${css.hideNarrow}`} to={q.to} aria-label={t(q.key)} data-testid={`quick-${q.code}`}>
            <Icon name={q.icon} />
          </Link>
        </Hint>
      ))}
    </>
  );
}

function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = useSnapshot(settings);
  return (
    <Menu.Root onSelect={(d) => void switchLanguage(d.value as Lang)}>
      <Menu.Trigger className={css.iconButton} aria-label={t('lang.label')} data-testid="language-menu" id="atrium-language">
        <Icon name="language" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={css.popover}>
            {LANGS.map((lang) => (
              <Menu.Item key={lang} value={lang} className={css.popoverItem} data-state={language === lang ? 'checked' : undefined} lang={lang === 'zh' ? 'zh-CN' : 'en'}>
                {t(`lang.${lang}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function FullScreenButton() {
  const { t } = useTranslation();
  const { active, toggle } = useFullScreen();
  const label = t(active ? 'shell.header.exitFullScreen' : 'shell.header.fullScreen');
  return (
    <Hint text={label}>
      <button type="button" className={`${css.iconButton} ${css.hideNarrow}`} onClick={toggle} aria-label={label} aria-pressed={active} data-testid="full-screen">
        <Icon name={active ? 'fullscreenExit' : 'fullscreen'} />
      </button>
    </Hint>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const act = (value: string) => {
    if (value === 'info') void navigate('/info');
    else if (value === 'theme') openThemeDrawer();
    else if (value === 'guide') openTour();
    else if (value === 'logout') void logout();
  };
  const shown = user?.name || user?.username || '';
  const avatar = user?.avatar && user.avatar.startsWith('/') && !user.avatar.startsWith('//') ? user.avatar : null;
  return (
    <Menu.Root onSelect={(d) => act(d.value)}>
      {/* The name starts with the text shown (WCAG 2.5.3), so a voice-control user can say what he sees. */}
      <Menu.Trigger className={css.iconButton} aria-label={shown ? t('shell.header.userMenuOf', { name: shown }) : t('shell.header.userMenu')} data-testid="user-menu" id="atrium-user-menu">
        {avatar ? <img className={css.avatar} src={avatar} alt="" /> : <Icon name="user" />}
        <span className={`${css.userName} ${css.hideNarrow}`}>{shown}</span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={css.popover}>
            <Menu.Item value="info" className={css.popoverItem}>
              <Icon name="user" /> {t('shell.header.userInfo')}
            </Menu.Item>
            <Menu.Item value="theme" className={css.popoverItem}>
              <Icon name="theme" /> {t('shell.header.themeSetting')}
            </Menu.Item>
            <Menu.Item value="guide" className={css.popoverItem}>
              <Icon name="guide" /> {t('shell.header.guide')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" className={css.popoverItem}>
              <Icon name="logout" /> {t('shell.header.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function Header() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(css.NARROW_QUERY);
  const { sidebarOpen } = useSnapshot(settings);
  const { hideLogin } = useSnapshot(shell);
  const navigate = useNavigate();
  const tools = useRef<HTMLDivElement>(null);
  const { menus } = useSnapshot(session);

  // The bell asks to open the alarms; only users with the alarm management right go there (SPEC §2),
  // and inside the app rather than by reloading the page through the bell's own link.
  useEffect(() => {
    const el = tools.current;
    if (!el) return;
    const open = (event: Event) => {
      event.preventDefault();
      if (hasMenu('alarmManager')) void navigate('/alarm/search');
    };
    el.addEventListener('atrium-alarm-open', open);
    return () => el.removeEventListener('atrium-alarm-open', open);
  }, [navigate]);

  const toggleLabel = narrow ? t('shell.menu.open') : t(sidebarOpen ? 'shell.menu.collapse' : 'shell.menu.expand');
  return (
    <header className={css.header} data-testid="header">
      <button
        type="button"
        className={css.iconButton}
        onClick={() => (narrow ? setMenuDrawer(true) : setSidebarOpen(!sidebarOpen))}
        aria-label={toggleLabel}
        aria-expanded={narrow ? undefined : sidebarOpen}
        data-testid="menu-toggle"
      >
        <Icon name={sidebarOpen || narrow ? 'fold' : 'unfold'} />
      </button>
      <Breadcrumb />
      <div className={css.headerRight} ref={tools} id="atrium-header-tools">
        <QuickIcons />
        {/* The bell is the alarm count: without that right it would be a bell that never counts. */}
        {'alarmSearch' in menus ? <atrium-alarm-bell aria-label={t('shell.header.alarms')} /> : null}
        <atrium-progress-panel aria-label={t('shell.header.tasks')} />
        <LanguageMenu />
        {hideLogin ? (
          <Link className={css.iconButton} to="/theme" data-testid="theme-config-link">
            <Icon name="theme" /> {t('shell.header.themeConfig')}
          </Link>
        ) : (
          <>
            <FullScreenButton />
            <UserMenu />
          </>
        )}
      </div>
    </header>
  );
}
