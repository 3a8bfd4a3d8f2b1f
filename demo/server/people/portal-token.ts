// Portal clients (issue 41): a portal's backend obtains a named user's platform token server to server,
// without the captcha. The tenant admin registers a client on the OAuth clients page (oauth2Manager):
// a name, the user names it may act for, and optionally the rights its tokens are narrowed to. The
// secret is shown once (only its SHA-256 is kept). The exchange is OAuth 2.0 client-credentials shaped:
//   POST /jwt/portal/token  grant_type=client_credentials&client_id=…&client_secret=…&username=…[&scope=…]
// (JSON or form-encoded) → { access_token, token, token_type: 'bearer', expires_in, scope }.
// The token holds at most the user's own rights, narrowed to the client's scope and the asked scope;
// it refreshes like any token (/jwt/refresh keeps the narrowing). Revoking a client ends every token it
// issued. Every exchange is written to the operation log; the route is rate-limited per client and address.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalClient } from '../../../shared/api/portal-clients.ts';
import { ops } from '../../../shared/contract/portal-token.ts';
import { contractRefusal, route } from '../contract.ts';
import { failWith, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { platformData, tenantData, tenantDataOf } from '../tenant-data.ts';
import { findSession, issueToken } from '../tokens.ts';
import { insertPortalClient, markClientUsed, normalUser, portalClientById, portalClients, revokePortalClient, type ClientRow } from './portal-token-data.ts';

export const PORTAL_TOKEN_PATH = '/jwt/portal/token';
/** Exchanges per client id and address per minute. */
export const PORTAL_TOKEN_PER_MINUTE = 30;

const TEXT = {
  badClient: { zh: '客户端 ID 或密钥错误，或客户端已吊销', en: 'unknown client, wrong secret or revoked client' },
  badGrant: { zh: 'grant_type 须为 client_credentials', en: 'grant_type must be client_credentials' },
  badRequest: { zh: '缺少 client_id、client_secret 或 username', en: 'client_id, client_secret and username are required' },
  badUser: { zh: '该客户端不能代表此用户，或用户无效', en: 'this client may not act for this user, or the user is not active' },
  badScope: { zh: '请求的权限超出客户端允许的范围', en: 'the asked scope is wider than the client allows' },
  tooMany: { zh: '请求过于频繁，请 {{seconds}} 秒后再试', en: 'too many token requests, try again in {{seconds}} s' },
} as const satisfies Record<string, Record<Lang, string>>;
const say = textsOf(TEXT);

const sha = (value: string): string => createHash('sha256').update(value).digest('hex');
const words = (value: unknown): string[] => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : []);

const toClient = (r: ClientRow): PortalClient => ({
  id: r.id,
  name: r.name,
  clientId: r.client_id,
  users: r.users,
  scope: r.scope,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

const plugin: FastifyPluginAsync = async (app) => {
  const ctx = app.atrium;
  // A portal client authenticates by its client id before any tenant is bound; what follows works in
  // the client's tenant.
  const platform = platformData(app, "a portal client is found by its client id before a tenant is bound");

  // OAuth clients send form-encoded bodies; this context accepts them beside JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Its own limiter (global: false, so only this route): it holds whether or not the platform-wide one is on.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      error: 'slow_down',
      error_description: say(request, 'tooMany', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    }),
  });

  const refuse = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('Cache-Control', 'no-store').send({ error, error_description: description });

  // A token request the contract refuses is an OAuth refusal too (RFC 6749 §5.2: HTTP 400, the
  // description naming the parameter), never an envelope; so is the rate limit's. Other routes of this
  // plugin, and other errors, keep the platform's handling.
  app.setErrorHandler((error: FastifyError & { error_description?: unknown; msg?: unknown }, request, reply) => {
    if (request.routeOptions.url !== PORTAL_TOKEN_PATH) throw error;
    // The limit's refusal (whichever limiter counted it: this plugin's or the platform-wide one).
    if (error.statusCode === 429) {
      const description = typeof error.error_description === 'string' ? error.error_description : typeof error.msg === 'string' ? error.msg : say(request, 'tooMany', { seconds: 60 });
      return refuse(reply, 429, 'slow_down', description);
    }
    if (!error.validation) throw error;
    const first = error.validation[0];
    const badGrant = first?.instancePath === '/grant_type' && first.keyword === 'enum';
    return refuse(reply, 400, badGrant ? 'unsupported_grant_type' : 'invalid_request', badGrant ? say(langOf(request), 'badGrant') : contractRefusal(request, error).msg);
  });

  route(
    app,
    ops.token,
    async (request, reply) => {
      const body = request.body;
      const lang = langOf(request);
      const { client_id: clientId, client_secret: secret } = body;
      const username = body.username.trim();
      if (!username) return refuse(reply, 400, 'invalid_request', say(lang, 'badRequest'));
      const client = portalClientById(platform, clientId);
      const given = Buffer.from(sha(secret), 'hex');
      const expected = Buffer.from(client?.secret_hash ?? sha(randomBytes(16).toString('hex')), 'hex');
      if (!client || client.revoked_at !== null || !timingSafeEqual(given, expected)) return refuse(reply, 401, 'invalid_client', say(lang, 'badClient'));

      const data = tenantDataOf(platform, client.tenant_id);
      const allowedUsers = words(client.users);
      const user = normalUser(data, username);
      if (!user || (allowedUsers.length > 0 && !allowedUsers.includes(username))) return refuse(reply, 400, 'invalid_grant', say(lang, 'badUser'));

      // The narrowing: the client's scope, and within it what was asked; none of either: the user's own rights.
      const clientScope = words(client.scope);
      const asked = words(body.scope);
      if (clientScope.length > 0 && asked.some((code) => !clientScope.includes(code))) return refuse(reply, 400, 'invalid_scope', say(lang, 'badScope'));
      const scope = asked.length > 0 ? asked : clientScope;

      const token = issueToken(ctx, user.id, user.tenant_id, Date.now(), { scope: scope.length > 0 ? scope.join(' ') : null, portalClientId: client.id });
      markClientUsed(data, client.id, Date.now());
      // The operation log names the user the token was issued for.
      request.user = findSession(ctx, token);
      const expiresIn = Math.round(ctx.config.tokenTtlMs / 1000);
      reply.header('Cache-Control', 'no-store');
      return { access_token: token, token, token_type: 'bearer' as const, expires_in: expiresIn, scope: scope.join(' ') };
    },
    {
      config: {
        rateLimit: {
          max: PORTAL_TOKEN_PER_MINUTE,
          timeWindow: 60_000,
          // After the body is read (so the key can name the client) and before it is validated (so every
          // exchange counts, a malformed one too).
          hook: 'preValidation',
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { client_id?: unknown } | undefined)?.client_id ?? '')}`,
        },
      },
    },
  );

  // ---- the tenant admin's registry (OAuth clients page) ----
  route(app, ops.list, async (request) => {
    const rows = portalClients(tenantData(request));
    return ok({ list: rows.map(toClient), total: rows.length });
  });

  route(app, ops.create, async (request) => {
    const clientId = `portal-${randomBytes(9).toString('base64url')}`;
    const secret = randomBytes(32).toString('base64url');
    const users = words(request.body.users).join(' ');
    const scope = words(request.body.scope).join(' ');
    const id = insertPortalClient(tenantData(request), { name: request.body.name.trim(), clientId, secretHash: sha(secret), users, scope, createdAt: Date.now() });
    return ok({ id, clientId, clientSecret: secret });
  });

  route(app, ops.revoke, async (request) => {
    if (!revokePortalClient(tenantData(request), request.params.id, Date.now())) return failWith(request, 'custom.notFound');
    return ok(null);
  });
};

export default plugin;
