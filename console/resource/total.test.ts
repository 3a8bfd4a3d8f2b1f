import { describe, expect, it } from 'vitest';
import { hasNextPage, pageCount, totalText } from './total.ts';

describe('SPEC §9 list totals', () => {
  it('counts up to 20000 and shows 20000+ beyond', () => {
    expect(totalText(0)).toEqual({ key: 'resource.total', count: 0 });
    expect(totalText(20000)).toEqual({ key: 'resource.total', count: 20000 });
    expect(totalText(20001)).toEqual({ key: 'resource.totalMore' });
  });
  it('names the markers -1 and -2', () => {
    expect(totalText(-1)).toEqual({ key: 'resource.totalUnknown' });
    expect(totalText(-2)).toEqual({ key: 'resource.totalOther' });
  });
  it('pages from the total, or by full pages without one', () => {
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(-1, 10)).toBe(null);
    expect(hasNextPage(25, 2, 10, 10)).toBe(true);
    expect(hasNextPage(25, 3, 10, 5)).toBe(false);
    expect(hasNextPage(-1, 7, 10, 10)).toBe(true);
    expect(hasNextPage(-1, 7, 10, 3)).toBe(false);
  });
});
