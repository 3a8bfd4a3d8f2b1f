// Monitors: the event queue delivers in order, holds a paused consumer's messages (backlog and age of
// the oldest) and drains them on resume, and one consumer's failure does not stop it; the cluster call
// answers this process's real figures; both need the monitor right.
import { describe, expect, it } from 'vitest';
import { Bus } from '../bus.ts';
import { usePlatform } from '../test-platform.ts';
import { login } from '../testing.ts';

describe('event queue', () => {
  it('delivers in order, holds a paused consumer’s backlog and drains it on resume', async () => {
    const bus = new Bus();
    const seen: number[] = [];
    const other: number[] = [];
    bus.subscribe<number>('t', 'a', (n) => {
      if (n === 3) throw new Error('one bad message');
      seen.push(n);
    });
    bus.subscribe<number>('t', 'b', (n) => other.push(n));
    for (let i = 0; i < 5; i++) bus.publish('t', i);
    await bus.idle();
    expect(seen).toEqual([0, 1, 2, 4]);
    expect(other).toEqual([0, 1, 2, 3, 4]);
    expect(bus.setPaused('t', 'a', true)).toBe(true);
    for (let i = 5; i < 505; i++) bus.publish('t', i);
    await bus.idle();
    await new Promise((r) => setTimeout(r, 20));
    const [topic] = bus.stats();
    expect(topic).toMatchObject({ topic: 't', published: 505 });
    const a = topic!.consumers.find((c) => c.name === 'a')!;
    expect(a).toMatchObject({ backlog: 500, delivered: 5, paused: true });
    expect(a.oldestMs).toBeGreaterThanOrEqual(15);
    expect(other).toHaveLength(505);
    bus.setPaused('t', 'a', false);
    await bus.idle();
    expect(seen).toHaveLength(504);
    expect(bus.stats()[0]!.consumers.find((c) => c.name === 'a')).toMatchObject({ backlog: 0, delivered: 505, oldestMs: 0 });
    expect(bus.setPaused('t', 'nobody', true)).toBe(false);
  });
});

describe('monitor calls', () => {
  const p = usePlatform();
  it('answer the node’s figures and the queue; pause and resume a consumer; need the right', async () => {
    await fetch(`${p.s.base}/__test/monitor/sample`, { method: 'POST' });
    // The monitors are the platform operator's: they show and act on the process every tenant shares.
    const vendor = await login(p.s.base, 'vendor', 'vendor123');
    const cluster = (await p.call(vendor, 'GET', '/api/monitor/cluster')).data;
    const self = cluster.nodes.find((n: { name: string }) => n.name === cluster.self);
    expect(self.samples.at(-1)).toMatchObject({ rssMB: expect.any(Number), loopP99Ms: expect.any(Number), httpConnections: expect.any(Number) });
    expect(self.samples.at(-1).rssMB).toBeGreaterThan(10);
    expect(self.samples.at(-1).dbMB).toBeGreaterThan(0);

    expect((await p.call(vendor, 'POST', '/api/monitor/mq/consumer', { topic: 'point.changed', consumer: 'linkage', paused: true })).code).toBe(0);
    await fetch(`${p.s.base}/__test/points/set`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: 1, code: 'temp', value: 21 }) });
    const queue = (await p.call(vendor, 'GET', '/api/monitor/mq')).data;
    expect(queue.topics.find((t: { topic: string }) => t.topic === 'point.changed').consumers).toContainEqual(expect.objectContaining({ name: 'linkage', paused: true, backlog: 1 }));
    expect((await p.call(vendor, 'POST', '/api/monitor/mq/consumer', { topic: 'point.changed', consumer: 'linkage', paused: false })).code).toBe(0);
    expect((await p.call(vendor, 'POST', '/api/monitor/mq/consumer', { topic: 'point.changed', consumer: 'nobody', paused: false })).msg).toBe('no such consumer');

    // A tenant's super admin can neither look nor pause.
    for (const [method, path, body] of [['GET', '/api/monitor/cluster'], ['GET', '/api/monitor/mq'], ['POST', '/api/monitor/mq/consumer', { topic: 'point.changed', consumer: 'linkage', paused: true }]] as const) {
      expect((await p.call(p.admin, method, path, body)).code).toBe(40301);
    }
    expect((await p.call(vendor, 'GET', '/api/monitor/mq')).data.topics.find((t: { topic: string }) => t.topic === 'point.changed').consumers).toContainEqual(expect.objectContaining({ name: 'linkage', paused: false }));

    const operator = await login(p.s.base, 'operator', 'operator123');
    expect((await p.call(operator, 'GET', '/api/monitor/cluster')).code).toBe(40301);
    expect((await p.call(operator, 'GET', '/api/monitor/mq')).code).toBe(40301);
    expect((await p.call(operator, 'POST', '/api/job/page', { page: 1, limit: 10 })).code).toBe(40301);
  });
});
