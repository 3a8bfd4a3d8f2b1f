// The views' one polling hook in a real browser: nothing is asked while the tab is hidden or the token
// is being refreshed, the skipped call is made at once when the tab shows again or the refresh ends.
import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { session } from '../session/store.ts';
import { usePoll, type PollOptions } from './use-poll.ts';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
};

function Probe({ poll, every, options }: { poll: () => Promise<unknown>; every: number; options?: PollOptions }) {
  usePoll(poll, every, null, options);
  return null;
}

describe('usePoll', () => {
  let clock: ReturnType<typeof FakeTimers.install>;
  let root: Root;
  let calls = 0;
  const poll = () => {
    calls += 1;
    return Promise.resolve();
  };
  /** Moves the page's clock on, running the timers and promises that fall due (nothing else waits). */
  const pass = (ms: number) => clock.tickAsync(ms);
  const mount = async (options?: PollOptions) => {
    root = createRoot(document.createElement('div'));
    flushSync(() => root.render(<Probe poll={poll} every={1000} {...(options ? { options } : {})} />));
    await pass(0);
  };

  beforeEach(() => {
    calls = 0;
    visibility = 'visible';
    session.tokenOverdueFlag = false;
    clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    root.unmount();
    clock.uninstall();
    visibility = 'visible';
    session.tokenOverdueFlag = false;
  });

  it('asks at once and then every period while the tab shows', async () => {
    await mount();
    expect(calls).to.equal(1);
    await pass(3000);
    expect(calls).to.equal(4);
  });

  it('asks nothing in a hidden tab, and once at once when it shows again', async () => {
    await mount();
    setVisibility('hidden');
    await pass(10_000);
    expect(calls).to.equal(1);
    setVisibility('visible');
    await pass(0);
    expect(calls).to.equal(2);
    await pass(1000);
    expect(calls).to.equal(3);
  });

  it('asks nothing while the token is being refreshed, and at once when the refresh ends', async () => {
    await mount();
    session.tokenOverdueFlag = true;
    await pass(5000);
    expect(calls).to.equal(1);
    session.tokenOverdueFlag = false;
    await pass(250);
    expect(calls).to.equal(2);
  });

  it('stays silent when disabled, and waits a period first without the leading call', async () => {
    await mount({ enabled: false });
    await pass(5000);
    expect(calls).to.equal(0);
    root.unmount();
    await mount({ leading: false });
    expect(calls).to.equal(0);
    await pass(1000);
    expect(calls).to.equal(1);
  });
});
