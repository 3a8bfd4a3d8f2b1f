import { describe, expect, it } from 'vitest';
import { dayOf, isDateText, timeOf, todayText } from './date-text.ts';

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
});
