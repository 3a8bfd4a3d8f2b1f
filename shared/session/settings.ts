// App settings (SPEC §3 "App settings", "Theme setting"): sidebar, language, visited views,
// alarm total and progress data; the theme is stored per user name.
import { proxy } from 'valtio/vanilla';
import { singleton } from '../kit.ts';
import { readCookie, readJson, writeCookie, writeLocal } from './storage.ts';

export type Lang = 'zh' | 'en';
export type ThemeName = 'blue-theme' | 'dark-theme' | 'light-theme';

export interface ThemeSetting {
  theme: ThemeName;
  activeColor: string;
  bgColor: string;
}

/** SPEC §3 defaults; each theme brings its own navigation background. */
export const THEME_DEFAULTS: Record<ThemeName, ThemeSetting> = {
  'blue-theme': { theme: 'blue-theme', activeColor: '#8D98FF', bgColor: '#171E37' },
  'dark-theme': { theme: 'dark-theme', activeColor: '#409EFF', bgColor: '#191919' },
  'light-theme': { theme: 'light-theme', activeColor: '#409EFF', bgColor: '#304156' },
};
export const DEFAULT_THEME: ThemeSetting = THEME_DEFAULTS['blue-theme'];

export interface VisitedView {
  path: string;
  /** i18n key of the page's title. */
  title: string;
  /** i18n key naming what the query made of the page (videoGroup?type=wall: the wall); the tab says it too. */
  sub?: string;
}

export const MAX_VISITED_VIEWS = 6;

export interface SettingsState {
  sidebarOpen: boolean;
  language: Lang;
  visitedViews: VisitedView[];
  alarmTotal: number;
  progressTotal: number;
  theme: ThemeSetting;
}

const SIDEBAR_COOKIE = 'sidebarStatus';
const LANG_COOKIE = 'language';
const VIEWS_KEY = 'atrium.visitedViews';
const themeKey = (username: string) => `atrium.theme.${username}`;

export const settings: SettingsState = singleton('settings', () =>
  proxy<SettingsState>({
    sidebarOpen: readCookie(SIDEBAR_COOKIE) !== '0',
    language: readCookie(LANG_COOKIE) === 'en' ? 'en' : 'zh',
    visitedViews: readJson<VisitedView[]>(VIEWS_KEY, []).slice(-MAX_VISITED_VIEWS),
    alarmTotal: 0,
    progressTotal: 0,
    theme: DEFAULT_THEME,
  }),
);

export function setSidebarOpen(open: boolean): void {
  settings.sidebarOpen = open;
  writeCookie(SIDEBAR_COOKIE, open ? '1' : '0', 365);
}

export function setLanguagePreference(lang: Lang): void {
  settings.language = lang;
  writeCookie(LANG_COOKIE, lang, 365);
}

/** The route a view shows, without its query: /videoGroup and /videoGroup?type=wall are one tab. */
const routeOf = (path: string): string => path.split(/[?#]/)[0] ?? path;

/**
 * Records a visit; the oldest view drops out beyond six (SPEC §2 "Visited-view tabs"). A route
 * already open (with any query) is reused: its tab takes the new query and moves to the end.
 */
export function visitView(view: VisitedView): void {
  const rest = settings.visitedViews.filter((v) => routeOf(v.path) !== routeOf(view.path));
  settings.visitedViews = [...rest, view].slice(-MAX_VISITED_VIEWS);
  writeLocal(VIEWS_KEY, JSON.stringify(settings.visitedViews));
}

/** Closes a view and answers where to go: the neighbour, or '/' when none is left. */
export function closeView(path: string): string {
  const index = settings.visitedViews.findIndex((v) => v.path === path);
  settings.visitedViews = settings.visitedViews.filter((v) => v.path !== path);
  writeLocal(VIEWS_KEY, JSON.stringify(settings.visitedViews));
  const next = settings.visitedViews[Math.min(Math.max(index, 0), settings.visitedViews.length - 1)];
  return next?.path ?? '/';
}

export function clearViews(): void {
  settings.visitedViews = [];
  writeLocal(VIEWS_KEY, null);
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The theme stored for a user name, or the defaults; malformed stored values fall back safely. */
export function loadTheme(username: string | null): ThemeSetting {
  if (!username) return DEFAULT_THEME;
  const stored = readJson<Partial<ThemeSetting>>(themeKey(username), {});
  const base = stored.theme && stored.theme in THEME_DEFAULTS ? THEME_DEFAULTS[stored.theme] : DEFAULT_THEME;
  return {
    theme: base.theme,
    activeColor: stored.activeColor && HEX.test(stored.activeColor) ? stored.activeColor : base.activeColor,
    bgColor: stored.bgColor && HEX.test(stored.bgColor) ? stored.bgColor : base.bgColor,
  };
}

export function applyTheme(setting: ThemeSetting): void {
  settings.theme = setting;
}

export function saveTheme(username: string, setting: ThemeSetting): void {
  settings.theme = setting;
  writeLocal(themeKey(username), JSON.stringify(setting));
}

export function setAlarmTotal(total: number): void {
  settings.alarmTotal = total;
}

export function setProgressTotal(total: number): void {
  settings.progressTotal = total;
}
