// One poller per browser for a resource (ARCHITECTURE "Polling once"): tabs that need the value and
// are visible stand for election; the leader alone polls and broadcasts each answer; every tab (hidden
// ones too) keeps the last broadcast value in a valtio store that its elements read.
import { proxy } from 'valtio/vanilla';
import type { Channel, PollEnv } from './env.ts';

export interface PollerOptions<T> {
  /** Names the election lock and the channel; one per resource. */
  name: string;
  intervalMs: number;
  fetch(signal: AbortSignal): Promise<T>;
  /** Whether this tab may poll at all (signed in, holds the right). Re-read on every sync(). */
  allowed(): boolean;
  /** True while a poll must be skipped (token refresh in flight, SPEC §4). */
  paused(): boolean | Promise<boolean>;
  /** Whose values these are (the user): another scope's broadcasts are ignored, a change clears the value. */
  scope(): string;
  /** Calls back whenever what allowed() or scope() read may have changed; returns the unsubscribe. */
  watch?(onChange: () => void): () => void;
  onValue?(value: T | null): void;
}

export interface PollState<T> {
  value: T | null;
  /** When the poll that brought the value was sent (ms since epoch), 0 when there is none. */
  at: number;
  /** This tab is the one polling. */
  leader: boolean;
  /** The last poll of this tab failed (the previous value stays). */
  failed: boolean;
}

type Message<T> = { type: 'value'; scope: string; value: T; at: number } | { type: 'refresh'; scope: string };

export class SharedPoller<T> {
  readonly state: PollState<T>;
  readonly #options: PollerOptions<T>;
  readonly #env: PollEnv;
  #refs = 0;
  #scope = '';
  #channel: Channel | null = null;
  #candidacy: AbortController | null = null;
  /** Set while this tab leads: ends the leadership. */
  #resign: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #inFlight: AbortController | null = null;
  /** A fresh value was asked for and has not arrived: poll at once on winning the election. */
  #wantNow = false;
  #unwatch: Array<() => void> = [];
  readonly #onMessage = (event: MessageEvent) => this.#receive(event.data as Message<T> | null);
  readonly #onVisibility = () => {
    this.sync();
    if (!this.#env.isHidden()) this.refresh();
  };

  constructor(options: PollerOptions<T>, env: PollEnv) {
    this.#options = options;
    this.#env = env;
    this.state = proxy<PollState<T>>({ value: null, at: 0, leader: false, failed: false });
  }

  /** Declares that something needs the value; call the returned function when it no longer does. */
  acquire(): () => void {
    this.#refs += 1;
    if (this.#refs === 1) this.#start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#refs -= 1;
      if (this.#refs === 0) this.#stop();
    };
  }

  get users(): number {
    return this.#refs;
  }

  /** Asks for a fresh value now: the leader polls at once (or this tab, if it wins the election). */
  refresh(): void {
    if (this.#refs === 0 || !this.#options.allowed()) return;
    if (this.#resign) {
      this.#pollSoon();
      return;
    }
    this.#wantNow = true;
    this.#channel?.postMessage({ type: 'refresh', scope: this.#scope } satisfies Message<T>);
  }

  /** Re-reads rights, scope and visibility, and stands for or leaves the election accordingly. */
  sync(): void {
    const scope = this.#options.scope();
    if (scope !== this.#scope) {
      this.#scope = scope;
      this.#inFlight?.abort();
      this.#set(null, 0);
    }
    const wanted = this.#refs > 0 && this.#options.allowed() && !this.#env.isHidden();
    if (wanted && !this.#candidacy) this.#stand();
    else if (!wanted && this.#candidacy) this.#withdraw();
  }

  #start(): void {
    this.#channel = this.#env.openChannel(`atrium-poll:${this.#options.name}`);
    this.#channel?.addEventListener('message', this.#onMessage);
    this.#unwatch.push(this.#env.onVisibilityChange(this.#onVisibility));
    if (this.#options.watch) this.#unwatch.push(this.#options.watch(() => this.sync()));
    this.sync();
  }

  #stop(): void {
    this.#withdraw();
    this.#inFlight?.abort();
    for (const off of this.#unwatch.splice(0)) off();
    this.#channel?.removeEventListener('message', this.#onMessage);
    this.#channel?.close();
    this.#channel = null;
    this.#wantNow = false;
  }

  #stand(): void {
    const candidacy = new AbortController();
    this.#candidacy = candidacy;
    this.#env.elect(`atrium-poll:${this.#options.name}`, candidacy.signal, () =>
      new Promise<void>((resolve) => {
        if (candidacy.signal.aborted) return resolve();
        this.#resign = () => {
          this.#resign = null;
          if (this.#timer) clearTimeout(this.#timer);
          this.#timer = null;
          this.state.leader = false;
          resolve();
        };
        this.state.leader = true;
        // Continue the shared rhythm: the previous leader's last poll sets when the next one is due.
        const due = this.#wantNow ? 0 : Math.max(0, this.state.at + this.#options.intervalMs - Date.now());
        this.#schedule(due);
      }),
    );
  }

  #withdraw(): void {
    this.#candidacy?.abort();
    this.#candidacy = null;
    this.#resign?.();
  }

  #schedule(delay: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delay);
  }

  #pollSoon(): void {
    if (this.#inFlight) return; // the answer on its way is fresh enough
    this.#schedule(0);
  }

  async #tick(): Promise<void> {
    this.#timer = null;
    if (!this.#resign) return;
    this.#schedule(this.#options.intervalMs);
    if (this.#inFlight) return;
    if (await this.#options.paused()) return;
    if (!this.#resign || this.#inFlight) return;
    await this.#poll();
  }

  async #poll(): Promise<void> {
    const request = new AbortController();
    this.#inFlight = request;
    const scope = this.#scope;
    // Stamped when asked, so the next leader keeps the rhythm of requests, not of answers.
    const at = Date.now();
    try {
      const value = await this.#options.fetch(request.signal);
      if (request.signal.aborted || scope !== this.#scope) return;
      // Broadcast before storing: valtio turns nested objects of a stored value into proxies in
      // place, and a proxy cannot be cloned into a message.
      this.#channel?.postMessage({ type: 'value', scope, value, at } satisfies Message<T>);
      this.state.failed = false;
      this.#wantNow = false;
      this.#set(value, at);
    } catch {
      if (!request.signal.aborted) this.state.failed = true;
    } finally {
      if (this.#inFlight === request) this.#inFlight = null;
    }
  }

  #receive(message: Message<T> | null): void {
    if (!message || message.scope !== this.#scope) return;
    if (message.type === 'value') {
      this.#wantNow = false;
      if (message.at >= this.state.at) this.#set(message.value, message.at);
    } else if (message.type === 'refresh' && this.#resign) {
      this.#pollSoon();
    }
  }

  #set(value: T | null, at: number): void {
    this.state.value = value;
    this.state.at = at;
    this.#options.onValue?.(value);
  }
}
