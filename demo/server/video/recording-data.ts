// The recording index's SQL (issue 39): which days of a camera are written (record_day) and their
// segments (record_segment). These rows are a camera's, with no tenant of their own: the callers find
// the camera in the caller's tenant first and pass the platform's database (platformData, named in
// video-play.ts). recordings.ts makes the days up and decides which are stored.
import type { RecordSegment } from '../../../shared/media/recording.ts';
import { tx, type Db } from '../db.ts';
import { col, shape } from '../shape.ts';

const SEGMENT = shape<RecordSegment>({ startMs: col.value('start_ms'), endMs: col.value('end_ms'), state: col.value('state'), trigger: col.value('trigger') });

/** Whether a camera's day is in the index. */
export const dayIndexed = (db: Db, cameraId: number, day: string): boolean => Boolean(db.prepare('SELECT 1 FROM record_day WHERE camera_id = ? AND day = ?').get(cameraId, day));

/** Writes a camera's day once, in one transaction (`make` runs only when the day was not yet written). */
export function indexDay(db: Db, cameraId: number, day: string, make: () => readonly RecordSegment[]): void {
  const insert = db.prepare('INSERT INTO record_segment (camera_id, day, start_ms, end_ms, state, trigger) VALUES (?, ?, ?, ?, ?, ?)');
  tx(db, () => {
    if (db.prepare('INSERT OR IGNORE INTO record_day (camera_id, day) VALUES (?, ?)').run(cameraId, day).changes === 0) return;
    for (const s of make()) insert.run(cameraId, day, s.startMs, s.endMs, s.state, s.trigger);
  });
}

/** A camera's indexed segments of a day, in order. */
export const indexedSegments = (db: Db, cameraId: number, day: string): RecordSegment[] =>
  SEGMENT.all(db.prepare(`SELECT ${SEGMENT.select} FROM record_segment WHERE camera_id = ? AND day = ? ORDER BY start_ms`).all(cameraId, day));
