// The cluster monitor's samples (operations/monitor.ts): each node's own samples in the shared
// database (cluster_sample holds no tenant's rows), through the Db platformData hands the monitor.
import type { Db } from '../db.ts';

/** Writes a node's sample (JSON) and drops every sample older than `keepFrom`. */
export function recordSample(db: Db, node: string, at: number, sample: string, keepFrom: number): void {
  db.prepare('INSERT INTO cluster_sample (node, at, data) VALUES (?, ?, ?)').run(node, at, sample);
  db.prepare('DELETE FROM cluster_sample WHERE at < ?').run(keepFrom);
}

/** Every node's samples after `since`, oldest first (each sample as JSON). */
export const samplesSince = (db: Db, since: number): Array<{ node: string; data: string }> =>
  db.prepare('SELECT node, data FROM cluster_sample WHERE at > ? ORDER BY at').all<{ node: string; data: string }>(since);
