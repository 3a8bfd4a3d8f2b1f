// The demo recorder's index: what each camera recorded on each day. A day is scheduled recording in
// business hours (08:00–18:00, ten-minute files) with an outage gap and one damaged (abnormal) file,
// and motion-triggered clips of 30 s to 3 min at night (every fifth camera, a busy entrance, records a
// few hundred shorter ones). The pattern is drawn from a generator seeded
// by camera and day, written to the database the first time a finished day is asked for and read
// from there after; today is cut at the present moment and not stored until it is over.
import type { Db } from '../db.ts';
import { seededRandom } from '../devices/device-seed.ts';
import type { RecordSegment } from '../../../shared/media/recording.ts';
import { dayText } from '../../../shared/forms/date-text.ts';
import { dayIndexed, indexDay, indexedSegments } from './recording-data.ts';

/** How far back recordings are kept, days. */
export const KEEP_DAYS = 90;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The local midnight of a 'YYYY-MM-DD', or null when it is not a real date. */
export function dayStartOf(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : null;
}

/** The whole day's recordings of one camera, as the recorder would have written them. */
export function generateDay(cameraId: number, dayStartMs: number): RecordSegment[] {
  const dayNumber = Math.round(dayStartMs / (24 * HOUR));
  const next = seededRandom(cameraId * 100_003 + dayNumber * 7919);
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const segments: RecordSegment[] = [];

  // Every fifth camera watches a busy place (an entrance): motion all night, a few hundred clips a day.
  const busy = cameraId % 5 === 0;
  const motion = (fromMs: number, toMs: number) => {
    let at = fromMs + between(1, 6) * MINUTE;
    while (at < toMs) {
      const length = (busy ? between(20, 120) : between(30, 180)) * 1000;
      segments.push({ startMs: at, endMs: Math.min(toMs, at + length), state: 'normal', trigger: 'motion' });
      at += length + (busy ? between(40, 180) * 1000 : between(3, 12) * MINUTE);
    }
  };

  motion(dayStartMs, dayStartMs + 8 * HOUR);
  // Business hours: ten-minute files; an outage of 25–55 min somewhere between 10:00 and 15:00; one
  // damaged file later in the afternoon.
  const outageStart = dayStartMs + 10 * HOUR + between(0, 24) * 10 * MINUTE;
  const outageEnd = outageStart + between(25, 55) * MINUTE;
  const damagedAt = dayStartMs + 15 * HOUR + between(0, 17) * 10 * MINUTE;
  for (let at = dayStartMs + 8 * HOUR, n = 0; at < dayStartMs + 18 * HOUR; at += 10 * MINUTE, n++) {
    const end = at + 10 * MINUTE;
    if (end <= outageStart || at >= outageEnd) {
      segments.push({ startMs: at, endMs: end, state: at === damagedAt ? 'abnormal' : 'normal', trigger: 'schedule' });
    } else {
      if (at < outageStart) segments.push({ startMs: at, endMs: outageStart, state: 'normal', trigger: 'schedule' });
      if (end > outageEnd) segments.push({ startMs: outageEnd, endMs: end, state: 'normal', trigger: 'schedule' });
    }
  }
  motion(dayStartMs + 18 * HOUR, dayStartMs + 24 * HOUR);
  return segments.sort((a, b) => a.startMs - b.startMs);
}

/**
 * One camera's segments of a day: from the index when the day is over (written on first ask), made
 * up to `now` when it is today, none for a day after today or older than KEEP_DAYS.
 */
export function segmentsOfDay(db: Db, cameraId: number, dayStartMs: number, now = Date.now()): RecordSegment[] {
  const todayStart = new Date(new Date(now).getFullYear(), new Date(now).getMonth(), new Date(now).getDate()).getTime();
  if (dayStartMs > todayStart || dayStartMs < todayStart - KEEP_DAYS * 24 * HOUR) return [];
  if (dayStartMs === todayStart) {
    return generateDay(cameraId, dayStartMs)
      .filter((s) => s.startMs < now)
      .map((s) => ({ ...s, endMs: Math.min(s.endMs, now) }));
  }
  const day = dayText(dayStartMs);
  if (!dayIndexed(db, cameraId, day)) indexDay(db, cameraId, day, () => generateDay(cameraId, dayStartMs));
  return indexedSegments(db, cameraId, day);
}

/** The segments overlapping [fromMs, toMs), over as many days as the window touches. */
export function segmentsBetween(db: Db, cameraId: number, fromMs: number, toMs: number, now = Date.now()): RecordSegment[] {
  const out: RecordSegment[] = [];
  const first = new Date(fromMs);
  for (let day = new Date(first.getFullYear(), first.getMonth(), first.getDate()); day.getTime() < toMs; day.setDate(day.getDate() + 1)) {
    for (const s of segmentsOfDay(db, cameraId, day.getTime(), now)) if (s.endMs > fromMs && s.startMs < toMs) out.push(s);
  }
  return out;
}
