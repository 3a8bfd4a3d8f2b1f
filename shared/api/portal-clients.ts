// Portal clients (issue 41, demo/server/routes/portal-token.ts): a portal backend's credentials for
// POST /jwt/portal/token. Pure fetchers over the narrowest client.
import type { Static } from 'typebox';
import type * as C from '../contract/portal-token.ts';
import type { Client } from '../http/client.ts';

// The shapes come from their declarations (shared/contract/portal-token.ts): types only.
/** A registered client (users, scope: space-separated; '' = any user / the user's own rights). */
export type PortalClient = Static<typeof C.PortalClient>;
export type PortalClientList = Static<typeof C.PortalClientList>;
export type PortalClientSave = Static<typeof C.PortalClientSave>;
/** The answer of a registration: clientSecret is shown once (only its hash is kept). */
export type PortalClientCreated = Static<typeof C.PortalClientCreated>;
/** POST /jwt/portal/token: the request, the token answered, and an OAuth refusal (HTTP 400/401/429). */
export type PortalTokenRequest = Static<typeof C.PortalTokenRequest>;
export type PortalToken = Static<typeof C.PortalToken>;
export type PortalTokenRefusal = Static<typeof C.PortalTokenRefusal>;

export const listPortalClients = (client: Pick<Client, 'post'>): Promise<PortalClientList> =>
  client.post('/api/admin/portal-client/page', {});

export const createPortalClient = (client: Pick<Client, 'post'>, body: PortalClientSave): Promise<PortalClientCreated> =>
  client.post('/api/admin/portal-client', body);

export const revokePortalClient = (client: Pick<Client, 'post'>, id: number): Promise<null> => client.post(`/api/admin/portal-client/${id}/revoke`);
