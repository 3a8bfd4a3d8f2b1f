import { describe, expect, it } from 'vitest';
import { scrollToReveal, visibleRange } from './virtual-range.ts';

describe('visibleRange', () => {
  it('renders the rows in view plus a margin, never more than exist', () => {
    // 36 px rows, 36 px header, 396 px viewport: 10 body rows visible.
    expect(visibleRange(0, 396, 20000, 36, 36, 8)).toEqual({ start: 0, end: 18 });
    expect(visibleRange(36 * 1000, 396, 20000, 36, 36, 8)).toEqual({ start: 992, end: 1018 });
    expect(visibleRange(36 * 19995, 396, 20000, 36, 36, 8)).toEqual({ start: 19987, end: 20000 });
    expect(visibleRange(0, 396, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(36 * 50, 396, 5, 36, 36, 8)).toEqual({ start: 5, end: 5 });
  });

  it('keeps the rendered row count small for any list size', () => {
    for (const count of [10, 1000, 20000, 1_000_000]) {
      const { start, end } = visibleRange(36 * 500, 1080, count);
      expect(end - start).toBeLessThanOrEqual(Math.min(count, Math.ceil(1080 / 36) + 16));
    }
  });
});

describe('scrollToReveal', () => {
  it('scrolls just enough to show a row above or below the view', () => {
    expect(scrollToReveal(5, 36 * 10, 396, 36, 36)).toBe(36 * 5);
    expect(scrollToReveal(25, 0, 396, 36, 36)).toBe(36 * 26 - 360);
    expect(scrollToReveal(3, 0, 396, 36, 36)).toBeNull();
  });
});
