// window.Atrium.configure(): points embedded widgets at a platform (ARCHITECTURE "Element tags").
import { kitConfig, singleton } from '../kit.ts';
import { setLanguage, type Lang } from '../i18n/index.ts';
import { session } from '../session/store.ts';
import { loadInfo, setToken, startTokenRefresh } from '../session/actions.ts';
import { setLanguagePreference, type ThemeName } from '../session/settings.ts';

export interface AtriumOptions {
  apiBase?: string;
  mediaBase?: string;
  token?: string | null;
  /** Seconds the token lives (expires_in of the platform's answer): the kit refreshes it in time. */
  expiresIn?: number;
  lang?: Lang;
  theme?: ThemeName;
  /** Reload the host page after a forced logout (off by default for embedders). */
  reloadOnLogout?: boolean;
}

const themeState = singleton<{ theme: ThemeName | null }>('theme-choice', () => ({ theme: null }));

/** Gives every widget without its own `theme` attribute the configured theme. */
export function applyConfiguredTheme(element: HTMLElement): void {
  if (themeState.theme && !element.hasAttribute('theme')) element.setAttribute('theme', themeState.theme);
}

/** Accepts only http(s) bases, so a config value can never turn into a script URL. */
function safeBase(value: string): string {
  if (value === '') return '';
  const url = new URL(value, location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Atrium: refusing base URL ${url.protocol}`);
  return url.href.replace(/\/$/, '');
}

/** Atrium.setToken(token, expiresIn): hands the kit a (fresh) platform token; null signs out locally. */
export function setHostToken(token: string | null, expiresIn?: number): void {
  configure(expiresIn ? { token, expiresIn } : { token });
}

export function configure(options: AtriumOptions): void {
  if (options.apiBase !== undefined) kitConfig.apiBase = safeBase(options.apiBase);
  if (options.mediaBase !== undefined) kitConfig.mediaBase = safeBase(options.mediaBase);
  if (options.reloadOnLogout !== undefined) kitConfig.reloadOnLogout = options.reloadOnLogout;
  if (options.lang) {
    setLanguagePreference(options.lang);
    void setLanguage(options.lang);
  }
  if (options.theme) {
    themeState.theme = options.theme;
    document.querySelectorAll<HTMLElement>('*').forEach((el) => {
      if (el.localName.startsWith('atrium-')) applyConfiguredTheme(el);
    });
  }
  // The same token may already be stored by another tab of this page: the user still has to be loaded here.
  const needsInfo = !!options.token && !session.user && session.infoStatus !== 'loading';
  if (options.token !== undefined && (options.token !== session.token || needsInfo)) {
    setToken(options.token, options.expiresIn);
    if (options.token) {
      void loadInfo().catch(() => undefined);
      // An embedding page may stay open longer than a token lives: keep it fresh like the console does
      // (before the token ends: its lifetime comes from the host, or from the platform's user info).
      startTokenRefresh(options.expiresIn);
    }
  }
}
