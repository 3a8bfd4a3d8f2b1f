// Calls `poll` now and every `everyMs` while the page is visible (a hidden tab asks nothing, and asks
// at once when shown again); each call gets a signal that aborts when the page goes away. A new
// `restartOn` value (what is being read changed) asks at once and starts the count again.
import { useEffect, useRef } from 'react';

export function usePoll(poll: (signal: AbortSignal) => Promise<unknown>, everyMs: number, restartOn: unknown = null): void {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  }, [poll]);
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (document.visibilityState === 'hidden') return;
      void latest.current(abort.signal).finally(() => {
        if (!abort.signal.aborted) timer = setTimeout(run, everyMs);
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && timer === null) run();
    };
    document.addEventListener('visibilitychange', onVisible);
    run();
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [everyMs, restartOn]);
}
