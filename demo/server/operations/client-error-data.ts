// The client error log in the database (operations/client-error.ts): a tenant's reports ($tenant),
// and the 90-day pruning over every tenant (the Db platformData hands the route).
import type { Db } from '../db.ts';
import type { TenantData } from '../tenant-data.ts';

/** A report as stored (client_error). */
export interface ClientErrorRow {
  id: number;
  at: number;
  message: string;
  stack: string;
  path: string;
  agent: string;
}

export const insertClientError = (data: TenantData, e: Omit<ClientErrorRow, 'id'>): void =>
  void data.run('INSERT INTO client_error (tenant_id, at, message, stack, path, agent) VALUES ($tenant, ?, ?, ?, ?, ?)', e.at, e.message, e.stack, e.path, e.agent);

/** Drops every tenant's reports older than `before`. */
export const pruneClientErrors = (db: Db, before: number): void => void db.prepare('DELETE FROM client_error WHERE at < ?').run(before);

/** One page of the tenant's reports, newest first. */
export function listClientErrors(data: TenantData, limit: number, offset: number): { rows: ClientErrorRow[]; total: number } {
  const total = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM client_error WHERE tenant_id = $tenant')!.n;
  const rows = data.all<ClientErrorRow>('SELECT id, at, message, stack, path, agent FROM client_error WHERE tenant_id = $tenant ORDER BY at DESC, id DESC LIMIT ? OFFSET ?', limit, offset);
  return { rows, total };
}
