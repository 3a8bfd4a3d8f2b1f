// The theme drawer opened from the user dropdown; closing it without saving restores the stored theme.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { closeThemeDrawer, shell } from '../state/shell.ts';
import { Icon } from './icons.tsx';
import * as layout from './layout.css.ts';
import * as css from './theme-settings.css.ts';
import { revertUnsavedTheme, ThemeSettings } from './theme-settings.tsx';

export function ThemeDrawer() {
  const { t } = useTranslation();
  const { themeDrawerOpen } = useSnapshot(shell);
  return (
    <Dialog.Root
      open={themeDrawerOpen}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        // Dismissed (Esc, backdrop, close button) without saving: the stored theme comes back.
        if (d.open) return;
        revertUnsavedTheme();
        closeThemeDrawer();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={layout.drawerBackdrop} />
        <Dialog.Positioner className={css.drawerPositioner}>
          <Dialog.Content className={css.drawer} data-testid="theme-drawer">
            <div className={css.drawerHeader}>
              <Dialog.Title className={css.drawerTitle}>{t('shell.theme.title')}</Dialog.Title>
              <Dialog.CloseTrigger className={layout.iconButton} aria-label={t('common.close')}>
                <Icon name="close" />
              </Dialog.CloseTrigger>
            </div>
            <ThemeSettings onDone={closeThemeDrawer} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
