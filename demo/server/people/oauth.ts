// Third-party sign-in (baseManager oauth, oauth2Manager; SPEC §8 login messages). A tenant registers
// the platforms its people may sign in with — name, client id, client secret (sealed at rest:
// ../secrets.ts), issuer (endpoints discovered, or given), scopes, enabled. The sign-in page shows a
// button per enabled platform of the sign-in tenant. The OAuth 2.0 authorization-code flow runs with
// PKCE (S256) and a one-time state through openid-client; the callback exchanges the code, reads the
// user's subject, and either signs in the Atrium user bound to it, or asks to bind one (a one-time
// ticket and the user's platform password), or refuses: an unknown or disabled platform is 'invalid
// application', a denied, forged or replayed answer 'authorization failed', a deactivated bound user
// 'invalid user'. The demo starts its own OpenID provider (../../oidc/provider.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { OauthPlatform, OauthPlatformSave } from '../../../shared/api/oauth.ts';
import { ops } from '../../../shared/contract/oauth.ts';
import { route } from '../contract.ts';
import { outboundUrlProblem, reachableProblem } from '../outbound.ts';
import { DEMO_CLIENT, startDemoProvider, type DemoProvider } from '../../oidc/provider.ts';
import { fail, failField, failWith, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { verifyPassword, DUMMY_HASH } from './passwords.ts';
import { deleteTenantRows, offsetOf } from '../resource.ts';
import { secretBox } from '../secrets.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
import { issueToken } from '../tokens.ts';
import {
  accountToBind,
  boundUser,
  enabledOauthPlatform,
  enabledOauthPlatforms,
  insertBinding,
  insertOauthPlatform,
  listOauthPlatforms,
  oauthNameTaken,
  oauthPlatformAnswer,
  oauthPlatformRow,
  platformBindsUser,
  updateOauthPlatform,
  type PlatformDb,
} from './oauth-data.ts';
import { signInTenant } from './sign-in-data.ts';

const TEXT = {
  noPlatform: { zh: '第三方平台不存在', en: 'No such third-party platform' },
  nameTaken: { zh: '名称已存在', en: 'This name is already taken' },
  url: { zh: '须为 http(s) 地址', en: 'Must be an http(s) address' },
  privateUrl: { zh: '地址指向本机或内网，平台未允许该网络（ATRIUM_OUTBOUND_NETWORKS）', en: 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)' },
  secret: { zh: '请填写客户端密钥', en: 'Enter the client secret' },
  scopes: { zh: '须包含 openid，以空格分隔', en: 'Space-separated, including openid' },
  ticket: { zh: '绑定已过期，请重新通过第三方登录', en: 'This binding request has expired; sign in through the third party again' },
  alreadyBound: { zh: '该平台用户已绑定此第三方平台的另一个账号', en: 'This platform user is already bound to another account of this third party' },
} as const satisfies Record<string, Record<Lang, string>>;
const say = textsOf(TEXT);

const httpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value === '') return value === '' || value === undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};
const urlRule = (value: unknown) => (value === undefined || value === null || httpUrl(value) ? null : { key: 'validate.oneOf' as const });

/** A sign-in in progress, by its state: kept here, never in the browser. */
interface Pending {
  platformId: number;
  tenantId: number;
  verifier: string;
  nonce: string;
  redirectUri: string;
  at: number;
}
/** A third-party user waiting to be bound, by its one-time ticket. */
interface Unbound {
  platformId: number;
  tenantId: number;
  subject: string;
  name: string;
  at: number;
}
const PENDING_MS = 10 * 60_000;

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // Signing in through a third party happens before anyone is signed in: the sign-in page's tenant
  // (the default one) is read from the tenant list, and the flow then works in that tenant's data.
  const platform = platformData(app, "a third-party sign-in starts before a tenant is bound: it reads the sign-in page's (default) tenant");
  const box = secretBox(config.dataDir);
  const pending = new Map<string, Pending>();
  const unbound = new Map<string, Unbound>();
  const sweep = setInterval(() => {
    const old = Date.now() - PENDING_MS;
    for (const [k, v] of pending) if (v.at < old) pending.delete(k);
    for (const [k, v] of unbound) if (v.at < old) unbound.delete(k);
  }, 60_000);
  sweep.unref();

  // The demo's third-party platform, on its own port.
  let provider: DemoProvider | null = null;
  app.addHook('onReady', async () => {
    provider = await startDemoProvider(config.oidcPort);
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await provider?.close();
  });

  /** A platform just saved (found by the caller in their tenant), as answered. */
  const platformAnswer = (data: TenantData, id: number): OauthPlatform => oauthPlatformAnswer(data, id)!;
  const platformOf = (data: TenantData, id: unknown) => oauthPlatformRow(data, Number(id) || -1);
  /** The sign-in page's tenant's data. */
  const signIn = (): TenantData => tenantDataOf(platform, signInTenant(platform));

  // ---- management ----------------------------------------------------------------------------------

  route(app, ops.page, async (request) => {
    return ok(listOauthPlatforms(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body)));
  });

  /** Checks a save beyond its fields: addresses, scopes, the secret on create, the name. */
  function refusal(request: FastifyRequest, body: OauthPlatformSave, editing: number | null) {
    const lang = langOf(request);
    for (const field of ['issuer', 'authorizeUrl', 'tokenUrl', 'userinfoUrl'] as const) if (urlRule(body[field]) || (field === 'issuer' && !body.issuer)) return failField(say(lang, 'url'), field);
    // The browser goes to the authorisation address; the platform itself fetches the others.
    for (const field of ['issuer', 'tokenUrl', 'userinfoUrl'] as const) if (body[field] && !own(body[field]) && outboundUrlProblem(body[field], config.outboundNetworks)) return failField(say(lang, 'privateUrl'), field);
    if (!body.scopes.split(/\s+/).includes('openid')) return failField(say(lang, 'scopes'), 'scopes');
    if (editing === null && !body.clientSecret) return failField(say(lang, 'secret'), 'clientSecret');
    if (oauthNameTaken(tenantData(request), body.name.trim(), editing ?? -1)) return failField(say(lang, 'nameTaken'), 'name');
    return null;
  }

  route(app, ops.create, async (request) => {
    const problem = refusal(request, request.body, null);
    if (problem) return problem;
    const b = request.body;
    const data = tenantData(request);
    const id = insertOauthPlatform(
      data,
      {
        name: b.name.trim(),
        clientId: b.clientId.trim(),
        secretSealed: box.seal(b.clientSecret!),
        issuer: b.issuer.trim(),
        authorizeUrl: b.authorizeUrl ?? '',
        tokenUrl: b.tokenUrl ?? '',
        userinfoUrl: b.userinfoUrl ?? '',
        scopes: b.scopes.trim(),
        enabled: b.enabled ? 1 : 0,
      },
      Date.now(),
    );
    return ok(platformAnswer(data, id));
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const found = platformOf(data, request.params.id);
    if (!found) return fail(say(langOf(request), 'noPlatform'));
    const problem = refusal(request, request.body, found.id);
    if (problem) return problem;
    const b = request.body;
    updateOauthPlatform(data, found.id, {
      name: b.name.trim(),
      clientId: b.clientId.trim(),
      secretSealed: b.clientSecret ? box.seal(b.clientSecret) : found.secret_sealed,
      issuer: b.issuer.trim(),
      authorizeUrl: b.authorizeUrl ?? '',
      tokenUrl: b.tokenUrl ?? '',
      userinfoUrl: b.userinfoUrl ?? '',
      scopes: b.scopes.trim(),
      enabled: b.enabled ? 1 : 0,
    });
    return ok(platformAnswer(data, found.id));
  });

  route(app, ops.remove, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'oauth_platform', request.body.ids);
    return deleted === null ? fail(say(langOf(request), 'noPlatform')) : ok({ deleted });
  });

  /** The demo's own provider, to register it in one step (README "Third-party sign-in"). */
  route(app, ops.demo, async () => ok({ issuer: provider?.issuer ?? '', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret, scopes: 'openid profile email' }));

  // ---- the flow (unsigned /jwt calls, like the other sign-in calls) --------------------------------

  route(app, ops.platforms, async () => {
    return ok(enabledOauthPlatforms(signIn()));
  });

  const landing = (reply: FastifyReply, query: Record<string, string>) => reply.redirect(`/login/oauth?${new URLSearchParams(query).toString()}`, 302);

  /** Whether an address belongs to the demo's own provider, which the platform runs and may reach. */
  const own = (url: string) => provider !== null && URL.canParse(url) && new URL(url).origin === new URL(provider.issuer).origin;
  /** Refuses (throws) an address the platform would fetch that lies inside, as written or once resolved. */
  const mayFetch = async (url: string | undefined) => {
    if (url && !own(url) && (await reachableProblem(url, config.outboundNetworks, ['http:', 'https:']))) throw new Error('refused: a local or private address');
  };

  /** The client configuration of a platform: discovered from its issuer, endpoints overridden when given. */
  async function clientOf(p: PlatformDb): Promise<oidc.Configuration> {
    const secret = box.open(p.secret_sealed);
    await mayFetch(p.issuer);
    const insecure = new URL(p.issuer).protocol === 'http:';
    const discovered = await oidc.discovery(new URL(p.issuer), p.client_id, secret, oidc.ClientSecretBasic(secret), { ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}), timeout: 10 });
    const { supportsPKCE: _pkce, ...meta } = discovered.serverMetadata();
    const server = {
      ...meta,
      ...(p.authorize_url ? { authorization_endpoint: p.authorize_url } : {}),
      ...(p.token_url ? { token_endpoint: p.token_url } : {}),
      ...(p.userinfo_url ? { userinfo_endpoint: p.userinfo_url } : {}),
    };
    // A public issuer may still announce endpoints inside; the platform fetches those too.
    for (const url of [server.token_endpoint, server.userinfo_endpoint, server.jwks_uri]) await mayFetch(url);
    const configuration = new oidc.Configuration(server, p.client_id, secret, oidc.ClientSecretBasic(secret));
    if (insecure) oidc.allowInsecureRequests(configuration);
    return configuration;
  }

  const callbackUri = (request: FastifyRequest) => `${request.protocol}://${request.headers.host}/jwt/oauth/callback`;

  // The browser's navigations (start, callback) land on the sign-in page whatever happens: a request the
  // contract refuses lands there too (start: invalid_app, callback: failed), as a forged one always did.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const url = request.routeOptions.url;
    if (!error.validation || (url !== ops.start.path && url !== ops.callback.path)) throw error;
    return landing(reply, { error: url === ops.start.path ? 'invalid_app' : 'failed' });
  });

  route(app, ops.start, async (request, reply) => {
    const p = enabledOauthPlatform(signIn(), request.params.id);
    if (!p) return landing(reply, { error: 'invalid_app' });
    let configuration: oidc.Configuration;
    try {
      configuration = await clientOf(p);
    } catch {
      return landing(reply, { error: 'invalid_app' });
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = callbackUri(request);
    if (provider && p.issuer === provider.issuer) provider.allowRedirect(redirectUri);
    pending.set(state, { platformId: p.id, tenantId: p.tenant_id, verifier, nonce, redirectUri, at: Date.now() });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: p.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return reply.redirect(url.href, 302);
  });

  route(app, ops.callback, async (request, reply) => {
    const state = request.query.state ?? '';
    // One use: a replayed or forged state finds nothing.
    const started = pending.get(state);
    pending.delete(state);
    if (!started || Date.now() - started.at > PENDING_MS) return landing(reply, { error: 'failed' });
    // The tenant the sign-in started in.
    const data = tenantDataOf(platform, started.tenantId);
    const p = oauthPlatformRow(data, started.platformId);
    if (!p || p.enabled !== 1) return landing(reply, { error: 'invalid_app' });
    if (request.query.error) return landing(reply, { error: 'failed' });
    let subject: string;
    let name: string;
    try {
      const configuration = await clientOf(p);
      const current = new URL(started.redirectUri);
      current.search = new URLSearchParams(request.query as Record<string, string>).toString();
      const tokens = await oidc.authorizationCodeGrant(configuration, current, { pkceCodeVerifier: started.verifier, expectedState: state, expectedNonce: started.nonce, idTokenExpected: true });
      subject = tokens.claims()!.sub;
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, subject);
      name = String(info.name ?? info.preferred_username ?? '');
    } catch (error) {
      app.atrium.log(`oauth: platform ${p.id} sign-in failed: ${(error as Error).message}`);
      return landing(reply, { error: 'failed' });
    }
    const bound = boundUser(data, p.id, subject);
    if (bound) {
      if (bound.status !== 'normal') return landing(reply, { error: 'invalid_user' });
      return landing(reply, { token: issueToken(app.atrium, bound.id, bound.tenant_id) });
    }
    const ticket = randomBytes(24).toString('base64url');
    unbound.set(ticket, { platformId: p.id, tenantId: p.tenant_id, subject, name, at: Date.now() });
    return landing(reply, { error: 'bind_user', ticket, name });
  });

  /** Binds the third-party user of a ticket to an Atrium account (its username and password), and signs in. */
  route(
    app,
    ops.bind,
    async (request) => {
      const lang = langOf(request);
      const waiting = unbound.get(request.body.ticket);
      if (!waiting || Date.now() - waiting.at > PENDING_MS) return fail(say(lang, 'ticket'));
      const data = tenantDataOf(platform, waiting.tenantId);
      const user = accountToBind(data, request.body.username.trim());
      const matches = await verifyPassword(request.body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !matches) return failWith(request, 'auth.wrongPassword');
      if (user.status !== 'normal') return failWith(request, 'auth.invalidUser');
      if (platformBindsUser(data, waiting.platformId, user.id)) return fail(say(lang, 'alreadyBound'));
      unbound.delete(request.body.ticket);
      insertBinding(data, waiting.platformId, waiting.subject, user.id, Date.now());
      return { token: issueToken(app.atrium, user.id, user.tenant_id), token_type: 'bearer' as const };
    },
  );
};

export default plugin;
