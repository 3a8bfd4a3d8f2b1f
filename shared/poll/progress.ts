// The background-task list every progress badge shows (SPEC §2, §9): one shared poller of
// GET /api/admin/progress, every 5 s while the user holds progress:view.
import { subscribe } from 'valtio/vanilla';
import { deleteProgress, fetchProgress } from '../api/progress.ts';
import type { ProgressDelete, ProgressItem } from '../api/progress-types.ts';
import { http } from '../http/client.ts';
import { singleton } from '../kit.ts';
import { session, hasElement } from '../session/store.ts';
import { setProgressTotal } from '../session/settings.ts';
import { sessionScope, tokenRefreshPause } from './alarm-total.ts';
import { browserEnv } from './env.ts';
import { SharedPoller } from './shared-poller.ts';

export const PROGRESS_POLL_MS = 5000;
/** SPEC §9: the list is fetched again 3 s after a delete. */
export const PROGRESS_REFRESH_AFTER_DELETE_MS = 3000;

export const progressPoller: SharedPoller<ProgressItem[]> = singleton('poll:progress', () => {
  const env = browserEnv();
  return new SharedPoller<ProgressItem[]>(
    {
      name: 'progress',
      intervalMs: PROGRESS_POLL_MS,
      fetch: (signal) => fetchProgress(http, signal),
      allowed: () => Boolean(session.token) && hasElement('progress:view'),
      paused: tokenRefreshPause(env),
      scope: sessionScope,
      watch: (onChange) => subscribe(session, onChange),
      onValue: (items) => setProgressTotal(items?.length ?? 0),
    },
    env,
  );
});

const later = singleton<{ timer: ReturnType<typeof setTimeout> | null }>('progress-refresh-later', () => ({ timer: null }));

/** Fetches the list again after `ms` (the leader polls; every tab gets the answer). */
export function refreshProgressLater(ms: number = PROGRESS_REFRESH_AFTER_DELETE_MS): void {
  if (later.timer) clearTimeout(later.timer);
  later.timer = setTimeout(() => {
    later.timer = null;
    progressPoller.refresh();
  }, ms);
}

/** Deletes progress items and has the list fetched again 3 s later (SPEC §9). Rejects with the server's message. */
export async function removeProgress(body: ProgressDelete): Promise<number> {
  const { deleted } = await deleteProgress(http, body);
  refreshProgressLater();
  return deleted;
}
