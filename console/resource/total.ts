// SPEC §9 list totals: more than 20000 shows as "20000+", -1 means the platform gave no total, -2 another
// reason; paging then goes on while pages come back full. The cap and markers: shared/api/resource.ts.
import { TOTAL_CAP, TOTAL_NONE } from '../../shared/api/resource.ts';

export type TotalText = { key: 'resource.total'; count: number } | { key: 'resource.totalMore' | 'resource.totalUnknown' | 'resource.totalOther' };

export function totalText(total: number): TotalText {
  if (total === TOTAL_NONE) return { key: 'resource.totalUnknown' };
  if (total < 0) return { key: 'resource.totalOther' };
  if (total > TOTAL_CAP) return { key: 'resource.totalMore' };
  return { key: 'resource.total', count: total };
}

/** Pages known from the total, or null when the total is a marker. */
export function pageCount(total: number, limit: number): number | null {
  if (total < 0) return null;
  return Math.max(1, Math.ceil(Math.min(total, Number.MAX_SAFE_INTEGER) / limit));
}

/** Whether a next page may exist: from the total, or (without one) because this page came back full. */
export function hasNextPage(total: number, page: number, limit: number, rowsOnPage: number): boolean {
  const pages = pageCount(total, limit);
  return pages === null ? rowsOnPage >= limit : page < pages;
}
