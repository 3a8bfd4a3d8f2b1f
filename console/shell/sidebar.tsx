// The sidebar: full logo and names when open, small logo and icons when collapsed (the state is
// remembered in settings); on narrow screens the same menu slides in as a 328 px drawer.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../shared/session/index.ts';
import { Logo } from '../brand/logo.tsx';
import { setMenuDrawer, shell } from '../state/shell.ts';
import * as css from './layout.css.ts';
import { SideMenu } from './side-menu.tsx';

export function Sidebar() {
  const { sidebarOpen } = useSnapshot(settings);
  return (
    <aside className={css.sidebar} data-collapsed={!sidebarOpen} data-testid="sidebar" id="atrium-sidebar">
      <div className={css.logoBar}>
        <Logo small={!sidebarOpen} className={css.logoImage} />
      </div>
      <SideMenu collapsed={!sidebarOpen} />
    </aside>
  );
}

export function MenuDrawer() {
  const { t } = useTranslation();
  const { menuDrawerOpen } = useSnapshot(shell);
  return (
    <Dialog.Root open={menuDrawerOpen} onOpenChange={(d) => setMenuDrawer(d.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={css.drawerBackdrop} />
        <Dialog.Positioner className={css.drawerPositioner}>
          <Dialog.Content className={css.drawer} aria-label={t('shell.menu.label')} data-testid="menu-drawer">
            <div className={css.logoBar}>
              <Logo className={css.logoImage} />
            </div>
            <SideMenu collapsed={false} onNavigate={() => setMenuDrawer(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
