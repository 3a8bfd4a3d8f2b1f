// Paging of GET lists, read one way: absent values take the defaults, anything else must be a whole
// number in range, and the refusal names the field and its range in the caller's language.
import { describe, expect, it } from 'vitest';
import { queryPage } from './resource.ts';

describe('query paging', () => {
  it('takes defaults, reads whole numbers and refuses the rest with the range', () => {
    expect(queryPage({}, 'en')).toEqual({ page: 1, limit: 20 });
    expect(queryPage({ page: '3', limit: '50' }, 'en')).toEqual({ page: 3, limit: 50 });
    expect(queryPage({ page: '0' }, 'en')).toBe('page must be a whole number from 1 to 1000000');
    expect(queryPage({ limit: '2.5' }, 'en')).toBe('limit must be a whole number from 1 to 1000');
    expect(queryPage({ limit: '201' }, 'zh', 200)).toBe('limit 必须是 1 到 200 之间的整数');
    expect(queryPage({ page: 'abc' }, 'en')).toBe('page must be a whole number from 1 to 1000000');
  });
});
