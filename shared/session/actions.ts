// Session actions (SPEC §4): sign-in, user info, logout, token refresh and the token handed over in a URL.
import { signIn, signOut, fetchUserInfo, refreshToken } from '../api/auth.ts';
import type { LoginPayload, UserInfo } from '../api/types.ts';
import { http, RequestError, setSessionHooks } from '../http/client.ts';
import { kitConfig, singleton } from '../kit.ts';
import { i18n, setLanguage } from '../i18n/index.ts';
import { settings } from './settings.ts';
import { session, TOKEN_COOKIE, TOKEN_KEY, URL_TOKEN_KEY, USERNAME_KEY } from './store.ts';
import { readLocal, writeCookie, writeLocal } from './storage.ts';

export const TOKEN_REFRESH_MS = 600000;
const REFRESH_STAMP_KEY = 'atrium.tokenRefreshedAt';

export function setToken(token: string | null): void {
  session.token = token;
  writeCookie(TOKEN_COOKIE, token);
  writeLocal(TOKEN_KEY, token);
}

function applyUser(user: UserInfo): void {
  session.user = user;
  // SPEC §4: after info loads, the user's role is set to admin (what a page may do still comes from the menus and elements).
  session.roles = ['admin'];
  session.menus = Object.fromEntries(user.menus.map((m) => [m.code, m]));
  session.elements = Object.fromEntries(user.elements.map((e) => [e.code, true as const]));
  session.username = user.username;
  writeLocal(USERNAME_KEY, user.username);
}

/** Signs in and loads the user; rejects with the server's message on failure. */
export async function login(payload: LoginPayload): Promise<UserInfo> {
  const answer = await signIn(http, payload);
  setToken(answer.token);
  session.sysStatus = 0;
  if (payload.model !== 'sms') {
    session.username = payload.username.trim();
    writeLocal(USERNAME_KEY, session.username);
  }
  return loadInfo();
}

/** Attempts when the platform does not answer at all (the network coming back after an outage). */
const NO_ANSWER_TRIES = 3;
const NO_ANSWER_WAIT_MS = 1000;

/**
 * Loads user info with menus and elements; on failure the session ends (SPEC §4 navigation guard).
 * Only an answer ends it: when no answer came (status 0, the network just back), it asks again twice,
 * a second apart, so a console reopened after an outage does not sign its user out.
 */
export async function loadInfo(): Promise<UserInfo> {
  session.infoStatus = 'loading';
  try {
    let user: UserInfo | null = null;
    for (let attempt = 1; user === null; attempt++) {
      try {
        user = await fetchUserInfo(http);
      } catch (error) {
        const noAnswer = error instanceof RequestError && error.status === 0 && error.code === null;
        if (!noAnswer || attempt >= NO_ANSWER_TRIES) throw error;
        await new Promise((r) => setTimeout(r, NO_ANSWER_WAIT_MS));
      }
    }
    applyUser(user);
    session.infoStatus = 'ready';
    return user;
  } catch (error) {
    session.infoStatus = 'error';
    await logout({ reload: false });
    throw error;
  }
}

/** Clears everything the session knew, sets the login title and (by default) reloads (SPEC §4). */
export async function logout(options: { reload?: boolean } = {}): Promise<void> {
  const reload = options.reload ?? kitConfig.reloadOnLogout;
  if (session.token) {
    try {
      await signOut(http);
    } catch {
      /* the token may already be dead: logging out locally is what matters */
    }
  }
  setToken(null);
  session.user = null;
  session.roles = [];
  session.menus = {};
  session.elements = {};
  session.sysStatus = 0;
  session.tokenOverdueFlag = false;
  session.infoStatus = 'idle';
  if (typeof document !== 'undefined' && !kitConfig.embedded) document.title = i18n.t('login.form.title');
  if (reload && typeof location !== 'undefined') location.reload();
}

// The language chosen earlier (cookie) applies from the first render.
if (i18n.language !== settings.language) void setLanguage(settings.language);

setSessionHooks({
  logout: () => void logout(),
  language: () => i18n.language || 'zh',
});

interface RefreshState {
  timer: ReturnType<typeof setInterval> | null;
  inFlight: Promise<void> | null;
}

const refresher = singleton<RefreshState>('token-refresh', () => ({ timer: null, inFlight: null }));

/** Fetches a new token once across all tabs of the browser; other tabs adopt it through storage. */
export function refreshNow(): Promise<void> {
  if (refresher.inFlight) return refresher.inFlight;
  const run = async () => {
    const last = Number(readLocal(REFRESH_STAMP_KEY) ?? 0);
    if (Date.now() - last < TOKEN_REFRESH_MS / 2) return; // another tab refreshed a moment ago
    session.tokenOverdueFlag = true;
    try {
      const answer = await refreshToken(http);
      setToken(answer.token);
      writeLocal(REFRESH_STAMP_KEY, String(Date.now()));
    } finally {
      session.tokenOverdueFlag = false;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const task = locks ? locks.request('atrium-token-refresh', run) : run();
  refresher.inFlight = Promise.resolve(task)
    .catch(() => undefined)
    .finally(() => {
      refresher.inFlight = null;
    });
  return refresher.inFlight;
}

export function startTokenRefresh(): void {
  if (refresher.timer) return;
  refresher.timer = setInterval(() => {
    if (session.token) void refreshNow();
  }, TOKEN_REFRESH_MS);
}

export function stopTokenRefresh(): void {
  if (refresher.timer) clearInterval(refresher.timer);
  refresher.timer = null;
}

/** Another tab changed the token (sign-in, refresh, logout): follow it. */
export function followOtherTabs(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY) session.token = event.newValue;
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * A token handed over in the query string (a portal's link) replaces the stored one when it is new,
 * and is removed from the address bar so it does not linger in history or get copied (SPEC §4).
 * Returns true when a token was adopted and user info must be reloaded.
 */
export function adoptUrlToken(): boolean {
  if (typeof location === 'undefined') return false;
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  if (token === session.token) return false;
  writeLocal(URL_TOKEN_KEY, token);
  setToken(token);
  return true;
}

export type { LoginPayload };
