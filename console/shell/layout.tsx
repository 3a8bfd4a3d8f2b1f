// The shell around every signed-in page (SPEC §2 "Shell"). Loaded lazily: the sign-in page never
// pays for it (nor for Ark UI).
import { useEffect, useRef } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { usePageHandle } from '../router/handle.ts';
import { loadShellWidgets } from '../state/kit-elements.ts';
import { shell } from '../state/shell.ts';
import { AppFooter } from './app-footer.tsx';
import { GuideTour } from './guide-tour.tsx';
import { Header } from './header.tsx';
import * as css from './layout.css.ts';
import { MenuDrawer, Sidebar } from './sidebar.tsx';
import { ThemeDrawer } from './theme-drawer.tsx';
import { useKeyboardScroll } from './use-keyboard-scroll.ts';
import { useMediaQuery } from './use-media-query.ts';
import { VisitedTabs } from './visited-tabs.tsx';

export function Layout() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(css.NARROW_QUERY);
  const handle = usePageHandle();
  const navigation = useNavigation();
  const { viewKey } = useSnapshot(shell);
  // A page with nothing focusable that is taller than the window (the cluster monitor) scrolls by keyboard.
  const main = useRef<HTMLElement>(null);
  useKeyboardScroll(main);
  useEffect(() => {
    void loadShellWidgets();
  }, []);
  return (
    <div className={css.root}>
      {narrow ? <MenuDrawer /> : <Sidebar />}
      <div className={css.main}>
        <Header />
        <VisitedTabs />
        <main className={handle?.fullScreen ? css.contentFull : css.content} data-testid="page" ref={main} aria-busy={navigation.state === 'loading'}>
          {navigation.state === 'loading' ? <div className={css.progressBar} role="progressbar" aria-label={t('shell.loading')} /> : null}
          {/* A new key remounts the page: the language switch "reloads the view" without reloading the app. */}
          <Outlet key={viewKey} />
        </main>
        <AppFooter />
      </div>
      <ThemeDrawer />
      <GuideTour />
    </div>
  );
}
