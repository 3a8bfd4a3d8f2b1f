// The navigation guard's part that runs before any route (SPEC §4): with a token but no user info,
// wait about 200 ms, fetch the info (routes are then generated from its menus); on failure the
// session ends and the guard sends the user to /login.
import { loadInfo, session } from '../../shared/session/index.ts';

export const INFO_DELAY_MS = 200;

let pending: Promise<void> | null = null;

export function ensureInfo(): Promise<void> {
  if (pending) return pending;
  if (!session.token || session.user || session.infoStatus === 'loading') return Promise.resolve();
  const run = new Promise<void>((resolve) => setTimeout(resolve, INFO_DELAY_MS))
    .then(() => loadInfo())
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      pending = null;
    });
  pending = run;
  return run;
}
