// Portal clients (issue 41): a portal's backend obtains a named user's platform token server to server,
// without the captcha (POST /jwt/portal/token, OAuth 2.0 client-credentials shaped, RFC 6749 §4.4/§5),
// and the tenant admin's registry of those clients (oauth2Manager, the OAuth clients page).
import Type from 'typebox';
import { operation } from './operation.ts';
import { Id, IdParams, Strict, Text } from './fields.ts';
import { SIGN_IN_TAG } from './auth.ts';

const TAG = 'Portal client';
const EpochMs = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

/** The token request. Unrecognized parameters are ignored, as RFC 6749 §3.2 requires of a token endpoint. */
export const PortalTokenRequest = Type.Object(
  {
    grant_type: Type.Enum(['client_credentials'], { description: 'Always client_credentials (another: unsupported_grant_type)' }),
    client_id: Text(1, 64, { description: "The portal client's id (portal-…)" }),
    client_secret: Text(1, 128, { description: 'The secret shown once when the client was registered' }),
    username: Text(1, 64, { description: 'The platform user the token is for (one the client may act for)' }),
    scope: Type.Optional(Text(0, 2000, { description: "Optional narrowing: space-separated menu or element codes, within the client's scope" })),
  },
  { description: 'JSON or application/x-www-form-urlencoded. Unrecognized parameters are ignored (RFC 6749 §3.2).' },
);

export const PortalToken = Strict({
  access_token: Type.String({ description: 'The platform token (header access-token of every later call)' }),
  token: Type.String({ description: 'The same token, under the name the kit and /jwt/token use' }),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ minimum: 1, description: 'Seconds the token lives (ATRIUM_TOKEN_TTL); refresh with GET /jwt/refresh before then' }),
  scope: Type.String({ description: "The codes the token is narrowed to, space-separated ('': the user's own rights)" }),
});

export const PORTAL_TOKEN_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'invalid_scope', 'unsupported_grant_type', 'slow_down'] as const;

/** An OAuth refusal (RFC 6749 §5.2): HTTP 400 (invalid_request, invalid_grant, invalid_scope, unsupported_grant_type), 401 (invalid_client) or 429 (slow_down). */
export const PortalTokenRefusal = Strict(
  {
    error: Type.Enum([...PORTAL_TOKEN_ERRORS]),
    error_description: Type.String({ description: 'Why, in the language of the request' }),
    statusCode: Type.Optional(Type.Integer({ description: 'The HTTP status, repeated by the rate limit (429)' })),
  },
  { description: 'HTTP 400: invalid_request (a parameter missing or malformed; the description names it), unsupported_grant_type, invalid_grant (a user the client may not act for, or not active), invalid_scope (wider than the client allows); 401: invalid_client (unknown client, wrong secret or revoked); 429: slow_down (too many exchanges of this client from this address in a minute)' },
);

export const PortalClient = Strict({
  id: Id(),
  name: Type.String(),
  clientId: Type.String({ description: 'portal-…, what the portal backend sends as client_id' }),
  users: Type.String({ description: "Space-separated user names the client may act for ('' = any active user of the tenant)" }),
  scope: Type.String({ description: "Space-separated menu or element codes its tokens are narrowed to ('' = the user's own rights)" }),
  createdAt: EpochMs('When it was registered (ms since epoch)'),
  lastUsedAt: Type.Union([EpochMs('Its last exchange'), Type.Null()], { description: 'Its last exchange (ms since epoch); null: never used' }),
  revokedAt: Type.Union([EpochMs('When it was revoked'), Type.Null()], { description: 'When it was revoked (ms since epoch); null: active' }),
});

export const PortalClientList = Strict({ list: Type.Array(PortalClient, { description: 'Newest first' }), total: Type.Integer({ minimum: 0 }) });

export const PortalClientSave = Strict({
  name: Text(1, 50),
  users: Type.Optional(Text(0, 1000, { description: "User names the client may act for, separated by spaces or commas ('' or absent: any active user of the tenant)" })),
  scope: Type.Optional(Text(0, 2000, { description: "Menu or element codes its tokens are narrowed to, separated by spaces or commas ('' or absent: the user's own rights)" })),
});

export const PortalClientCreated = Strict({
  id: Id(),
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown this once: only its SHA-256 is kept' }),
});

const sampleClient = { id: 1, name: 'Visitor portal', clientId: 'portal-3Qm9xY0aBcDe', users: 'operator', scope: 'alarmSearch', createdAt: 1777622400000, lastUsedAt: null, revokedAt: null };

export const ops = {
  token: operation({
    method: 'POST',
    path: '/jwt/portal/token',
    rights: 'public',
    tag: SIGN_IN_TAG,
    summary: 'Portal sign-in: a portal backend exchanges its client id and secret for a named user’s token (no captcha)',
    description:
      'OAuth 2.0 client-credentials shaped (RFC 6749 §4.4). The client is registered by the tenant admin on the OAuth clients page (secret shown once, revocable). The token carries at most the user’s rights, narrowed to the client’s scope and the asked scope (space-separated menu or element codes); it refreshes like any token (GET /jwt/refresh keeps the narrowing), and revoking the client ends it. Rate-limited per client and address (30 a minute); every exchange is in the operation log. The answer is the token itself, not an envelope; a refusal is { error, error_description } with HTTP 400, 401 or 429 (a form body over 8 KB, or a body of another media type, is refused with the platform\'s ErrorEnvelope, HTTP 413 or 415).',
    body: PortalTokenRequest,
    consumes: ['application/x-www-form-urlencoded'],
    data: Type.Null(),
    answer: PortalToken,
    refusals: { '4xx': PortalTokenRefusal },
    examples: {
      body: { grant_type: 'client_credentials', client_id: 'portal-3Qm9xY0aBcDe', client_secret: 'the secret shown once', username: 'operator' },
    },
  }),
  list: operation({
    method: 'POST',
    path: '/api/admin/portal-client/page',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Portal clients of the tenant, newest first',
    description: 'Every client the tenant registered, revoked ones too (revokedAt set); never a secret.',
    body: Strict({}, { description: 'No fields: the whole list' }),
    data: PortalClientList,
    examples: { body: {}, data: { list: [sampleClient], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/portal-client',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Registers a portal client; the answer carries its secret, shown this once',
    description: 'The platform generates the client id and a 256-bit secret and keeps only its SHA-256. users and scope are lists of names or codes separated by spaces or commas.',
    body: PortalClientSave,
    data: PortalClientCreated,
    examples: { body: { name: 'Visitor portal', users: 'operator', scope: 'alarmSearch' }, data: { id: 1, clientId: 'portal-3Qm9xY0aBcDe', clientSecret: 'x3Fv…' } },
  }),
  revoke: operation({
    method: 'POST',
    path: '/api/admin/portal-client/:id/revoke',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Revokes a portal client: its secret stops working and every token it issued ends',
    description: "Refused when the client is not the tenant's. Revoking again changes nothing.",
    params: IdParams,
    data: Type.Null(),
    examples: { params: { id: 1 }, data: null },
  }),
};
