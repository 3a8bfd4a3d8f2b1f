// Applies the session's theme to the page (SPEC §3 "Theme setting"): the theme name on <html>, the
// two custom colours as the public --atrium-* variables on :root, so every part (and every widget
// inheriting from the page) re-themes at once.
import { subscribe } from 'valtio/vanilla';
import { applyTheme, DEFAULT_THEME, loadTheme, settings, type ThemeSetting } from '../../shared/session/settings.ts';
import { varName } from '../../shared/theme/index.ts';

const PRIMARY = varName(['color', 'primary']);
const NAV_BG = varName(['color', 'navBg']);

export function applyDocumentTheme(setting: ThemeSetting): void {
  const root = document.documentElement;
  root.dataset.atriumTheme = setting.theme;
  root.style.setProperty(PRIMARY, setting.activeColor);
  root.style.setProperty(NAV_BG, setting.bgColor);
}

let stop: (() => void) | null = null;

export function startThemeSync(): void {
  if (stop) return;
  applyDocumentTheme(settings.theme);
  stop = subscribe(settings, () => applyDocumentTheme(settings.theme));
}

/** The signed-in user's stored theme, or the defaults before sign-in (SPEC: stored per user name). */
export function restoreThemeFor(username: string | null): void {
  applyTheme(username ? loadTheme(username) : DEFAULT_THEME);
}
