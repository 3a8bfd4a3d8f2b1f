// The attendance arithmetic: on time, late within and beyond the threshold, early leave, no clock,
// rest days, holidays and make-up days, and the fill-in window.
import { describe, expect, it } from 'vitest';
import { dayResult, fillInAllowed, isDueDay, toMinute } from './stats.ts';

const rule = { workStart: '09:00', workEnd: '18:00', flexMinutes: 10, lateThreshold: 60, earlyThreshold: 60, fillInMinutes: 30, weekdays: [1, 2, 3, 4, 5], skipHolidays: true };
const at = (hhmm: string, fillIn = false) => ({ minute: toMinute(hhmm), fillIn });

describe('attendance day', () => {
  it('on time within the flexible minutes', () => {
    expect(dayResult(rule, true, [at('09:08'), at('18:02')])).toMatchObject({ status: 'normal', lateMinutes: 0, earlyMinutes: 0, workHours: 8.9 });
  });
  it('late counts from the end of the flexible minutes; beyond the threshold the day is absent', () => {
    expect(dayResult(rule, true, [at('09:25'), at('18:00')])).toMatchObject({ status: 'late', lateMinutes: 15 });
    expect(dayResult(rule, true, [at('10:11'), at('18:00')])).toMatchObject({ status: 'absent', lateMinutes: 61 });
  });
  it('early leave, both, and a single clock', () => {
    expect(dayResult(rule, true, [at('09:00'), at('17:30')])).toMatchObject({ status: 'early', earlyMinutes: 30 });
    expect(dayResult(rule, true, [at('09:20'), at('17:30')])).toMatchObject({ status: 'lateEarly', lateMinutes: 10, earlyMinutes: 30 });
    expect(dayResult(rule, true, [at('09:00')])).toMatchObject({ status: 'absent', lastOut: null, earlyMinutes: 540 });
  });
  it('no clock on a due day is absent; any day not due is rest', () => {
    expect(dayResult(rule, true, []).status).toBe('absent');
    expect(dayResult(rule, false, [at('10:00'), at('12:00')])).toMatchObject({ status: 'rest', workHours: 2 });
  });
  it('counts fill-ins', () => {
    expect(dayResult(rule, true, [at('09:00', true), at('18:00')])).toMatchObject({ status: 'normal', fillIns: 1 });
  });
  it('due days: weekdays, holidays skipped, make-up work days counted', () => {
    expect(isDueDay(rule, 3, null)).toBe(true);
    expect(isDueDay(rule, 6, null)).toBe(false);
    expect(isDueDay(rule, 3, 'holiday')).toBe(false);
    expect(isDueDay({ ...rule, skipHolidays: false }, 3, 'holiday')).toBe(true);
    expect(isDueDay(rule, 6, 'workday')).toBe(true);
  });
  it('a fill-in lies within its window of the start or the end of work', () => {
    expect(fillInAllowed(rule, toMinute('09:30'))).toBe(true);
    expect(fillInAllowed(rule, toMinute('09:31'))).toBe(false);
    expect(fillInAllowed(rule, toMinute('17:45'))).toBe(true);
    expect(fillInAllowed(rule, toMinute('13:00'))).toBe(false);
  });
});
