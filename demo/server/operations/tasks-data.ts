// The task runner's progress rows (operations/tasks.ts): a task's row while it runs and how it ended.
// A task is one tenant's and one user's ($tenant); the runner's own writes go by the row id it holds,
// and the start and stop of the platform reach every tenant's running tasks (the Db it is handed).
import type { Db } from '../db.ts';
import type { TenantData } from '../tenant-data.ts';

/** A text in both languages, as stored. */
type Pair = readonly [string, string];

/** The runner's writes by row id, prepared once per database. */
export interface ProgressWrites {
  /** A running task's progress. */
  update(id: number, current: number, total: number, msg: Pair): void;
  /** How a task ended, with its file. */
  finish(id: number, status: number, at: number, current: number, total: number, msg: Pair, file: { path: string; name: string } | null): void;
  /** A task stopped (cancelled, or with the server): its status, time and why. */
  halt(id: number, status: number, at: number, msg: Pair): void;
}

export function progressWrites(db: Db): ProgressWrites {
  const update = db.prepare('UPDATE progress SET current_size = ?, total_size = ?, msg_zh = ?, msg_en = ? WHERE id = ? AND status = 1');
  const finish = db.prepare('UPDATE progress SET status = ?, ended_at = ?, current_size = ?, total_size = ?, msg_zh = ?, msg_en = ?, file_path = ?, file_name = ? WHERE id = ?');
  // Every task of the database, whichever tenant's (stopping on close): by the id the runner holds.
  const halt = db.prepare('UPDATE progress SET status = ?, ended_at = ?, msg_zh = ?, msg_en = ? WHERE id = ?');
  return {
    update: (id, current, total, msg) => void update.run(current, total, msg[0], msg[1], id),
    finish: (id, status, at, current, total, msg, file) => void finish.run(status, at, current, total, msg[0], msg[1], file?.path ?? '', file?.name ?? '', id),
    halt: (id, status, at, msg) => void halt.run(status, at, msg[0], msg[1], id),
  };
}

/** A task's row as it starts; answers its id. */
export const insertProgress = (
  data: TenantData,
  t: { userId: number; key: string; hashKey: string; title: string; titleEn: string; startedAt: number; total: number; status: number },
): number =>
  Number(
    data.run(
      'INSERT INTO progress (tenant_id, user_id, task_key, hash_key, title, title_en, started_at, total_size, status) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)',
      t.userId,
      t.key,
      t.hashKey,
      t.title,
      t.titleEn,
      t.startedAt,
      t.total,
      t.status,
    ).lastInsertRowid,
  );

/** How many tasks of the user are running. */
export const runningTaskCount = (data: TenantData, userId: number): number =>
  data.get<{ n: number }>('SELECT COUNT(*) AS n FROM progress WHERE tenant_id = $tenant AND user_id = ? AND status = 1', userId)!.n;

/** The row id of the user's task by its keys, while it has this status. */
export const taskId = (data: TenantData, userId: number, key: string, hashKey: string, status: number): number | undefined =>
  data.get<{ id: number }>('SELECT id FROM progress WHERE tenant_id = $tenant AND user_id = ? AND task_key = ? AND hash_key = ? AND status = ?', userId, key, hashKey, status)?.id;

/** Every task of the database still marked running gets this status, time and message. */
export function endRunningTasks(db: Db, status: number, at: number, msg: Pair): void {
  db.prepare('UPDATE progress SET status = ?, ended_at = ?, msg_zh = ?, msg_en = ? WHERE status = 1').run(status, at, msg[0], msg[1]);
}
