import { describe, expect, it } from 'vitest';
import { alarmQueryWindow, earliestAlarmQueryDate, isAfterToday, monthsBefore, replayDate, toDate } from './dates.ts';
import { keyOf } from './test-helpers.ts';

const now = new Date(2024, 4, 31, 10, 0, 0); // 2024-05-31 10:00 local

describe('toDate', () => {
  it('reads the product format as local time and refuses impossible dates', () => {
    expect(toDate('2024-05-31 10:00:00')?.getTime()).toBe(now.getTime());
    expect(toDate('2024-02-30 00:00:00')).toBeNull();
    expect(toDate('not a date')).toBeNull();
    expect(toDate(now.getTime())?.getTime()).toBe(now.getTime());
  });
});

describe('3-month alarm window', () => {
  it('clamps to the end of shorter months', () => {
    expect(monthsBefore(now, 3)).toEqual(new Date(2024, 1, 29, 10, 0, 0));
    expect(earliestAlarmQueryDate(new Date(2024, 1, 15))).toEqual(new Date(2023, 10, 15));
  });
  it('accepts ranges within the past 3 months', () => {
    expect(keyOf(alarmQueryWindow('2024-02-29 10:00:00', '2024-05-31 10:00:00', now))).toBeNull();
    expect(keyOf(alarmQueryWindow('2024-05-01 00:00:00', '2024-05-01 00:00:00', now))).toBeNull();
  });
  it('refuses older starts, reversed ranges and garbage', () => {
    expect(alarmQueryWindow('2024-02-29 09:59:59', '2024-05-01 00:00:00', now)).toEqual({ key: 'validate.alarm.window', params: { months: 3 } });
    expect(keyOf(alarmQueryWindow('2024-05-02 00:00:00', '2024-05-01 00:00:00', now))).toBe('validate.date.order');
    expect(keyOf(alarmQueryWindow('yesterday', '2024-05-01 00:00:00', now))).toBe('validate.date.invalid');
    expect(keyOf(alarmQueryWindow('2024-05-31 10:00:01', '2024-06-30 00:00:00', now))).toBe('validate.alarm.future');
  });
  // The boundaries the platform's own tests repeat with the same clock (demo/server/alarm.test.ts).
  it.each([
    ['May 31 (leap year)', new Date(2024, 4, 31, 10), '2024-02-29 10:00:00', '2024-02-29 09:59:59'],
    ['May 31', new Date(2023, 4, 31, 10), '2023-02-28 10:00:00', '2023-02-28 09:59:59'],
    ['Feb 29', new Date(2024, 1, 29, 0, 0, 30), '2023-11-29 00:00:30', '2023-11-29 00:00:29'],
    ['Feb 28', new Date(2023, 1, 28, 23, 59, 59), '2022-11-28 23:59:59', '2022-11-28 23:59:58'],
    ['Dec 31', new Date(2024, 11, 31, 12), '2024-09-30 12:00:00', '2024-09-30 11:59:59'],
    ['Mar 31', new Date(2024, 2, 31, 8), '2023-12-31 08:00:00', '2023-12-31 07:59:59'],
  ])('on %s the earliest start is exactly three calendar months back', (_day, clock, earliest, tooEarly) => {
    expect(keyOf(alarmQueryWindow(earliest, clock, clock))).toBeNull();
    expect(keyOf(alarmQueryWindow(tooEarly, clock, clock))).toBe('validate.alarm.window');
  });
});

describe('replay date', () => {
  it('allows any time today and before', () => {
    expect(keyOf(replayDate('2024-05-31 23:59:59', now))).toBeNull();
    expect(keyOf(replayDate('2020-01-01 00:00:00', now))).toBeNull();
    expect(isAfterToday('2024-05-31 23:59:59', now)).toBe(false);
  });
  it('blocks dates after today', () => {
    expect(keyOf(replayDate('2024-06-01 00:00:00', now))).toBe('validate.replay.future');
    expect(isAfterToday(new Date(2025, 0, 1), now)).toBe(true);
    expect(keyOf(replayDate('2024-13-01', now))).toBe('validate.date.invalid');
  });
});
