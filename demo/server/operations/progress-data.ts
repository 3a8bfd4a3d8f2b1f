// The progress panel's items in the database (operations/progress.ts): the user's own tasks of their
// tenant ($tenant) as listed, their files, deleting finished ones; the sweep of expired files over
// every tenant (the Db platformData hands it).
import type { ProgressItem } from '../../../shared/api/progress-types.ts';
import type { Db } from '../db.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A finished task's file is kept this long, then removed; the item stays, without its download. */
export const FILE_TTL_MS = 24 * 3_600_000;

/** GET: a finished task's file, for the user who ran it (token in the header, never in the URL). */
export const FILE_PATH = '/api/admin/progress/file';

export const fileExpired = (endedAt: number | null, now: number): boolean => endedAt !== null && now - endedAt > FILE_TTL_MS;

/** A finished task's file, while it is still kept at `now` (ms): its key, hash key and ended time, else nothing. */
const FILE_OFFER = ["CASE WHEN file_path <> '' THEN task_key END", 'hash_key', 'ended_at'];
const offered = ([key, , endedAt]: Array<string | number | null>, now: number): boolean => key !== null && !fileExpired(endedAt === null ? null : Number(endedAt), now);

/** A task as the progress panel is answered it (progress), seen at a moment (ms); its message in the caller's language, else the other. */
const ITEM = shape<ProgressItem, number>({
  key: col.value('task_key'),
  hashKey: col.value('hash_key'),
  title: col.value('loc(title, title_en)'),
  startTime: col.time('started_at'),
  endTime: col.time('CASE WHEN status = 1 THEN NULL ELSE ended_at END'),
  totalSize: col.value('total_size'),
  currentSize: col.value('current_size'),
  status: col.value('status'),
  msg: col.value("CASE WHEN msg_zh = '' THEN msg_en ELSE loc(msg_zh, msg_en) END"),
  download: col.from(FILE_OFFER, (file, now: number) =>
    offered(file, now) ? `${FILE_PATH}?key=${encodeURIComponent(String(file[0]))}&hashKey=${encodeURIComponent(String(file[1]))}` : undefined,
  ),
  fileName: col.from([...FILE_OFFER, 'file_name'], (file, now: number) => (offered(file, now) ? String(file[3]) : undefined)),
});

/** The user's latest tasks (at most 500), newest first, as seen at `now`. */
export const progressItems = (data: TenantData, userId: number, now: number): ProgressItem[] =>
  ITEM.all(data.all(`SELECT ${ITEM.select} FROM progress WHERE tenant_id = $tenant AND user_id = ? ORDER BY started_at DESC, id DESC LIMIT 500`, userId), now);

/** A finished task's file of the user, by the task's keys. */
export const finishedTaskFile = (data: TenantData, userId: number, key: string, hashKey: string): { file_path: string; file_name: string; ended_at: number | null } | undefined =>
  data.get<{ file_path: string; file_name: string; ended_at: number | null }>(
    'SELECT file_path, file_name, ended_at FROM progress WHERE tenant_id = $tenant AND user_id = ? AND task_key = ? AND hash_key = ? AND status <> 1',
    userId,
    key,
    hashKey,
  );

/** Deletes every finished task of the user; answers how many. */
export const deleteFinishedTasks = (data: TenantData, userId: number): number => Number(data.run('DELETE FROM progress WHERE tenant_id = $tenant AND user_id = ? AND status <> 1', userId).changes);

/** Deletes these finished tasks of the user (by their keys), all in one transaction; answers how many. */
export const deleteTasks = (data: TenantData, userId: number, keys: ReadonlyArray<{ key: string; hashKey: string }>): number =>
  data.tx(() => keys.reduce((n, k) => n + Number(data.run('DELETE FROM progress WHERE tenant_id = $tenant AND user_id = ? AND task_key = ? AND hash_key = ? AND status <> 1', userId, k.key, k.hashKey).changes), 0));

/** Every tenant's finished tasks whose files are past their time at `now`. */
export const expiredFiles = (db: Db, now: number): Array<{ id: number; file_path: string }> =>
  db.prepare("SELECT id, file_path FROM progress WHERE file_path <> '' AND ended_at IS NOT NULL AND ended_at < ?").all<{ id: number; file_path: string }>(now - FILE_TTL_MS);

/** A task keeps its outcome without its file. */
export const forgetFile = (db: Db, id: number): void => void db.prepare("UPDATE progress SET file_path = '' WHERE id = ?").run(id);
