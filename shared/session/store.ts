// The session's state (SPEC §3 "Session state", "Logged-in user info"). Actions live in actions.ts;
// this file only holds state so the HTTP client can read the token without an import cycle.
import { proxy } from 'valtio/vanilla';
import { singleton } from '../kit.ts';
import type { MenuItem, UserInfo } from '../api/types.ts';
import { readCookie, readLocal } from './storage.ts';

export const TOKEN_COOKIE = 'Atrium-Token';
export const TOKEN_KEY = 'atrium.token';
export const USERNAME_KEY = 'atrium.username';
export const URL_TOKEN_KEY = 'atrium.prevUrlToken';

export interface SessionState {
  token: string | null;
  /** Consecutive login-timeout answers (SPEC §4). */
  sysStatus: number;
  /** Set while a token refresh is in flight: polling pauses (SPEC §4). */
  tokenOverdueFlag: boolean;
  username: string | null;
  user: UserInfo | null;
  /** The console's role set: ['admin'] once user info has loaded, empty before and after logout (SPEC §4). */
  roles: string[];
  /** Menu rights by code. */
  menus: Record<string, MenuItem>;
  /** Element rights by code (progress:view, video:play …). */
  elements: Record<string, true>;
  infoStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** An embedding host cancelled atrium-session-expired and is handing in a fresh token: widgets wait quietly. */
  awaitingHost: boolean;
}

export const session: SessionState = singleton('session', () =>
  proxy<SessionState>({
    token: readCookie(TOKEN_COOKIE) ?? readLocal(TOKEN_KEY),
    sysStatus: 0,
    tokenOverdueFlag: false,
    username: readLocal(USERNAME_KEY),
    user: null,
    roles: [],
    menus: {},
    elements: {},
    infoStatus: 'idle',
    awaitingHost: false,
  }),
);

export const hasMenu = (code: string): boolean => code in session.menus;
export const hasElement = (code: string): boolean => code in session.elements;
