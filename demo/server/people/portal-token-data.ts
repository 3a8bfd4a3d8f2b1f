// Portal clients in the database (people/portal-token.ts): a client found by its id at the exchange
// (before a tenant is bound, through the Db platformData hands the route), and the tenant's registry
// of clients ($tenant).
import type { Db } from '../db.ts';
import type { TenantData } from '../tenant-data.ts';

/** A portal client as stored (portal_client); only its secret's SHA-256 is kept. */
export interface ClientRow {
  id: number;
  tenant_id: number;
  name: string;
  client_id: string;
  secret_hash: string;
  users: string;
  scope: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A client by its client id, whichever tenant's (the exchange names no tenant). */
export const portalClientById = (db: Db, clientId: string): ClientRow | undefined => db.prepare('SELECT * FROM portal_client WHERE client_id = ?').get<ClientRow>(clientId);

/** An account of the tenant that may sign in, by its name. */
export const normalUser = (data: TenantData, username: string): { id: number; tenant_id: number } | undefined =>
  data.get<{ id: number; tenant_id: number }>("SELECT id, tenant_id FROM user WHERE username = ? AND tenant_id = $tenant AND status = 'normal'", username);

export const markClientUsed = (data: TenantData, id: number, at: number): void => void data.run('UPDATE portal_client SET last_used_at = ? WHERE id = ? AND tenant_id = $tenant', at, id);

/** The tenant's clients, newest first. */
export const portalClients = (data: TenantData): ClientRow[] => data.all<ClientRow>('SELECT * FROM portal_client WHERE tenant_id = $tenant ORDER BY id DESC');

/** Registers a client; answers its id. */
export const insertPortalClient = (data: TenantData, c: { name: string; clientId: string; secretHash: string; users: string; scope: string; createdAt: number }): number =>
  Number(
    data.run('INSERT INTO portal_client (tenant_id, name, client_id, secret_hash, users, scope, created_at) VALUES ($tenant, ?, ?, ?, ?, ?, ?)', c.name, c.clientId, c.secretHash, c.users, c.scope, c.createdAt)
      .lastInsertRowid,
  );

/** Revokes a client of the tenant (its first revocation time stays) and ends the tokens it issued; false when the tenant has no such client. */
export function revokePortalClient(data: TenantData, id: number, at: number): boolean {
  const row = data.get<{ id: number }>('SELECT id FROM portal_client WHERE id = ? AND tenant_id = $tenant', id);
  if (!row) return false;
  data.run('UPDATE portal_client SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND tenant_id = $tenant', at, id);
  data.run('DELETE FROM token WHERE portal_client_id = ? AND tenant_id = $tenant', id);
  return true;
}
