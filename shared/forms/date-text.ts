// Dates and times as the product writes them (SPEC §9): YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss. The
// checks here decide whether a typed text is one; the date range field and its callers share them.

export type DatePrecision = 'date' | 'datetime';

export const DATE_FORMAT: Record<DatePrecision, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' };

const PATTERN: Record<DatePrecision, RegExp> = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
};

/** True when `text` is a real calendar day (and time) written in the precision's format. */
export function isDateText(text: string, precision: DatePrecision): boolean {
  const m = PATTERN[precision].exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (precision === 'datetime' && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  return true;
}

/** The day part of a date or date-time text (the first ten characters), or '' when there is none. */
export const dayOf = (text: string): string => (/^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : '');

/** The time part of a date-time text, or `fallback`. */
export const timeOf = (text: string, fallback: string): string => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? text.slice(11) : fallback);

const two = (n: number): string => String(n).padStart(2, '0');
const dateOf = (at: Date | number): Date => (typeof at === 'number' ? new Date(at) : at);

/** A moment's local day as YYYY-MM-DD (a Date, or epoch ms). */
export function dayText(at: Date | number): string {
  const d = dateOf(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A moment's local time of day as HH:mm:ss. */
export function timeText(at: Date | number): string {
  const d = dateOf(at);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A moment in local time as YYYY-MM-DD HH:mm:ss (SPEC §9). */
export const dateTimeText = (at: Date | number): string => `${dayText(at)} ${timeText(at)}`;

/** Today in local time as YYYY-MM-DD. */
export const todayText = (now: Date = new Date()): string => dayText(now);

/** A moment's local month as YYYY-MM. */
export function monthText(at: Date | number): string {
  const d = dateOf(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}`;
}

/** The same local time `days` days later (earlier when negative). */
export function addDays(at: Date | number, days: number): Date {
  const d = new Date(dateOf(at));
  d.setDate(d.getDate() + days);
  return d;
}

/**
 * The same local day and time `months` months later (earlier when negative); a day the target month
 * lacks becomes its last day (31 March less one month is 28 or 29 February, never 2 or 3 March).
 */
export function addMonths(at: Date | number, months: number): Date {
  const from = dateOf(at);
  const d = new Date(from);
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(from.getDate(), last));
  return d;
}

/** The number of days in the month of local `year` and `month` (0–11). */
export const daysInMonth = (year: number, month: number): number => new Date(year, month + 1, 0).getDate();

/** The browser's IANA time zone (e.g. Asia/Shanghai), UTC when it names none. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A moment as YYYY-MM-DD HH:mm:ss in the IANA time zone `zone` (a job's schedule is shown in its own zone). */
export function dateTimeTextIn(at: Date | number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(dateOf(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
