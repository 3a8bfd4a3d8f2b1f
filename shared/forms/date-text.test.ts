import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateTimeText, dateTimeTextIn, dayOf, dayText, daysInMonth, isDateText, monthText, timeOf, timeText, todayText } from './date-text.ts';

describe('date texts (SPEC §9)', () => {
  it('accepts real days and times in the format only', () => {
    expect(isDateText('2024-02-29', 'date')).toBe(true);
    expect(isDateText('2023-02-29', 'date')).toBe(false);
    expect(isDateText('2024-13-01', 'date')).toBe(false);
    expect(isDateText('2024-04-31', 'date')).toBe(false);
    expect(isDateText('2024-4-01', 'date')).toBe(false);
    expect(isDateText('01/04/2024', 'date')).toBe(false);
    expect(isDateText('2024-01-01 23:59:59', 'datetime')).toBe(true);
    expect(isDateText('2024-01-01 24:00:00', 'datetime')).toBe(false);
    expect(isDateText('2024-01-01T01:00:00', 'datetime')).toBe(false);
    expect(isDateText('2024-01-01 01:00', 'datetime')).toBe(false);
    expect(isDateText('2024-01-01', 'datetime')).toBe(false);
  });

  it('splits day and time, with a fallback time', () => {
    expect(dayOf('2024-01-02 03:04:05')).toBe('2024-01-02');
    expect(dayOf('tomorrow')).toBe('');
    expect(timeOf('2024-01-02 03:04:05', '00:00:00')).toBe('03:04:05');
    expect(timeOf('2024-01-02', '23:59:59')).toBe('23:59:59');
    expect(todayText(new Date(2026, 0, 5, 23, 0))).toBe('2026-01-05');
  });

  it('writes a moment in local time, from a date or epoch ms, padded', () => {
    const at = new Date(2026, 2, 4, 5, 6, 7);
    expect([dayText(at), timeText(at), dateTimeText(at)]).toEqual(['2026-03-04', '05:06:07', '2026-03-04 05:06:07']);
    expect(dateTimeText(at.getTime())).toBe('2026-03-04 05:06:07');
    expect(dateTimeText(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('steps days and months as a calendar does, a missing day becoming the month\'s last', () => {
    expect(dayText(addDays(new Date(2026, 1, 28, 12), 1))).toBe('2026-03-01');
    expect(dayText(addDays(new Date(2026, 0, 1, 12), -1))).toBe('2025-12-31');
    expect(dayText(addMonths(new Date(2026, 2, 31, 12), -1))).toBe('2026-02-28');
    expect(dayText(addMonths(new Date(2024, 2, 31, 12), -1))).toBe('2024-02-29');
    expect(dayText(addMonths(new Date(2026, 10, 26, 9), 12))).toBe('2027-11-26');
    expect(timeText(addMonths(new Date(2026, 10, 26, 9, 17, 1), 1))).toBe('09:17:01');
    expect(monthText(addMonths(new Date(2026, 0, 31), -1))).toBe('2025-12');
    expect([daysInMonth(2024, 1), daysInMonth(2026, 1), daysInMonth(2026, 11)]).toEqual([29, 28, 31]);
  });

  it('writes a moment in a named time zone in the same format', () => {
    const at = Date.UTC(2026, 10, 26, 1, 17, 1);
    expect(dateTimeTextIn(at, 'Asia/Shanghai')).toBe('2026-11-26 09:17:01');
    expect(dateTimeTextIn(at, 'UTC')).toBe('2026-11-26 01:17:01');
    expect(dateTimeTextIn(Date.UTC(2026, 10, 25, 23, 0, 0), 'Asia/Shanghai')).toBe('2026-11-26 07:00:00');
  });
});
