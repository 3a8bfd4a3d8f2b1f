// The instants a [from, to] pair of picked days stands for, under the 3-month window that alarm
// search, history search and the platform share (shared/validate/dates.ts).
import { dayText } from '../../shared/forms/date-text.ts';
import { earliestAlarmQueryDate, toDate } from '../../shared/validate/index.ts';

/**
 * The instants a [from, to] pair of days stands for: from the start of the first day to the end of
 * the last; empty ends mean the whole window up to now. On the window's first day the start is the
 * window's first instant, rounded up to a whole minute and one more: the window moves on while the
 * request travels, and the platform checks the same rule with its own, slightly later clock.
 */
export function periodOf(from: string, to: string, now: Date): { start: Date; end: Date } {
  const earliest = earliestAlarmQueryDate(now);
  // The start of the minute after the next: a whole minute and one more.
  const safeEarliest = new Date(earliest);
  safeEarliest.setSeconds(0, 0);
  safeEarliest.setMinutes(safeEarliest.getMinutes() + 2);
  let start = from ? (toDate(`${from} 00:00:00`) ?? new Date(NaN)) : safeEarliest;
  if (from && from === dayText(earliest) && start < safeEarliest) start = safeEarliest;
  const end = to ? (toDate(`${to} 23:59:59`) ?? new Date(NaN)) : now;
  return { start, end };
}

