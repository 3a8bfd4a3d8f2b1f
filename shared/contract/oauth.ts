// Third-party sign-in (baseManager oauth, oauth2Manager; SPEC §8 login messages): the tenant's
// platforms (OAuth 2.0 / OpenID Connect providers) and the sign-in flow through them — authorization
// code with PKCE and a one-time state, then the bound user signed in, or a binding asked for.
import Type from 'typebox';
import { OAUTH_BOUNDS as B } from '../validate/oauth.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, MAX_PAGE, Int, MAX_LIMIT, Strict, Text, PageOf } from './fields.ts';
import { SIGN_IN_TAG } from './auth.ts';

const TAG = 'Third-party sign-in';

export const OauthPlatform = Strict({
  id: Id(),
  name: Type.String(),
  clientId: Type.String(),
  hasSecret: Type.Boolean({ description: 'Whether a client secret is stored (never answered; sealed at rest)' }),
  issuer: Type.String({ description: 'The OpenID issuer; its endpoints are discovered' }),
  authorizeUrl: Type.String({ description: "Overrides the discovered authorization endpoint ('' : discovered)" }),
  tokenUrl: Type.String({ description: "Overrides the discovered token endpoint ('' : discovered)" }),
  userinfoUrl: Type.String({ description: "Overrides the discovered userinfo endpoint ('' : discovered)" }),
  scopes: Type.String({ description: 'Space-separated, openid included' }),
  enabled: Type.Boolean({ description: 'Shown on the sign-in page' }),
  bindings: Type.Integer({ minimum: 0, description: 'Platform users bound to an account of it' }),
  createdAt: Type.String({ description: 'YYYY-MM-DD HH:mm:ss' }),
});

const Url = (description: string) => Text(...B.endpoint, { description: `${description}: an http(s) address, or '' for the discovered one` });

export const OauthPlatformSave = Strict({
  name: Text(...B.name),
  clientId: Text(...B.clientId),
  clientSecret: Type.Optional(Text(...B.clientSecret, { description: "Required when creating; '' or absent when editing keeps the stored one" })),
  issuer: Text(...B.issuer, { description: 'The OpenID issuer, an http(s) address the platform may reach (not a private network unless ATRIUM_OUTBOUND_NETWORKS allows it)' }),
  authorizeUrl: Type.Optional(Url('Authorization endpoint')),
  tokenUrl: Type.Optional(Url('Token endpoint')),
  userinfoUrl: Type.Optional(Url('Userinfo endpoint')),
  scopes: Text(...B.scopes, { description: 'Space-separated, openid included' }),
  enabled: Type.Boolean(),
});

export const OauthPlatformQuery = Strict({
  page: Int(1, MAX_PAGE, { description: 'Page number, from 1' }),
  limit: Int(1, MAX_LIMIT, { description: `Rows per page, 1 to ${MAX_LIMIT}` }),
  keyword: Type.Optional(Text(0, 50, { description: 'Text in the name' })),
});

export const OauthPlatformPage = PageOf(OauthPlatform);

export const DemoProviderInfo = Strict({
  issuer: Type.String({ description: "The demo's own OpenID provider ('' while it is not running)" }),
  clientId: Type.String(),
  clientSecret: Type.String(),
  scopes: Type.String(),
});

export const SignInPlatform = Strict({ id: Id(), name: Type.String() });

export const OauthBind = Strict({
  ticket: Text(1, 100, { description: 'The one-time ticket of the callback (valid 10 minutes)' }),
  username: Text(1, 64),
  password: Text(1, 64),
});

/** What /jwt/oauth/bind answers: the token itself (like POST /jwt/token), not an envelope. */
export const OauthBound = Strict({ token: Type.String(), token_type: Type.Literal('bearer') });

/** The provider's answer on the callback (RFC 6749 §4.1.2, OpenID Connect): other parameters are passed on to the checks, never refused. */
export const OauthCallbackQuery = Type.Object(
  {
    state: Type.Optional(Text(0, 512, { description: 'The one-time state of the start' })),
    code: Type.Optional(Text(0, 4096, { description: 'The authorization code' })),
    error: Type.Optional(Text(0, 200)),
    error_description: Type.Optional(Text(0, 2000)),
    iss: Type.Optional(Text(0, 500)),
  },
  { additionalProperties: Type.String({ maxLength: 4096 }) },
);

const LANDING =
  "The answer is a redirect (HTTP 302) to the console's /login/oauth page, never an envelope: ?token=… (signed in), ?error=bind_user&ticket=…&name=… (a binding is asked for), or ?error=invalid_app (unknown or disabled platform), failed (denied, forged, replayed or expired), invalid_user (the bound user is deactivated). A malformed request lands the same way.";

const samplePlatform = {
  id: 1,
  name: 'Company SSO',
  clientId: 'atrium',
  hasSecret: true,
  issuer: 'https://sso.example.com',
  authorizeUrl: '',
  tokenUrl: '',
  userinfoUrl: '',
  scopes: 'openid profile',
  enabled: true,
  bindings: 0,
  createdAt: '2026-05-01 08:00:00',
};
const sampleSave = { name: 'Company SSO', clientId: 'atrium', clientSecret: 'secret', issuer: 'https://sso.example.com', scopes: 'openid profile', enabled: true };
const SAVE_CHECKS =
  "Refused, naming the field: an address that is not http(s), an issuer, token or userinfo address inside this machine or a private network (unless allowed), scopes without openid, no secret on create, a name the tenant already uses.";

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/admin/oauth2/page',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: "The tenant's third-party sign-in platforms, newest first, paged",
    description: 'Never a client secret: hasSecret says whether one is stored.',
    body: OauthPlatformQuery,
    data: OauthPlatformPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [samplePlatform], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/oauth2',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Registers a third-party sign-in platform',
    description: `The client secret is sealed at rest. ${SAVE_CHECKS}`,
    body: OauthPlatformSave,
    data: OauthPlatform,
    examples: { body: sampleSave, data: samplePlatform },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/oauth2/:id',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Changes a third-party sign-in platform',
    description: `An empty clientSecret keeps the stored one. A platform that is not the tenant's is refused. ${SAVE_CHECKS}`,
    params: IdParams,
    body: OauthPlatformSave,
    data: OauthPlatform,
    examples: { params: { id: 1 }, body: { ...sampleSave, clientSecret: '' }, data: samplePlatform },
  }),
  remove: operation({
    method: 'POST',
    path: '/api/admin/oauth2/delete',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: 'Deletes third-party sign-in platforms and their bindings',
    description: "All or none: an id that is not the tenant's refuses the whole request.",
    body: Strict({ ids: Ids(MAX_LIMIT) }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  demo: operation({
    method: 'GET',
    path: '/api/admin/oauth2/demo',
    rights: { menu: 'oauth2Manager' },
    tag: TAG,
    summary: "The demo platform's own OpenID provider, to register it in one step",
    description: 'The demo starts its own provider on its own port (README "Third-party sign-in"); a real platform may answer an empty issuer.',
    data: DemoProviderInfo,
    examples: { data: { issuer: 'http://localhost:4010', clientId: 'atrium-demo', clientSecret: 'demo-secret', scopes: 'openid profile email' } },
  }),
  platforms: operation({
    method: 'GET',
    path: '/jwt/oauth/platforms',
    rights: 'public',
    tag: SIGN_IN_TAG,
    summary: 'The sign-in page’s third-party buttons: the enabled platforms of the sign-in tenant',
    description: 'Unsigned, like the other sign-in calls. Only the id and name of each.',
    data: Type.Array(SignInPlatform),
    examples: { data: [{ id: 1, name: 'Company SSO' }] },
  }),
  start: operation({
    method: 'GET',
    path: '/jwt/oauth/:id/start',
    rights: 'public',
    tag: SIGN_IN_TAG,
    summary: 'Starts a third-party sign-in: redirects the browser to the platform with PKCE (S256), a one-time state and a nonce',
    description: `The browser's navigation from the sign-in page's button. The platform is an enabled one of the sign-in tenant; its endpoints are discovered from its issuer. ${LANDING}`,
    params: IdParams,
    data: Type.Null(),
    produces: 'text/html',
    examples: { params: { id: 1 } },
  }),
  callback: operation({
    method: 'GET',
    path: '/jwt/oauth/callback',
    rights: 'public',
    tag: SIGN_IN_TAG,
    summary: "The platform's redirect back: exchanges the code, reads the user's subject, and signs the bound user in or asks for a binding",
    description: `The state is used once and expires after 10 minutes; the code exchange checks the state, the nonce, the PKCE verifier and the ID token. ${LANDING}`,
    query: OauthCallbackQuery,
    data: Type.Null(),
    produces: 'text/html',
    examples: { query: { state: 'one-time-state', code: 'authorization-code' } },
  }),
  bind: operation({
    method: 'POST',
    path: '/jwt/oauth/bind',
    rights: 'public',
    tag: SIGN_IN_TAG,
    summary: "Binds the third-party user of a ticket to a platform account (its username and password) and signs in",
    description:
      "The ticket comes from the callback (?error=bind_user) and is used once. Refused: an expired ticket, a wrong username or password, a deactivated user, an account already bound to another user of this platform. The answer is the token itself ({ token, token_type }, like POST /jwt/token), a refusal an envelope.",
    body: OauthBind,
    data: Type.Null(),
    answer: OauthBound,
    examples: { body: { ticket: 'one-time-ticket', username: 'operator', password: 'operator123' } },
  }),
};
