import { describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '../api/resource.ts';
import { PROGRESS_BADGE_CAP, formatCount } from './format.ts';

describe('formatCount', () => {
  it('shows the bell count up to 20000 and 20000+ beyond', () => {
    expect(formatCount(0, TOTAL_CAP)).toBe('0');
    expect(formatCount(12, TOTAL_CAP)).toBe('12');
    expect(formatCount(20000, TOTAL_CAP)).toBe('20000');
    expect(formatCount(20001, TOTAL_CAP)).toBe('20000+');
    expect(formatCount(25000, TOTAL_CAP)).toBe('20000+');
  });

  it('shows the badge up to 99 and 99+ beyond', () => {
    expect(formatCount(99, PROGRESS_BADGE_CAP)).toBe('99');
    expect(formatCount(100, PROGRESS_BADGE_CAP)).toBe('99+');
  });

  it('never shows nonsense for bad input', () => {
    expect(formatCount(-3, 99)).toBe('0');
    expect(formatCount(Number.NaN, 99)).toBe('0');
    expect(formatCount(2.7, 99)).toBe('2');
  });
});
