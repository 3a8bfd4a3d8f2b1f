import { describe, expect, it } from 'vitest';
import { dateTimeText, dayOf, dayText, isDateText, timeOf, timeText, todayText } from './date-text.ts';

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
});
