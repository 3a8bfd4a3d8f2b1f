// Third-party sign-in against the demo's own OpenID provider, over HTTP as a browser would: the first
// sign-in asks to bind and binds to operator, the next goes straight in; a replayed code, a forged
// state and a denied request are 'authorization failed'; a disabled platform is 'invalid application';
// a deactivated bound user 'invalid user'; the secret is sealed at rest; another tenant sees nothing.
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../../oidc/provider.ts';
import { usePlatform } from '../test-platform.ts';
import { api } from '../testing.ts';

/** A browser's cookie jar per host, enough for the provider's interaction cookies. */
class Browser {
  private jar = new Map<string, Map<string, string>>();
  private cookies(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(url: URL, response: Response): void {
    const jar = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    this.jar.set(url.host, jar);
  }
  async request(href: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(href);
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { cookie: this.cookies(url), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.keep(url, response);
    return response;
  }
  /** Follows redirects until the answer is a page (200) or leaves for `stopAt` (the platform's landing). */
  async follow(href: string, stopAt: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: string; response: Response }> {
    let url = href;
    let response = await this.request(url, init);
    for (let i = 0; i < 15 && response.status >= 300 && response.status < 400; i++) {
      url = new URL(response.headers.get('location')!, url).href;
      if (url.includes(stopAt)) return { url, response };
      response = await this.request(url);
    }
    return { url, response };
  }
}

describe('third-party sign-in', () => {
  const p = usePlatform();
  const { call } = p;
  const db = () => p.s.app.atrium.db;

  /** Starts at the platform and signs in at the provider; answers the landing address the platform sent back. */
  async function signInThrough(platformId: number, user: { username: string; password: string } | 'cancel', browser = new Browser()): Promise<URL> {
    const start = await browser.follow(`${p.s.base}/jwt/oauth/${platformId}/start`, '/interaction/');
    if (start.url.includes('/login/oauth')) return new URL(start.url);
    expect(start.url).toMatch(/\/interaction\//);
    const form = await browser.request(start.url);
    expect(await form.text()).toContain('Northwind ID');
    const action = user === 'cancel' ? `${start.url}/abort` : `${start.url}/login`;
    const back = await browser.follow(action, '/login/oauth', { method: 'POST', form: user === 'cancel' ? {} : user });
    return new URL(back.url);
  }

  it('binds on the first sign-in, goes straight in on the next, and refuses replays, forgeries, denials and disabled platforms', async () => {
    const demo = (await call(p.admin, 'GET', '/api/admin/oauth2/demo')).data;
    expect(demo).toMatchObject({ clientId: DEMO_CLIENT.clientId, issuer: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
    const made = await call(p.admin, 'POST', '/api/admin/oauth2', { name: 'Northwind ID', clientId: demo.clientId, clientSecret: demo.clientSecret, issuer: demo.issuer, scopes: 'openid profile email', enabled: true });
    expect(made.data).toMatchObject({ name: 'Northwind ID', hasSecret: true });
    expect(made.data.clientSecret).toBeUndefined();
    const stored = db().prepare('SELECT secret_sealed FROM oauth_platform WHERE id = ?').get(made.data.id) as { secret_sealed: string };
    expect(stored.secret_sealed).not.toContain(demo.clientSecret);
    expect((await api(p.s.base, 'GET', '/jwt/oauth/platforms')).body.data).toEqual([{ id: made.data.id, name: 'Northwind ID' }]);

    // The start redirect carries PKCE (S256) and a state.
    const first = await fetch(`${p.s.base}/jwt/oauth/${made.data.id}/start`, { redirect: 'manual' });
    const authorize = new URL(first.headers.get('location')!);
    expect(authorize.origin).toBe(demo.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    // The provider sends codes only to callback addresses the platform announced.
    const evil = new URL(authorize);
    evil.searchParams.set('redirect_uri', 'https://evil.example/cb');
    const refused = await fetch(evil, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/redirect_uri/);

    // A wrong password at the provider stays there.
    const browser = new Browser();
    const start = await browser.follow(`${p.s.base}/jwt/oauth/${made.data.id}/start`, '/interaction/');
    const wrong = await browser.request(`${start.url}/login`, { method: 'POST', form: { username: 'tp.alice', password: 'nope' } });
    expect(await wrong.text()).toContain('Wrong username or password');

    // First sign-in: bind.
    const landing = await signInThrough(made.data.id, { username: 'tp.alice', password: 'alice123' });
    expect(landing.searchParams.get('error')).toBe('bind_user');
    const ticket = landing.searchParams.get('ticket')!;
    expect(landing.searchParams.get('name')).toBe('Alice Third-Party');
    expect((await api(p.s.base, 'POST', '/jwt/oauth/bind', { body: { ticket, username: 'operator', password: 'wrong-password' }, headers: { lang: 'en' } })).body.code).not.toBe(0);
    const bound = await api(p.s.base, 'POST', '/jwt/oauth/bind', { body: { ticket, username: 'operator', password: 'operator123' } });
    expect(bound.body.token).toBeTruthy();
    expect((await call(bound.body.token, 'GET', '/api/admin/user/front/info')).data.username).toBe('operator');
    // The ticket was used up.
    expect((await api(p.s.base, 'POST', '/jwt/oauth/bind', { body: { ticket, username: 'operator', password: 'operator123' }, headers: { lang: 'en' } })).body.msg).toMatch(/expired/);

    // Next sign-in: straight in, as operator.
    const again = await signInThrough(made.data.id, { username: 'tp.alice', password: 'alice123' });
    const token = again.searchParams.get('token')!;
    expect((await call(token, 'GET', '/api/admin/user/front/info')).data.username).toBe('operator');

    // A replayed callback (same code and state) and a forged state: authorization failed.
    const b2 = new Browser();
    const s2 = await b2.follow(`${p.s.base}/jwt/oauth/${made.data.id}/start`, '/interaction/');
    const done = await b2.follow(`${s2.url}/login`, '/jwt/oauth/callback', { method: 'POST', form: { username: 'tp.alice', password: 'alice123' } });
    const callback = done.url;
    const ok1 = await fetch(callback, { redirect: 'manual' });
    expect(new URL(ok1.headers.get('location')!, p.s.base).searchParams.get('token')).toBeTruthy();
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location')!, p.s.base).searchParams.get('error')).toBe('failed');
    const forged = await fetch(`${p.s.base}/jwt/oauth/callback?code=abc&state=forged`, { redirect: 'manual' });
    expect(new URL(forged.headers.get('location')!, p.s.base).searchParams.get('error')).toBe('failed');
    // A malformed navigation lands on the sign-in page like a forged one (the contract refuses it before the flow).
    const landed = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status, url).toBe(302);
      return new URL(response.headers.get('location')!, p.s.base).searchParams.get('error');
    };
    expect(await landed(`${p.s.base}/jwt/oauth/callback?code=abc&state=${encodeURIComponent('a\u0000b')}`)).toBe('failed');
    expect(await landed(`${p.s.base}/jwt/oauth/callback?state=a&state=b`)).toBe('failed');
    expect(await landed(`${p.s.base}/jwt/oauth/nope/start`)).toBe('invalid_app');

    // The user cancels at the provider.
    expect((await signInThrough(made.data.id, 'cancel')).searchParams.get('error')).toBe('failed');

    // The bound account deactivated: invalid user.
    db().prepare("UPDATE user SET status = 'deactivated' WHERE username = 'operator'").run();
    expect((await signInThrough(made.data.id, { username: 'tp.alice', password: 'alice123' })).searchParams.get('error')).toBe('invalid_user');
    db().prepare("UPDATE user SET status = 'normal' WHERE username = 'operator'").run();

    // Disabled, or unknown: invalid application.
    expect((await call(p.admin, 'PUT', `/api/admin/oauth2/${made.data.id}`, { name: 'Northwind ID', clientId: demo.clientId, issuer: demo.issuer, scopes: 'openid profile email', enabled: false })).code).toBe(0);
    expect((await signInThrough(made.data.id, { username: 'tp.alice', password: 'alice123' })).searchParams.get('error')).toBe('invalid_app');
    expect((await signInThrough(99999, { username: 'tp.alice', password: 'alice123' })).searchParams.get('error')).toBe('invalid_app');
    expect((await api(p.s.base, 'GET', '/jwt/oauth/platforms')).body.data).toEqual([]);
    // Editing without a secret kept the stored one.
    expect((db().prepare('SELECT secret_sealed FROM oauth_platform WHERE id = ?').get(made.data.id) as { secret_sealed: string }).secret_sealed).toBe(stored.secret_sealed);

    // Another tenant: nothing.
    expect((await call(p.admin2, 'POST', '/api/admin/oauth2/page', { page: 1, limit: 10 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/admin/oauth2/delete', { ids: [made.data.id] })).msg).toBe('No such third-party platform');
  });

  it('refuses a non-http issuer, scopes without openid, a missing secret, and addresses inside the platform’s network', async () => {
    const base = { name: 'Bad', clientId: 'x', clientSecret: 's', issuer: 'https://id.example', scopes: 'openid', enabled: true };
    expect((await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, issuer: 'javascript:alert(1)' })).data).toEqual({ field: 'issuer' });
    expect((await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, scopes: 'profile' })).data).toEqual({ field: 'scopes' });
    // The platform fetches the issuer, token and user-info addresses itself: none may lie inside.
    const inside = 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)';
    expect(await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, issuer: 'http://169.254.169.254/latest' })).toMatchObject({ msg: inside, data: { field: 'issuer' } });
    expect(await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, tokenUrl: 'http://127.0.0.1:6379/' })).toMatchObject({ msg: inside, data: { field: 'tokenUrl' } });
    expect(await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, userinfoUrl: 'http://[::ffff:10.0.0.1]/me' })).toMatchObject({ msg: inside, data: { field: 'userinfoUrl' } });
    expect((await call(p.admin, 'POST', '/api/admin/oauth2', { ...base, clientSecret: '' })).data).toEqual({ field: 'clientSecret' });
  });
});
