import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './throttle.ts';

describe('sign-in throttle', () => {
  it('locks after five failures within 15 minutes, longer each time, up to 24 h', () => {
    const t = new SignInThrottle();
    let now = 1_000_000;
    const lockOnce = () => {
      let lock = 0;
      for (let i = 0; i < 5; i++) lock = t.failed('Ada', now);
      return lock;
    };
    expect(lockOnce()).toBe(60_000);
    expect(t.lockedFor('ada', now + 59_000)).toBe(1_000);
    now += 61_000;
    expect(t.lockedFor('ada', now)).toBe(0);
    expect(lockOnce()).toBe(5 * 60_000);
    now += 5 * 60_000;
    expect(lockOnce()).toBe(15 * 60_000);
    now += 15 * 60_000;
    expect(lockOnce()).toBe(60 * 60_000);
    now += 60 * 60_000;
    expect(lockOnce()).toBe(24 * 60 * 60_000);
    now += 24 * 60 * 60_000;
    expect(lockOnce()).toBe(24 * 60 * 60_000);
  });

  it('forgets failures older than the window and after a success', () => {
    const t = new SignInThrottle();
    for (let i = 0; i < 4; i++) t.failed('bo', i);
    expect(t.failed('bo', 16 * 60_000)).toBe(0);
    t.succeeded('bo');
    for (let i = 0; i < 4; i++) expect(t.failed('bo', 20 * 60_000)).toBe(0);
  });
});
