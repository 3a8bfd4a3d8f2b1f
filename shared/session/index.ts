export { session, hasMenu, hasElement } from './store.ts';
export type { SessionState } from './store.ts';
export { login } from './login.ts';
export {
  loadInfo,
  logout,
  setToken,
  refreshNow,
  startTokenRefresh,
  stopTokenRefresh,
  followOtherTabs,
  adoptUrlToken,
  TOKEN_REFRESH_MS,
} from './actions.ts';
export * from './settings.ts';
