// The instants a [from, to] pair of picked days stands for, under the 3-month window that alarm
// search, history search and the platform share (shared/validate/dates.ts).
import dayjs from 'dayjs';
import { earliestAlarmQueryDate, toDate } from '../../shared/validate/index.ts';

const DAY = 'YYYY-MM-DD';

/**
 * The instants a [from, to] pair of days stands for: from the start of the first day to the end of
 * the last; empty ends mean the whole window up to now. On the window's first day the start is the
 * window's first instant, rounded up to a whole minute and one more: the window moves on while the
 * request travels, and the platform checks the same rule with its own, slightly later clock.
 */
export function periodOf(from: string, to: string, now: Date): { start: Date; end: Date } {
  const earliest = earliestAlarmQueryDate(now);
  const safeEarliest = dayjs(earliest).add(1, 'minute').endOf('minute').add(1, 'ms').toDate();
  let start = from ? (toDate(`${from} 00:00:00`) ?? new Date(NaN)) : safeEarliest;
  if (from && from === dayjs(earliest).format(DAY) && start < safeEarliest) start = safeEarliest;
  const end = to ? (toDate(`${to} 23:59:59`) ?? new Date(NaN)) : now;
  return { start, end };
}

