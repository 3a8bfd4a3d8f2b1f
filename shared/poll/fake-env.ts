// In-memory stand-ins for Web Locks, BroadcastChannel and page visibility, so the poller's election
// and hand-overs can be driven tab by tab under fake timers (unit tests only; never in the product).
import type { Channel, Elect, PollEnv } from './env.ts';

interface Waiter {
  signal: AbortSignal;
  lead: () => Promise<void>;
}

/** Exclusive locks with a FIFO queue per name, like navigator.locks.request(name, {signal}, cb). */
export class FakeLocks {
  readonly #held = new Set<string>();
  readonly #queues = new Map<string, Waiter[]>();

  readonly elect: Elect = (name, signal, lead) => {
    if (signal.aborted) return;
    const queue = this.#queues.get(name) ?? [];
    this.#queues.set(name, queue);
    const waiter = { signal, lead };
    queue.push(waiter);
    signal.addEventListener('abort', () => {
      const at = queue.indexOf(waiter);
      if (at >= 0) queue.splice(at, 1);
    });
    this.#next(name);
  };

  isHeld(name: string): boolean {
    return this.#held.has(name);
  }

  hold(name: string): () => void {
    this.#held.add(name);
    return () => {
      this.#held.delete(name);
      this.#next(name);
    };
  }

  #next(name: string): void {
    if (this.#held.has(name)) return;
    const waiter = this.#queues.get(name)?.shift();
    if (!waiter) return;
    this.#held.add(name);
    void waiter.lead().finally(() => {
      this.#held.delete(name);
      this.#next(name);
    });
  }
}

/** Channels of one name deliver to every other open channel of that name, asynchronously. */
export class FakeHub {
  readonly #open = new Map<string, Set<FakeChannel>>();
  sent = 0;

  open(name: string): FakeChannel {
    const set = this.#open.get(name) ?? new Set<FakeChannel>();
    this.#open.set(name, set);
    const channel = new FakeChannel(this, name);
    set.add(channel);
    return channel;
  }

  deliver(from: FakeChannel, message: unknown): void {
    this.sent += 1;
    // Cloned at once, like BroadcastChannel: what arrives is the message as it was when posted.
    const copy = structuredClone(message);
    for (const to of this.#open.get(from.name) ?? []) {
      if (to !== from) queueMicrotask(() => to.receive(structuredClone(copy)));
    }
  }

  close(channel: FakeChannel): void {
    this.#open.get(channel.name)?.delete(channel);
  }
}

export class FakeChannel implements Channel {
  readonly #hub: FakeHub;
  readonly name: string;
  readonly #listeners = new Set<(event: MessageEvent) => void>();
  #closed = false;

  constructor(hub: FakeHub, name: string) {
    this.#hub = hub;
    this.name = name;
  }

  postMessage(message: unknown): void {
    if (!this.#closed) this.#hub.deliver(this, message);
  }

  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.#listeners.delete(listener);
  }

  close(): void {
    this.#closed = true;
    this.#hub.close(this);
  }

  receive(data: unknown): void {
    if (this.#closed) return;
    for (const listener of this.#listeners) listener({ data } as MessageEvent);
  }
}

/** One browser tab's environment over shared locks and hub; `setHidden` fires visibilitychange. */
export class FakeTab implements PollEnv {
  hidden = false;
  readonly #listeners = new Set<() => void>();
  readonly #locks: FakeLocks;
  readonly #hub: FakeHub;
  readonly elect: Elect;

  constructor(locks: FakeLocks, hub: FakeHub) {
    this.#locks = locks;
    this.#hub = hub;
    this.elect = locks.elect;
  }

  openChannel(name: string): Channel {
    return this.#hub.open(name);
  }

  isHidden(): boolean {
    return this.hidden;
  }

  onVisibilityChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async refreshInProgress(): Promise<boolean> {
    return this.#locks.isHeld('atrium-token-refresh');
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const listener of this.#listeners) listener();
  }
}
