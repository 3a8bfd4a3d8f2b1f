// What a shared poller needs from the browser: an election among tabs, a channel between them and
// the page's visibility. Kept behind this small interface so the engine runs on fakes in unit tests.

/** A cross-tab channel (BroadcastChannel's shape): messages reach every other tab, never the sender. */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/**
 * Runs `lead` while this tab is the one leader for `name`. `lead` receives a promise that settles
 * when leadership must end (the caller resigned); the election ends when `lead`'s promise settles.
 * Aborting `signal` withdraws a candidacy that has not won yet.
 */
export type Elect = (name: string, signal: AbortSignal, lead: () => Promise<void>) => void;

export interface PollEnv {
  elect: Elect;
  openChannel(name: string): Channel | null;
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  /** Whether a token refresh is running in any tab of this browser (its lock is held). */
  refreshInProgress(): Promise<boolean>;
}

const TOKEN_REFRESH_LOCK = 'atrium-token-refresh';

/** Web Locks: the lock is held for as long as `lead` runs, and passes on when the tab closes or crashes. */
function webLocksElection(locks: LockManager): Elect {
  return (name, signal, lead) => {
    locks.request(name, { signal }, lead).catch(() => undefined /* aborted before winning */);
  };
}

const LEASE_MS = 12000;
const LEASE_CHECK_MS = 2000;

/**
 * Pages without Web Locks (plain-http intranet hosts are not secure contexts): a lease in
 * localStorage that the leader renews; a candidate takes an expired lease, then re-reads it after a
 * short pause so that of two simultaneous takers only one proceeds.
 */
function leaseElection(storage: Storage): Elect {
  const me = Math.random().toString(36).slice(2);
  return (name, signal, lead) => {
    const key = `atrium.lease.${name}`;
    const read = (): { id: string; until: number } | null => {
      try {
        return JSON.parse(storage.getItem(key) ?? 'null') as { id: string; until: number } | null;
      } catch {
        return null;
      }
    };
    const write = () => storage.setItem(key, JSON.stringify({ id: me, until: Date.now() + LEASE_MS }));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    signal.addEventListener('abort', stop, { once: true });
    const attempt = () => {
      if (signal.aborted) return;
      const lease = read();
      if (lease && lease.id !== me && lease.until > Date.now()) {
        timer = setTimeout(attempt, LEASE_CHECK_MS);
        return;
      }
      write();
      timer = setTimeout(() => {
        if (signal.aborted) return;
        if (read()?.id !== me) return attempt();
        signal.removeEventListener('abort', stop);
        const renew = setInterval(write, LEASE_MS / 3);
        void lead().finally(() => {
          clearInterval(renew);
          if (read()?.id === me) storage.removeItem(key);
        });
      }, 50);
    };
    attempt();
  };
}

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // sandboxed frames deny storage
  }
}

/** The real browser. Without Web Locks or storage every tab leads alone (still one poll per tab). */
export function browserEnv(): PollEnv {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const storage = localStorageOrNull();
  const elect: Elect = locks
    ? webLocksElection(locks)
    : storage
      ? leaseElection(storage)
      : (_name, signal, lead) => {
          if (!signal.aborted) void lead();
        };
  return {
    elect,
    openChannel: (name) => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name)),
    isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
    onVisibilityChange(listener) {
      if (typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    async refreshInProgress() {
      if (!locks) return false;
      const state = await locks.query();
      return (state.held ?? []).some((lock) => lock.name === TOKEN_REFRESH_LOCK);
    },
  };
}
