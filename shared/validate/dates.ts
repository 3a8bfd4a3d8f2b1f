// Date rules of SPEC §5: the 3-month alarm query window and the replay picker's "not after today".
// Every function takes `now` so that results never depend on the clock of the test or the server.
import { KEYS } from './keys.ts';
import { fail, type Result } from './message.ts';

export type DateInput = Date | string | number;

export const ALARM_WINDOW_MONTHS = 3;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a value stands for, or null. 'YYYY-MM-DD HH:mm:ss' (the product's time format) is local
 * time, read here by hand because engines disagree on parsing it; other strings go to Date.parse.
 */
export function toDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const m = LOCAL.exec(value.trim());
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const date = new Date(y, mo - 1, d, h, mi, s);
    // Rejects 2024-02-30 and 25:00, which Date would silently roll over.
    const same = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h && date.getMinutes() === mi;
    return same ? date : null;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(year, monthIndex + 1, 0).getDate();
}

/** The same wall-clock time `months` calendar months earlier, clamped to the month's last day (May 31 → Feb 28/29). */
export function monthsBefore(date: Date, months: number): Date {
  const total = date.getFullYear() * 12 + date.getMonth() - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getDate(), daysInMonth(year, month));
  return new Date(year, month, day, date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
}

/** The earliest instant an alarm query or history search may start from. */
export function earliestAlarmQueryDate(now: Date): Date {
  return monthsBefore(now, ALARM_WINDOW_MONTHS);
}

/**
 * Alarm query and history, the one rule client and platform share: a valid range, start not after
 * end, start not in the future, and nothing older than 3 calendar months before now (clamped to the
 * month's end: on May 31 the earliest start is Feb 28/29 at the same time of day).
 */
export function alarmQueryWindow(from: DateInput, to: DateInput, now: Date): Result {
  const start = toDate(from);
  const end = toDate(to);
  if (start === null || end === null) return fail(KEYS.dateInvalid);
  if (start.getTime() > end.getTime()) return fail(KEYS.dateOrder);
  if (start.getTime() > now.getTime()) return fail(KEYS.alarmFuture);
  if (start.getTime() < earliestAlarmQueryDate(now).getTime()) return fail(KEYS.alarmWindow, { months: ALARM_WINDOW_MONTHS });
  return null;
}

function dayNumber(date: Date): number {
  return date.getFullYear() * 10000 + date.getMonth() * 100 + date.getDate();
}

/** For a date picker's disabled-date hook: true for any day after today (local calendar days). */
export function isAfterToday(value: DateInput, now: Date): boolean {
  const date = toDate(value);
  return date !== null && dayNumber(date) > dayNumber(now);
}

/** Replay may pick any time up to the end of today. */
export function replayDate(value: DateInput, now: Date): Result {
  if (toDate(value) === null) return fail(KEYS.dateInvalid);
  return isAfterToday(value, now) ? fail(KEYS.replayFuture) : null;
}
