import { describe, expect, it } from 'vitest';
import { backoffDelay, bufferEndAround, decideLatency, LIVE_POLICY } from './latency.ts';

const at = (lag: number, playbackRate = 1) => decideLatency({ bufferEnd: 100 + lag, currentTime: 100, playbackRate });

describe('latency control', () => {
  it('leaves a stream near the edge alone', () => {
    expect(at(0.1)).toEqual({ action: 'none' });
    expect(at(LIVE_POLICY.catchUpAbove - 0.01)).toEqual({ action: 'none' });
  });

  it('catches up gently, then briskly, when behind', () => {
    expect(at(LIVE_POLICY.catchUpAbove + 0.05)).toEqual({ action: 'rate', rate: LIVE_POLICY.gentleRate });
    expect(at(LIVE_POLICY.briskAbove + 0.1)).toEqual({ action: 'rate', rate: LIVE_POLICY.briskRate });
  });

  it('keeps catching up until well inside the target (hysteresis), then plays at 1x', () => {
    expect(at(LIVE_POLICY.catchUpAbove - 0.05, 1.1)).toEqual({ action: 'none' });
    expect(at(LIVE_POLICY.settleBelow - 0.01, 1.1)).toEqual({ action: 'rate', rate: 1 });
    expect(at(LIVE_POLICY.briskAbove - 0.05, LIVE_POLICY.briskRate)).toEqual({ action: 'rate', rate: LIVE_POLICY.gentleRate });
  });

  it('jumps to just behind the edge when far behind', () => {
    expect(at(3)).toEqual({ action: 'seek', to: 103 - LIVE_POLICY.target });
  });

  it('restores normal speed when the lag is unreadable', () => {
    expect(decideLatency({ bufferEnd: 5, currentTime: 6, playbackRate: 1.1 })).toEqual({ action: 'rate', rate: 1 });
  });

  it('finds the buffered range around the playhead', () => {
    const ranges: Array<[number, number]> = [[0, 2], [5, 9]];
    const buffered = { length: 2, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] };
    expect(bufferEndAround(buffered, 1)).toBe(2);
    expect(bufferEndAround(buffered, 6)).toBe(9);
    expect(bufferEndAround(buffered, 3)).toBe(9);
    expect(bufferEndAround({ length: 0, start: () => 0, end: () => 0 }, 0)).toBeNull();
  });

  it('throttles restarts: quick first, never faster than every 2 s later', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n))).toEqual([300, 600, 1200, 2000, 2000, 2000]);
  });
});
