// UI state of the shell that several parts share: drawers, the guide tour, the view key that
// remounts the page after a language switch, and the hide-login flag of an embedding portal.
import { proxy } from 'valtio/vanilla';
import { loadInfo, session } from '../../shared/session/index.ts';
import { clearViews, setLanguagePreference, type Lang } from '../../shared/session/settings.ts';
import { setLanguage } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/http/index.ts';

const HIDE_LOGIN_KEY = 'atrium.hideLogin';
const tourKey = (username: string) => `atrium.tourSeen.${username}`;

export interface ShellState {
  themeDrawerOpen: boolean;
  menuDrawerOpen: boolean;
  tourOpen: boolean;
  /** Bumped to remount the current page (language switch "reloads the view"). */
  viewKey: number;
  hideLogin: boolean;
}

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export const shell = proxy<ShellState>({
  themeDrawerOpen: false,
  menuDrawerOpen: false,
  tourOpen: false,
  viewKey: 0,
  hideLogin: readSession(HIDE_LOGIN_KEY) === '1',
});

/**
 * A portal that embeds the console passes hideLogin=1 once (with its token): the tab keeps the flag,
 * and the address bar drops it like the token.
 */
export function adoptHideLoginFlag(): void {
  const url = new URL(location.href);
  const flag = url.searchParams.get('hideLogin');
  if (flag === null) return;
  const on = flag === '1' || flag === 'true';
  shell.hideLogin = on;
  try {
    if (on) sessionStorage.setItem(HIDE_LOGIN_KEY, '1');
    else sessionStorage.removeItem(HIDE_LOGIN_KEY);
  } catch {
    /* storage denied: the flag lives for this page only */
  }
  url.searchParams.delete('hideLogin');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export const openThemeDrawer = (): void => void (shell.themeDrawerOpen = true);
export const closeThemeDrawer = (): void => void (shell.themeDrawerOpen = false);
export const setMenuDrawer = (open: boolean): void => void (shell.menuDrawerOpen = open);

/**
 * SPEC §2 "Language switcher": switch, reload the view (menu names come from the server in the
 * language), confirm with a toast (the sign-in pages confirm inline and pass toast = false).
 */
export async function switchLanguage(lang: Lang, toast = true): Promise<void> {
  setLanguagePreference(lang);
  await setLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (session.token) await loadInfo().catch(() => undefined);
  shell.viewKey += 1;
  if (toast) notify({ kind: 'toast', level: 'success', key: 'lang.switched', duration: 2000 });
}

function tourSeen(username: string): boolean {
  try {
    return localStorage.getItem(tourKey(username)) === '1';
  } catch {
    return true;
  }
}

/** Opens the tour the first time a user reaches the shell; later only on request. */
export function offerTour(username: string | null): void {
  if (username && !tourSeen(username)) shell.tourOpen = true;
}

export const openTour = (): void => void (shell.tourOpen = true);

export function finishTour(username: string | null): void {
  shell.tourOpen = false;
  if (!username) return;
  try {
    localStorage.setItem(tourKey(username), '1');
  } catch {
    /* storage denied: the tour may show again next time */
  }
}

const VIEWS_OWNER_KEY = 'atrium.visitedViewsOwner';

/** Visited tabs belong to the user who visited them: another user signing in starts with none. */
export function claimViews(username: string): void {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(VIEWS_OWNER_KEY);
    localStorage.setItem(VIEWS_OWNER_KEY, username);
  } catch {
    /* storage denied: views live in memory only anyway */
  }
  if (owner !== username) clearViews();
}
