// The demo's "third-party platform": a standards-compliant OpenID provider (oidc-provider) on its own
// port (ATRIUM_OIDC_PORT, default 8082) with its own users — not Atrium accounts — and one registered
// client for Atrium. The authorization-code flow requires PKCE (S256). Its sign-in page is a plain
// form of this server (username, password; "Cancel" denies the request), and consent is granted for
// the scopes the client asked, as a company's own identity provider would.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** The provider's own users (README "Third-party sign-in"). */
export const PROVIDER_USERS: ReadonlyArray<{ sub: string; username: string; password: string; name: string; email: string }> = [
  { sub: 'tp-1001', username: 'tp.alice', password: 'alice123', name: 'Alice Third-Party', email: 'alice@thirdparty.example' },
  { sub: 'tp-1002', username: 'tp.bob', password: 'bob123', name: 'Bob Third-Party', email: 'bob@thirdparty.example' },
];

/** The client Atrium is registered as. */
export const DEMO_CLIENT = { clientId: 'atrium-console', clientSecret: 'atrium-demo-secret-7f3a9c' } as const;

export interface DemoProvider {
  issuer: string;
  port: number;
  /** Lets the client come back to this address (the platform's own, known once it listens). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#eef1f6;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:24px 28px;border-radius:8px;box-shadow:0 4px 20px #0002;display:grid;gap:10px;min-width:300px}
h1{font-size:18px;margin:0 0 6px}label{display:grid;gap:4px;font-size:14px}input{padding:8px;font-size:14px}
.row{display:flex;gap:8px;justify-content:flex-end}.err{color:#b00020;margin:0}button{padding:8px 14px}</style></head><body>${body}</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider on `port` (0: a free one) of 127.0.0.1, answering as http://localhost:<port>. */
export async function startDemoProvider(port: number): Promise<DemoProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${bound}`;
  const redirects = new Set<string>();
  const users = new Map(PROVIDER_USERS.map((u) => [u.sub, u]));

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
        // Checked below against the addresses the platform registered (it learns its own once listening).
        redirect_uris: ['http://localhost/jwt/oauth/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    scopes: ['openid', 'profile', 'email'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // A signing key of this run (the demo keeps no provider state across restarts).
    jwks: { keys: [{ ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as object), use: 'sig', kid: 'demo-1' }] as never },
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, name: user.name, preferred_username: user.username, email: user.email }) };
    },
    // A demo: short-lived everything, nothing to refresh.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  // The registered client accepts exactly the callback addresses the platform announced.
  const Client = provider.Client as unknown as { prototype: { redirectUriAllowed(uri: string): boolean } };
  Client.prototype.redirectUriAllowed = (uri: string) => redirects.has(uri);

  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const [, , uid, action] = url.pathname.split('/');
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    };
    const loginForm = (error = '', username = '') =>
      page(
        'Sign in — Northwind ID',
        `<form method="post" action="/interaction/${esc(uid!)}/login"><h1>Northwind ID</h1><p>Sign in to continue to Atrium.</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<label>Username<input name="username" autocomplete="username" value="${esc(username)}" autofocus></label>
<label>Password<input name="password" type="password" autocomplete="current-password"></label>
<div class="row"><button formaction="/interaction/${esc(uid!)}/abort" formnovalidate>Cancel</button><button type="submit">Sign in</button></div></form>`,
      );
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        if (details.prompt.name === 'login') return send(200, loginForm());
        // Consent: granted for the scopes asked.
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
        grant!.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant!.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      if (action === 'abort') {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
        return;
      }
      const form = await readForm(req);
      const user = PROVIDER_USERS.find((u) => u.username === form.get('username'));
      if (!user || user.password !== form.get('password')) return send(200, loginForm('Wrong username or password', form.get('username') ?? ''));
      await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    } catch {
      send(400, page('Northwind ID', '<form><h1>Northwind ID</h1><p class="err" role="alert">This sign-in request has expired. Start again from Atrium.</p></form>'));
    }
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) void interaction(req, res);
    else void callback(req, res);
  });

  return {
    issuer,
    port: bound,
    allowRedirect: (uri) => void redirects.add(uri),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
