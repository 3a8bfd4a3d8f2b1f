// The one way a view polls (the bell's and the progress panel's cross-tab reads use SharedPoller,
// shared/poll): calls `poll` now and `everyMs` after each answer while the page is visible and no
// token refresh is under way (SPEC §4). A call that falls due in a hidden tab or during a refresh is
// skipped and made at once when the tab shows again or the refresh ends. Each call gets a signal that
// aborts when the view goes away; a new `restartOn` value (what is being read changed) asks at once
// and starts the count again. Views in console/ and widgets/ may not call setInterval (eslint.config.js).
import { useEffect, useRef } from 'react';
import { subscribe } from 'valtio/vanilla';
import { session } from '../session/store.ts';

export interface PollOptions {
  /** false: no calls at all (nothing to read, or nothing more to follow). Default true. */
  enabled?: boolean;
  /** false: the first call comes `everyMs` after the start, not at once (the view has just read it). */
  leading?: boolean;
}

export function usePoll(poll: (signal: AbortSignal) => Promise<unknown>, everyMs: number, restartOn: unknown = null, options: PollOptions = {}): void {
  const { enabled = true, leading = true } = options;
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  }, [poll]);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let busy = false;
    /** A call fell due while the tab was hidden or the token was being refreshed. */
    let missed = false;
    const blocked = () => document.visibilityState === 'hidden' || session.tokenOverdueFlag;
    const run = () => {
      timer = null;
      if (abort.signal.aborted || busy) return;
      if (blocked()) {
        missed = true;
        return;
      }
      missed = false;
      busy = true;
      void Promise.resolve()
        .then(() => latest.current(abort.signal))
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          if (!abort.signal.aborted) timer = setTimeout(run, everyMs);
        });
    };
    const resume = () => {
      if (missed && !busy && timer === null && !blocked()) run();
    };
    document.addEventListener('visibilitychange', resume);
    const unsubscribe = subscribe(session, resume);
    if (leading) run();
    else timer = setTimeout(run, everyMs);
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', resume);
      unsubscribe();
    };
  }, [everyMs, restartOn, enabled, leading]);
}
