import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHub, FakeLocks, FakeTab } from './fake-env.ts';
import { SharedPoller, type PollerOptions } from './shared-poller.ts';

const INTERVAL = 5000;

/** A browser of several tabs polling one fake server whose count the test changes. */
function browser() {
  const locks = new FakeLocks();
  const hub = new FakeHub();
  const start = Date.now();
  const server = { count: 7, calls: [] as Array<{ tab: number; at: number }> };
  const tabs: Array<{ env: FakeTab; poller: SharedPoller<number>; flags: { overdue: boolean; allowed: boolean; user: string } }> = [];
  const addTab = (overrides: Partial<PollerOptions<number>> = {}) => {
    const env = new FakeTab(locks, hub);
    const index = tabs.length;
    const flags = { overdue: false, allowed: true, user: 'admin' };
    const poller = new SharedPoller<number>(
      {
        name: 'alarm-total',
        intervalMs: INTERVAL,
        fetch: async () => {
          server.calls.push({ tab: index, at: Date.now() - start });
          await new Promise((r) => setTimeout(r, 50));
          return server.count;
        },
        allowed: () => flags.allowed,
        paused: async () => flags.overdue || (await env.refreshInProgress()),
        scope: () => flags.user,
        ...overrides,
      },
      env,
    );
    tabs.push({ env, poller, flags });
    return tabs[index]!;
  };
  return { locks, server, tabs, addTab };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('SharedPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls once per interval for the whole browser, however many tabs and elements need it', async () => {
    const b = browser();
    for (let i = 0; i < 3; i++) {
      const tab = b.addTab();
      for (let e = 0; e < 4; e++) tab.poller.acquire();
    }
    await advance(60_000);
    // The first poll goes out at once, then one every 5 s: 13 in 60 s (t = 0, 5, …, 60).
    expect(b.server.calls.length).toBe(13);
    expect(new Set(b.server.calls.map((c) => c.tab)).size).toBe(1);
    for (const tab of b.tabs) expect(tab.poller.state.value).toBe(7);
    expect(b.tabs.filter((t) => t.poller.state.leader)).toHaveLength(1);
  });

  it('delivers a changed value to every tab within one interval', async () => {
    const b = browser();
    const [one, two] = [b.addTab(), b.addTab()];
    one.poller.acquire();
    two.poller.acquire();
    await advance(1000);
    b.server.count = 6;
    await advance(INTERVAL);
    expect(one.poller.state.value).toBe(6);
    expect(two.poller.state.value).toBe(6);
  });

  it('stops polling when the last element lets go, and resumes when one needs it again', async () => {
    const b = browser();
    const tab = b.addTab();
    const releaseA = tab.poller.acquire();
    const releaseB = tab.poller.acquire();
    await advance(100);
    releaseA();
    await advance(INTERVAL * 2);
    expect(b.server.calls.length).toBe(3);
    releaseB();
    releaseB(); // a second release of the same handle changes nothing
    await advance(INTERVAL * 4);
    expect(b.server.calls.length).toBe(3);
    expect(tab.poller.users).toBe(0);
    tab.poller.acquire();
    await advance(100);
    expect(b.server.calls.length).toBe(4);
  });

  it('hands leadership to another tab when the leader closes, keeping the rhythm', async () => {
    const b = browser();
    const first = b.addTab();
    const second = b.addTab();
    const closeFirst = first.poller.acquire();
    second.poller.acquire();
    await advance(2000);
    expect(first.poller.state.leader).toBe(true);
    closeFirst();
    await advance(100);
    expect(second.poller.state.leader).toBe(true);
    await advance(INTERVAL * 2);
    const times = b.server.calls.map((c) => c.at);
    // 0 (first tab), then 5000 and 10000 by the second: no extra poll at the hand-over.
    expect(times).toEqual([0, 5000, 10000]);
    expect(b.server.calls.map((c) => c.tab)).toEqual([0, 1, 1]);
  });

  it('sends no poll from a hidden tab, and shows a fresh value at once when it becomes visible', async () => {
    const b = browser();
    const visible = b.addTab();
    const hidden = b.addTab();
    hidden.env.hidden = true;
    hidden.poller.acquire();
    visible.poller.acquire();
    await advance(INTERVAL * 3 - 100);
    expect(b.server.calls.length).toBeGreaterThan(0);
    expect(b.server.calls.every((c) => c.tab === 0)).toBe(true);
    expect(hidden.poller.state.value).toBe(7); // it still hears the leader's answers

    b.server.count = 3;
    const before = b.server.calls.length;
    hidden.env.setHidden(false);
    await advance(200);
    expect(hidden.poller.state.value).toBe(3);
    expect(b.server.calls.length).toBe(before + 1);
    expect(b.server.calls.at(-1)!.tab).toBe(0); // the leader answered the request for a fresh value
  });

  it('a hidden leader steps down; when every tab is hidden nobody polls; the first to show polls at once', async () => {
    const b = browser();
    const a = b.addTab();
    const c = b.addTab();
    a.poller.acquire();
    c.poller.acquire();
    await advance(1000);
    a.env.setHidden(true);
    await advance(10);
    expect(c.poller.state.leader).toBe(true);
    c.env.setHidden(true);
    const count = b.server.calls.length;
    await advance(INTERVAL * 6);
    expect(b.server.calls.length).toBe(count);
    b.server.count = 42;
    c.env.setHidden(false);
    await advance(100);
    expect(b.server.calls.length).toBe(count + 1);
    expect(c.poller.state.value).toBe(42);
    await advance(10);
    expect(a.poller.state.value).toBe(42);
  });

  it('skips polls while the token refresh runs, in this tab or any other', async () => {
    const b = browser();
    const tab = b.addTab();
    tab.poller.acquire();
    await advance(100);
    expect(b.server.calls.length).toBe(1);
    tab.flags.overdue = true;
    await advance(INTERVAL * 2);
    expect(b.server.calls.length).toBe(1);
    tab.flags.overdue = false;
    const release = b.locks.hold('atrium-token-refresh'); // another tab refreshing
    await advance(INTERVAL * 2);
    expect(b.server.calls.length).toBe(1);
    release();
    await advance(INTERVAL);
    expect(b.server.calls.length).toBe(2);
  });

  it('does not poll without the right, and starts when the right arrives', async () => {
    const b = browser();
    const tab = b.addTab();
    tab.flags.allowed = false;
    tab.poller.acquire();
    await advance(INTERVAL * 2);
    expect(b.server.calls.length).toBe(0);
    tab.flags.allowed = true;
    tab.poller.sync();
    await advance(100);
    expect(b.server.calls.length).toBe(1);
    tab.flags.allowed = false;
    tab.poller.sync();
    await advance(INTERVAL * 3);
    expect(b.server.calls.length).toBe(1);
  });

  it('clears the value when the user changes and ignores another user\'s broadcasts', async () => {
    const b = browser();
    const a = b.addTab();
    const other = b.addTab();
    a.poller.acquire();
    await advance(100);
    expect(a.poller.state.value).toBe(7);
    a.flags.user = 'viewer';
    a.poller.sync();
    expect(a.poller.state.value).toBe(null);
    other.flags.user = 'admin';
    other.flags.allowed = false;
    other.poller.acquire();
    await advance(INTERVAL + 100);
    expect(other.poller.state.value).toBe(null); // 'viewer' answers are not for 'admin'
  });

  it('refresh() from a follower makes the leader poll now and restarts the interval', async () => {
    const b = browser();
    const leader = b.addTab();
    const follower = b.addTab();
    leader.poller.acquire();
    follower.poller.acquire();
    await advance(2000);
    follower.poller.refresh();
    await advance(100);
    expect(b.server.calls.map((c) => c.at)).toEqual([0, 2000]);
    await advance(INTERVAL);
    expect(b.server.calls.map((c) => c.at)).toEqual([0, 2000, 7000]);
  });

  it('shares values with nested objects (which the store turns into proxies) with every tab', async () => {
    const b = browser();
    const nested = () => ({ total: 3, latest: { id: 9, device: { name: 'Detector' } } });
    const a = new SharedPoller<ReturnType<typeof nested>>(
      { name: 'nested', intervalMs: INTERVAL, fetch: async () => nested(), allowed: () => true, paused: () => false, scope: () => 'u' },
      b.addTab().env,
    );
    const c = new SharedPoller<ReturnType<typeof nested>>(
      { name: 'nested', intervalMs: INTERVAL, fetch: async () => nested(), allowed: () => true, paused: () => false, scope: () => 'u' },
      b.addTab().env,
    );
    a.acquire();
    c.acquire();
    await advance(INTERVAL * 2 + 100);
    expect(a.state.failed).toBe(false);
    expect(c.state.failed).toBe(false);
    expect(a.state.value?.latest.device.name).toBe('Detector');
    expect(c.state.value?.latest.device.name).toBe('Detector');
  });

  it('keeps the last value and marks the failure when a poll fails', async () => {
    const b = browser();
    let fail = false;
    const tab = b.addTab({
      fetch: async () => {
        if (fail) throw new Error('down');
        return 5;
      },
    });
    tab.poller.acquire();
    await advance(100);
    fail = true;
    await advance(INTERVAL);
    expect(tab.poller.state.value).toBe(5);
    expect(tab.poller.state.failed).toBe(true);
  });
});
