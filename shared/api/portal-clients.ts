// Portal clients (issue 41, demo/server/routes/portal-token.ts): a portal backend's credentials for
// POST /jwt/portal/token. Pure fetchers over the narrowest client.
import type { Client } from '../http/client.ts';

export interface PortalClient {
  id: number;
  name: string;
  clientId: string;
  /** Space-separated user names the client may act for ('' = any user of the tenant). */
  users: string;
  /** Space-separated menu or element codes its tokens are narrowed to ('' = the user's own rights). */
  scope: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface PortalClientCreated {
  id: number;
  clientId: string;
  /** Shown once: only its hash is kept. */
  clientSecret: string;
}

export const listPortalClients = (client: Pick<Client, 'post'>): Promise<{ list: PortalClient[]; total: number }> =>
  client.post('/api/admin/portal-client/page', {});

export const createPortalClient = (client: Pick<Client, 'post'>, body: { name: string; users: string; scope: string }): Promise<PortalClientCreated> =>
  client.post('/api/admin/portal-client', body);

export const revokePortalClient = (client: Pick<Client, 'post'>, id: number): Promise<null> => client.post(`/api/admin/portal-client/${id}/revoke`);
