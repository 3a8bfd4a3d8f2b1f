// One poller of the tenant's device status changes per page, shared by every device list on it
// (ARCHITECTURE: load is one poll per browser page, not per element). It asks only for rows changed
// since its cursor, skips polls while the tab is hidden or the token is being refreshed (SPEC §4),
// and polls at once when the tab comes back.
import type { Client } from '../http/client.ts';
import { fetchStatusChanges } from '../api/device.ts';
import type { DeviceStatusChange } from '../api/device-types.ts';

export const STATUS_POLL_MS = 5000;

export interface FeedMember {
  /** Changes since the feed's cursor; a member ignores rows it does not hold and changes older than it has. */
  onChanges(changes: readonly DeviceStatusChange[]): void;
  /** Too much changed to send row by row: reload the list. */
  onReset(): void;
  /** Whether the last poll worked (false: live updates are paused and being retried). */
  onHealth(ok: boolean): void;
}

export interface FeedEnv {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  isHidden(): boolean;
  /** Calls back when the page's visibility changes; answers the unsubscribe. */
  onVisibility(fn: () => void): () => void;
  /** True while polling must wait: no session, or a token refresh in flight. */
  paused(): boolean;
}

export interface FeedMembership {
  /** Tells the feed which cursor the member's rows are from, so no change after it is missed. */
  at(cursor: number): void;
  leave(): void;
}

export class StatusFeed {
  readonly #client: Pick<Client, 'get'>;
  readonly #env: FeedEnv;
  readonly #intervalMs: number;
  readonly #members = new Set<FeedMember>();
  #cursor: number | null = null;
  #timer: unknown = null;
  #inFlight: AbortController | null = null;
  #unwatch: (() => void) | null = null;

  constructor(client: Pick<Client, 'get'>, env: FeedEnv, intervalMs = STATUS_POLL_MS) {
    this.#client = client;
    this.#env = env;
    this.#intervalMs = intervalMs;
  }

  get cursor(): number | null {
    return this.#cursor;
  }

  get size(): number {
    return this.#members.size;
  }

  join(member: FeedMember): FeedMembership {
    this.#members.add(member);
    if (this.#members.size === 1) {
      this.#unwatch = this.#env.onVisibility(() => {
        if (!this.#env.isHidden()) this.pollNow();
      });
    }
    return {
      at: (cursor) => {
        // An older cursor only means some changes arrive twice; members drop what they already have.
        if (this.#cursor === null || cursor < this.#cursor) this.#cursor = cursor;
        if (this.#timer === null && this.#inFlight === null) this.#schedule();
      },
      leave: () => {
        if (!this.#members.delete(member) || this.#members.size > 0) return;
        this.#stop();
      },
    };
  }

  /** Polls at once (tab visible again, or a test that cannot wait for the interval). */
  pollNow(): void {
    if (this.#inFlight || this.#cursor === null || this.#members.size === 0) return;
    this.#clearTimer();
    void this.#poll();
  }

  #schedule(): void {
    this.#clearTimer();
    if (this.#members.size === 0) return;
    this.#timer = this.#env.setTimeout(() => {
      this.#timer = null;
      void this.#poll();
    }, this.#intervalMs);
  }

  async #poll(): Promise<void> {
    if (this.#cursor === null || this.#env.isHidden() || this.#env.paused()) {
      this.#schedule();
      return;
    }
    const since = this.#cursor;
    const abort = new AbortController();
    this.#inFlight = abort;
    try {
      // Quiet: a background poll that fails must not toast every few seconds; the list shows it instead.
      const answer = await fetchStatusChanges(this.#client, { since }, { quiet: true, signal: abort.signal });
      if (abort.signal.aborted) return;
      // A member may have lowered the cursor while this poll ran: then keep it, the next poll reads from there.
      if (this.#cursor === since) this.#cursor = answer.cursor;
      for (const member of [...this.#members]) member.onHealth(true);
      if (answer.reset) for (const member of [...this.#members]) member.onReset();
      else if (answer.changes.length) for (const member of [...this.#members]) member.onChanges(answer.changes);
    } catch {
      if (abort.signal.aborted) return;
      for (const member of [...this.#members]) member.onHealth(false);
    } finally {
      if (this.#inFlight === abort) {
        this.#inFlight = null;
        this.#schedule();
      }
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#env.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #stop(): void {
    this.#clearTimer();
    this.#inFlight?.abort();
    this.#inFlight = null;
    this.#cursor = null;
    this.#unwatch?.();
    this.#unwatch = null;
  }
}
