// The guard's first step (SPEC §4): with a token but no menus yet, the user info is fetched after
// about 200 ms, once however many navigations ask meanwhile; nothing is fetched without a token or
// when the info is already there. The clock is driven, not waited for.
import { afterEach, describe, expect, it, vi } from 'vitest';

const { loadInfo, session } = vi.hoisted(() => ({
  loadInfo: vi.fn(() => Promise.resolve()),
  session: { token: null as string | null, user: null as object | null, infoStatus: 'idle' },
}));
vi.mock('../../shared/session/index.ts', () => ({ loadInfo, session }));
const { ensureInfo, INFO_DELAY_MS } = await import('./boot.ts');

afterEach(() => {
  vi.useRealTimers();
  loadInfo.mockClear();
  Object.assign(session, { token: null, user: null, infoStatus: 'idle' });
});

describe('the guard before any route', () => {
  it('fetches the user info 200 ms after it runs with a token and no menus, once for every caller', async () => {
    expect(INFO_DELAY_MS).toBe(200);
    vi.useFakeTimers();
    session.token = 'TOKEN';
    const first = ensureInfo();
    const second = ensureInfo();
    await vi.advanceTimersByTimeAsync(199);
    expect(loadInfo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadInfo).toHaveBeenCalledTimes(1);
    await Promise.all([first, second]);
  });

  it('fetches nothing without a token, or when the info is there or on its way', async () => {
    vi.useFakeTimers();
    await ensureInfo();
    Object.assign(session, { token: 'TOKEN', user: { id: 1 } });
    await ensureInfo();
    Object.assign(session, { user: null, infoStatus: 'loading' });
    await ensureInfo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(loadInfo).not.toHaveBeenCalled();
  });
});
