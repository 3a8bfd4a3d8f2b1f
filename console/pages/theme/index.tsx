// The theme page (SPEC §2 page list): the same settings as the drawer, reachable by the hide-login
// theme config link. Leaving without saving restores the stored theme.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as css from '../../shell/theme-settings.css.ts';
import { revertUnsavedTheme, ThemeSettings } from '../../shell/theme-settings.tsx';

export default function ThemePage() {
  const { t } = useTranslation();
  useEffect(() => () => revertUnsavedTheme(), []);
  return (
    <section className={css.page} aria-labelledby="theme-page-title">
      <h1 id="theme-page-title" className={css.drawerTitle}>
        {t('shell.theme.title')}
      </h1>
      <ThemeSettings />
    </section>
  );
}
