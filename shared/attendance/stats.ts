// The attendance arithmetic, pure: one person's day from their clocks and the rule, and a month as the
// sum of its days. Times are minutes after local midnight; the platform hands in the clocks of one
// local day.
import type { AttendanceRule, DayStatus } from '../api/attendance-types.ts';

export interface Clock {
  /** Minutes after local midnight. */
  minute: number;
  fillIn: boolean;
}

export interface DayResult {
  status: DayStatus;
  firstIn: number | null;
  lastOut: number | null;
  lateMinutes: number;
  earlyMinutes: number;
  fillIns: number;
  workHours: number;
}

export const toMinute = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
export const minuteText = (minute: number | null): string => (minute === null ? '' : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);

/** Whether a day counts: its weekday is one of the rule's, or it is a make-up work day; not a holiday the rule skips. */
export function isDueDay(rule: Pick<AttendanceRule, 'weekdays' | 'skipHolidays'>, isoWeekday: number, calendar: 'holiday' | 'workday' | null): boolean {
  if (calendar === 'workday') return true;
  if (calendar === 'holiday' && rule.skipHolidays) return false;
  return rule.weekdays.includes(isoWeekday);
}

/**
 * One person's day. `now` is the minute of the day when the day is still in progress (negative for a
 * day to come), null for a day that is over: until the rule decides, a day in progress judges nobody —
 * no clock yet is "not yet clocked in" (pending) until the start plus the flexible minutes plus the late
 * threshold has passed, and nobody has left early before the end of work.
 */
export function dayResult(rule: Pick<AttendanceRule, 'workStart' | 'workEnd' | 'flexMinutes' | 'lateThreshold' | 'earlyThreshold'>, due: boolean, clocks: readonly Clock[], now: number | null = null): DayResult {
  const fillIns = clocks.filter((c) => c.fillIn).length;
  const sorted = [...clocks].sort((a, b) => a.minute - b.minute);
  const firstIn = sorted[0]?.minute ?? null;
  const lastOut = sorted.length > 1 ? sorted[sorted.length - 1]!.minute : null;
  const workHours = firstIn !== null && lastOut !== null ? Math.round(((lastOut - firstIn) / 60) * 10) / 10 : 0;
  if (!due) return { status: 'rest', firstIn, lastOut, lateMinutes: 0, earlyMinutes: 0, fillIns, workHours };
  const start = toMinute(rule.workStart);
  const end = toMinute(rule.workEnd);
  if (firstIn === null) {
    const undecided = now !== null && now <= start + rule.flexMinutes + rule.lateThreshold;
    return { status: undecided ? 'pending' : 'absent', firstIn, lastOut, lateMinutes: 0, earlyMinutes: 0, fillIns, workHours };
  }
  const lateMinutes = Math.max(0, firstIn - (start + rule.flexMinutes));
  // No clock-out: the day ends at the only clock (once the end of work has come).
  const earlyMinutes = now !== null && now < end ? 0 : Math.max(0, end - (lastOut ?? firstIn));
  if (lateMinutes > rule.lateThreshold || earlyMinutes > rule.earlyThreshold) return { status: 'absent', firstIn, lastOut, lateMinutes, earlyMinutes, fillIns, workHours };
  const status: DayStatus = lateMinutes > 0 && earlyMinutes > 0 ? 'lateEarly' : lateMinutes > 0 ? 'late' : earlyMinutes > 0 ? 'early' : 'normal';
  return { status, firstIn, lastOut, lateMinutes, earlyMinutes, fillIns, workHours };
}

/** Whether a fill-in time lies within the rule's fill-in window of the start or the end of work. */
export function fillInAllowed(rule: Pick<AttendanceRule, 'workStart' | 'workEnd' | 'fillInMinutes'>, minute: number): boolean {
  const near = (at: number) => Math.abs(minute - at) <= rule.fillInMinutes;
  return near(toMinute(rule.workStart)) || near(toMinute(rule.workEnd));
}
