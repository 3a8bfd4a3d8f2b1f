import { describe, expect, it } from 'vitest';
import type { AlarmTotal } from '../api/alarm-types.ts';
import { applyAlarmTotal, type AlarmBellState } from './alarm-total.ts';

const total = (count: number, latestId: number): AlarmTotal => ({
  total: count,
  latestId,
  latest: latestId ? { id: latestId, level: 'critical', content: 'Smoke', deviceName: 'Detector 1', time: '2025-01-01 10:00:00' } : null,
});

describe('alarm arrivals', () => {
  const fresh = (): AlarmBellState => ({ total: null, latestId: null, arrivals: 0, latest: null });

  it('does not pulse for the alarms that were there before the first answer', () => {
    const state = fresh();
    applyAlarmTotal(state, total(30, 900));
    expect(state.arrivals).toBe(0);
    expect(state.total).toBe(30);
  });

  it('pulses when a newer alarm arrives, even if the count stays the same', () => {
    const state = fresh();
    applyAlarmTotal(state, total(30, 900));
    applyAlarmTotal(state, total(30, 901)); // one handled, one new
    expect(state.arrivals).toBe(1);
    applyAlarmTotal(state, total(29, 901));
    expect(state.arrivals).toBe(1);
  });

  it('pulses for the first alarm of an empty tenant, and forgets everything on sign-out', () => {
    const state = fresh();
    applyAlarmTotal(state, total(0, 0));
    applyAlarmTotal(state, total(1, 1));
    expect(state.arrivals).toBe(1);
    applyAlarmTotal(state, null);
    expect(state.total).toBe(null);
    applyAlarmTotal(state, total(5, 7));
    expect(state.arrivals).toBe(1);
  });
});
