// The platform's in-process event queue (SPEC §2 mqmonitor): named topics, each consumer with its own
// queue, delivered asynchronously in batches so a burst never blocks the request that published it.
// A consumer can be paused (its backlog grows) and resumed (it drains). The monitor reads each topic's
// counters: published, delivered per consumer, backlog, age of the oldest waiting message.
// One bus per database (per platform instance). A deployment with several processes would put an
// external broker behind the same publish/subscribe calls; the embedded one needs nothing but npm start.
import type { ConsumerStats, TopicStats } from '../../shared/api/monitor-types.ts';
import type { Db } from './db.ts';

/** Messages one consumer takes per turn of the event loop before yielding. */
const BATCH = 200;

interface Waiting<T> {
  at: number;
  body: T;
}

class Consumer<T> {
  readonly queue: Array<Waiting<T>> = [];
  head = 0;
  delivered = 0;
  paused = false;
  scheduled = false;
  readonly name: string;
  readonly handler: (body: T) => unknown;
  constructor(name: string, handler: (body: T) => unknown) {
    this.name = name;
    this.handler = handler;
  }
  get backlog(): number {
    return this.queue.length - this.head;
  }
}

class Topic {
  published = 0;
  readonly consumers = new Map<string, Consumer<unknown>>();
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

export class Bus {
  private readonly topics = new Map<string, Topic>();
  private readonly drains = new Set<Promise<void>>();

  private topic(name: string): Topic {
    let t = this.topics.get(name);
    if (!t) this.topics.set(name, (t = new Topic(name)));
    return t;
  }

  /** Declares a topic (so the monitor lists it before its first message). */
  declare(topic: string): void {
    this.topic(topic);
  }

  publish<T>(topic: string, body: T): void {
    const t = this.topic(topic);
    t.published += 1;
    const at = Date.now();
    for (const c of t.consumers.values()) {
      c.queue.push({ at, body });
      this.schedule(c);
    }
  }

  /** Adds a consumer; answers the unsubscribe. */
  subscribe<T>(topic: string, name: string, handler: (body: T) => unknown): () => void {
    const t = this.topic(topic);
    t.consumers.set(name, new Consumer(name, handler as (body: unknown) => unknown));
    return () => t.consumers.delete(name);
  }

  /** Pauses or resumes one consumer; false when there is no such consumer. */
  setPaused(topic: string, name: string, paused: boolean): boolean {
    const c = this.topics.get(topic)?.consumers.get(name);
    if (!c) return false;
    c.paused = paused;
    if (!paused) this.schedule(c);
    return true;
  }

  stats(now = Date.now()): TopicStats[] {
    return [...this.topics.values()].map((t) => ({
      topic: t.name,
      published: t.published,
      consumers: [...t.consumers.values()].map(
        (c): ConsumerStats => ({ name: c.name, delivered: c.delivered, backlog: c.backlog, oldestMs: c.backlog > 0 ? now - c.queue[c.head]!.at : 0, paused: c.paused }),
      ),
    }));
  }

  /** Resolves when no running consumer has anything waiting (paused ones are left as they are). */
  async idle(): Promise<void> {
    while (this.drains.size > 0) await Promise.allSettled([...this.drains]);
  }

  private schedule(c: Consumer<unknown>): void {
    if (c.paused || c.scheduled || c.backlog === 0) return;
    c.scheduled = true;
    const drain = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      let n = 0;
      while (!c.paused && c.backlog > 0 && n < BATCH) {
        const { body } = c.queue[c.head]!;
        c.head += 1;
        n += 1;
        try {
          await c.handler(body);
        } catch {
          /* a consumer's failure is its own: the queue moves on */
        }
        c.delivered += 1;
      }
      // Drop what was delivered now and then, so the array does not grow without end.
      if (c.head > 1000 && c.head * 2 > c.queue.length) {
        c.queue.splice(0, c.head);
        c.head = 0;
      }
      c.scheduled = false;
      this.schedule(c);
    });
    this.drains.add(drain);
    void drain.finally(() => this.drains.delete(drain));
  }
}

const buses = new WeakMap<Db, Bus>();
export function busOf(db: Db): Bus {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = new Bus()));
  return bus;
}
