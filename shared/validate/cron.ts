// Cron rules of the job form (SPEC §2 jobMng), shared by the console and the demo server: a cron
// expression (minute hour day month weekday, optionally seconds first) parsed by croner, refused when
// it never fires or fires more often than once a minute; its next runs in a time zone, for the form's
// preview. Not re-exported from index.ts (only the job page and the platform load croner).
import { Cron } from 'croner';
import { KEYS } from './keys.ts';
import { asText, fail, isEmpty, type Result, type Rule } from './message.ts';

/** The shortest gap between two runs a job may have. */
export const MIN_GAP_MS = 60_000;

/** Whether `zone` is a time zone this runtime knows (IANA name). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function schedule(pattern: string, timezone: string): Cron | null {
  try {
    return new Cron(pattern.trim(), { timezone, paused: true });
  } catch {
    return null;
  }
}

/** The next `count` runs after `from` (empty when the pattern is not valid or never fires). */
export function nextRuns(pattern: string, timezone: string, count: number, from: Date = new Date()): Date[] {
  return schedule(pattern, timezone)?.nextRuns(count, from) ?? [];
}

/** What is wrong with a cron pattern in a time zone, or null. */
export function cronProblem(pattern: string, timezone: string, now: Date = new Date()): Result {
  if (!knownTimeZone(timezone)) return fail(KEYS.timeZone);
  // A date-time is a one-off, not a schedule.
  if (!/^[\d*/,\-?LW#A-Za-z ]+$/.test(pattern.trim()) || pattern.trim().split(/\s+/).length < 5) return fail(KEYS.cronInvalid);
  const cron = schedule(pattern, timezone);
  if (!cron) return fail(KEYS.cronInvalid);
  const runs = cron.nextRuns(3, now);
  if (runs.length === 0) return fail(KEYS.cronNever);
  for (let i = 1; i < runs.length; i++) {
    const gap = runs[i]!.getTime() - runs[i - 1]!.getTime();
    if (gap < MIN_GAP_MS) return fail(KEYS.cronTooOften, { seconds: Math.max(1, Math.round(gap / 1000)) });
  }
  return null;
}

/** The form rule: the time zone comes from the field named `zoneField`. */
export const cronPattern = (zoneField: string): Rule => (value, values) => {
  if (isEmpty(value)) return null;
  const zone = asText(values[zoneField])?.trim() || 'UTC';
  return cronProblem(asText(value) ?? '', zone);
};

export const timeZoneRule = (): Rule => (value) => (isEmpty(value) || knownTimeZone(asText(value)?.trim() ?? '') ? null : fail(KEYS.timeZone));
