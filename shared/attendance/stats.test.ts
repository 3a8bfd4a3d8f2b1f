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
  it('a day in progress marks nobody absent before its rule can: not yet clocked in, and no early leave before the end', () => {
    // 09:00 on the day itself, nobody has clocked in: not absent (issue 38).
    expect(dayResult(rule, true, [], toMinute('09:00')).status).toBe('pending');
    // Until the start, the flexible minutes and the late threshold have passed (09:00 + 10 + 60).
    expect(dayResult(rule, true, [], toMinute('10:10')).status).toBe('pending');
    expect(dayResult(rule, true, [], toMinute('10:11')).status).toBe('absent');
    // A day to come.
    expect(dayResult(rule, true, [], -1).status).toBe('pending');
    // Clocked in on time at 09:05, it is 12:00: normal so far, not "left early".
    expect(dayResult(rule, true, [at('09:05')], toMinute('12:00'))).toMatchObject({ status: 'normal', earlyMinutes: 0 });
    expect(dayResult(rule, true, [at('09:30')], toMinute('12:00'))).toMatchObject({ status: 'late', lateMinutes: 20 });
    // Once the end of work has come, the only clock ends the day as before.
    expect(dayResult(rule, true, [at('09:05')], toMinute('18:30'))).toMatchObject({ status: 'absent', earlyMinutes: 535 });
    // A rest day stays a rest day.
    expect(dayResult(rule, false, [], toMinute('09:00')).status).toBe('rest');
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
