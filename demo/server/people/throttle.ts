// Sign-in abuse: after repeated wrong passwords an account is locked for a while that grows with
// each further lockout (1, 5, 15, 60 minutes, then the SPEC §9 ban of 24 h), and the person is told
// for how long. Kept in memory: a restart forgives, which is acceptable for a demo platform and
// never locks anyone out for good.
const FAILURES_BEFORE_LOCK = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const LOCK_STEPS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 24 * 60 * 60_000];

interface Account {
  failures: number[];
  lockedUntil: number;
  lockouts: number;
}

export class SignInThrottle {
  readonly #accounts = new Map<string, Account>();

  /** Milliseconds the account stays locked, or 0. */
  lockedFor(account: string, now = Date.now()): number {
    const a = this.#accounts.get(account.toLowerCase());
    return a && a.lockedUntil > now ? a.lockedUntil - now : 0;
  }

  /** Records a wrong password; answers the lock duration when this failure locked the account. */
  failed(account: string, now = Date.now()): number {
    const key = account.toLowerCase();
    const a = this.#accounts.get(key) ?? { failures: [], lockedUntil: 0, lockouts: 0 };
    a.failures = [...a.failures.filter((t) => now - t < FAILURE_WINDOW_MS), now];
    this.#accounts.set(key, a);
    if (a.failures.length < FAILURES_BEFORE_LOCK) return 0;
    const duration = LOCK_STEPS_MS[Math.min(a.lockouts, LOCK_STEPS_MS.length - 1)]!;
    a.lockouts += 1;
    a.failures = [];
    a.lockedUntil = now + duration;
    return duration;
  }

  succeeded(account: string): void {
    this.#accounts.delete(account.toLowerCase());
  }

  /** Forgets accounts with nothing left to remember. */
  prune(now = Date.now()): void {
    for (const [key, a] of this.#accounts) if (a.lockedUntil <= now && a.failures.every((t) => now - t >= FAILURE_WINDOW_MS) && a.lockouts === 0) this.#accounts.delete(key);
  }
}
