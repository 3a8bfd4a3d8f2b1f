// Session actions (SPEC §4): sign-in, user info, logout, token refresh and the token handed over in a URL.
import { signOut, fetchUserInfo, refreshToken } from '../api/auth.ts';
import type { LoginPayload, UserInfo } from '../api/types.ts';
import { http, RequestError, setSessionHooks } from '../http/client.ts';
import { SESSION_EXPIRED_DIALOG } from '../http/catalogue.ts';
import { notify } from '../http/notify.ts';
import type { SessionEndDeps } from './session-end.ts';
import { kitConfig, singleton } from '../kit.ts';
import { i18n, setLanguage } from '../i18n/index.ts';
import { settings } from './settings.ts';
import { session, TOKEN_COOKIE, TOKEN_KEY, URL_TOKEN_KEY, USERNAME_KEY } from './store.ts';
import { readLocal, writeCookie, writeLocal } from './storage.ts';

export const TOKEN_REFRESH_MS = 600000;
const REFRESH_STAMP_KEY = 'atrium.tokenRefreshedAt';

export function setToken(token: string | null, expiresIn?: number | null): void {
  session.token = token;
  if (token) session.awaitingHost = false;
  writeCookie(TOKEN_COOKIE, token);
  writeLocal(TOKEN_KEY, token);
  if (token && expiresIn) noteTokenLifetime(expiresIn);
  // An embedding page's session follows a sign-out in its other tabs from its first token on.
  if (token && kitConfig.embedded) void sessionEnd().then((m) => m.followSignOutAcrossTabs(endDeps));
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
    // The platform says how long this token has left: a token handed in without its lifetime refreshes in time.
    if (user.tokenExpiresIn) noteTokenLifetime(user.tokenExpiresIn);
    session.infoStatus = 'ready';
    return user;
  } catch (error) {
    session.infoStatus = 'error';
    await logout({ reload: false });
    throw error;
  }
}

/** Clears everything the session knew, sets the login title and (by default) reloads (SPEC §4). */
export async function logout(options: { reload?: boolean; reason?: SessionEndReason } = {}): Promise<void> {
  const reload = options.reload ?? kitConfig.reloadOnLogout;
  if (session.token) {
    try {
      await signOut(http);
    } catch {
      /* the token may already be dead: logging out locally is what matters */
    }
  }
  const hadToken = session.token !== null;
  clearSession();
  if (typeof document !== 'undefined' && !kitConfig.embedded) document.title = i18n.t('login.form.title');
  if (hadToken && kitConfig.embedded) (await sessionEnd()).emitHost('atrium-signed-out', { reason: options.reason ?? 'sign-out' }, false);
  if (reload && typeof location !== 'undefined') location.reload();
}

/** Forgets the session here (token, user, rights) without asking the platform. */
function clearSession(): void {
  setToken(null);
  session.user = null;
  session.roles = [];
  session.menus = {};
  session.elements = {};
  session.sysStatus = 0;
  session.tokenOverdueFlag = false;
  session.infoStatus = 'idle';
}

/** Why an embedded session ended (the `reason` of atrium-session-expired and atrium-signed-out). */
export type SessionEndReason = 'expired' | 'sign-out' | 'other-tab' | 'logged-elsewhere';

/** What an embedding page needs when a session ends, loaded then (session-end.ts): it stays out of the bell's first load. */
const sessionEnd = () => import('./session-end.ts');

const endDeps: SessionEndDeps = {
  expiredDialog: () => notify({ ...SESSION_EXPIRED_DIALOG }),
  logout: (reason) => logout({ reload: false, reason }),
  hasToken: () => session.token !== null,
  awaitHost: (waiting) => {
    session.awaitingHost = waiting;
  },
  reloadOnLogout: () => kitConfig.reloadOnLogout,
};

/** Atrium.signOut(): here, on the platform and in the page's other tabs (session-end.ts). */
export const signOutEverywhere = (): Promise<void> => sessionEnd().then((m) => m.signOutEverywhere(endDeps));

/**
 * The platform no longer accepts an embedded page's token (expired, revoked, signed out on the
 * server). Every widget stops at once: the token is dropped, so each view unmounts (its pollers and
 * streams end). Then the host hears atrium-session-expired (session-end.ts): the widgets wait quietly
 * for a token it hands in, or show their sign-in state.
 */
export function sessionExpired(): void {
  if (!session.token) return;
  clearSession();
  session.awaitingHost = true;
  void sessionEnd().then((m) => m.afterExpiry(endDeps));
}

// The language chosen earlier (cookie) applies from the first render.
if (i18n.language !== settings.language) void setLanguage(settings.language);

setSessionHooks({
  logout: () => void logout(),
  language: () => i18n.language || 'zh',
  expired: () => {
    // An embedding page hears of it at the first refusal; the console keeps SPEC §4's count of three.
    if (!kitConfig.embedded) return false;
    sessionExpired();
    return true;
  },
});

interface RefreshState {
  timer: ReturnType<typeof setInterval> | null;
  inFlight: Promise<void> | null;
  /** The refresh period in force: 600000 ms, or sooner for a token that lives less (issue 41). */
  every: number;
}

const refresher = singleton<RefreshState>('token-refresh', () => ({ timer: null, inFlight: null, every: TOKEN_REFRESH_MS }));

/**
 * When to refresh a token that lives `expiresIn` seconds: at 80% of its life and at least 5 s before it
 * ends (a slow answer must not outlast it), at least every 600 s, at most every second.
 */
export function refreshPeriodMs(expiresIn: number | null | undefined): number {
  if (!expiresIn || !(expiresIn > 0)) return TOKEN_REFRESH_MS;
  return Math.max(1000, Math.min(TOKEN_REFRESH_MS, Math.floor(expiresIn * 800), expiresIn * 1000 - 5000));
}

/** A token's lifetime became known (sign-in, refresh, user info, the host): refresh in time for it. */
export function noteTokenLifetime(expiresIn: number): void {
  const every = refreshPeriodMs(expiresIn);
  if (every === refresher.every) return;
  refresher.every = every;
  if (refresher.timer) {
    stopTokenRefresh();
    startTokenRefresh();
  }
}

/** Fetches a new token once across all tabs of the browser; other tabs adopt it through storage. */
export function refreshNow(): Promise<void> {
  if (refresher.inFlight) return refresher.inFlight;
  const run = async () => {
    const last = Number(readLocal(REFRESH_STAMP_KEY) ?? 0);
    if (Date.now() - last < refresher.every / 2) return; // another tab refreshed a moment ago
    session.tokenOverdueFlag = true;
    try {
      const answer = await refreshToken(http);
      setToken(answer.token, answer.expires_in);
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

export function startTokenRefresh(expiresIn?: number | null): void {
  if (expiresIn) refresher.every = refreshPeriodMs(expiresIn);
  if (refresher.timer) return;
  refresher.timer = setInterval(() => {
    if (session.token) void refreshNow();
  }, refresher.every);
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
