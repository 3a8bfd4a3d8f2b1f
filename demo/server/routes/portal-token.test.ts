// Issue 41: a portal backend obtains a named user's token server to server (no captcha), within the
// user's rights and the client's narrowing, audited, rate-limited and revocable.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';

const p = usePlatform({ tokenTtlSeconds: 120 });

const exchange = async (body: Record<string, string>, form = false) => {
  const response = await fetch(`${p.s.base}/jwt/portal/token`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', lang: 'en' },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

const register = async (token: string, users: string, scope = '') =>
  (await p.call(token, 'POST', '/api/admin/portal-client', { name: `portal ${Math.random()}`, users, scope })).data as { id: number; clientId: string; clientSecret: string };

describe('portal clients', () => {
  it('exchanges client id and secret for a named user token with its lifetime, and logs it', async () => {
    const client = await register(p.admin, 'operator');
    const answer = await exchange({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'operator' }, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 120 });
    expect(answer.body.access_token).toBe(answer.body.token);
    const info = await p.call(answer.body.token, 'GET', '/api/admin/user/front/info');
    expect(info.data.username).toBe('operator');
    // The operator's rights, not more: the user page is the admin's.
    expect(info.data.menus.map((m: { code: string }) => m.code)).not.toContain('userManager');
    // Its refresh also says how long the new token lives.
    const refreshed = await fetch(`${p.s.base}/jwt/refresh`, { headers: { 'access-token': answer.body.token } }).then((r) => r.json());
    expect(refreshed).toMatchObject({ token_type: 'bearer', expires_in: 120 });
    const log = await p.call(p.admin, 'POST', '/api/ops/gate_log/page', { page: 1, limit: 50 });
    const rows = (log.data?.rows ?? []) as Array<{ path: string; username: string; result: string }>;
    expect(rows.some((r) => r.path === '/jwt/portal/token' && r.username === 'operator' && r.result === 'ok')).toBe(true);
  });

  it('refuses a wrong secret, a user the client may not act for and a wider scope', async () => {
    const client = await register(p.admin, 'viewer', 'alarmSearch');
    const base = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
    expect((await exchange({ ...base, client_secret: 'wrong', username: 'viewer' })).body.error).toBe('invalid_client');
    expect((await exchange({ ...base, username: 'admin' })).body.error).toBe('invalid_grant');
    expect((await exchange({ ...base, username: 'admin2' })).body.error).toBe('invalid_grant');
    expect((await exchange({ ...base, username: 'viewer', scope: 'alarmSearch userManager' })).body.error).toBe('invalid_scope');
    expect((await exchange({ ...base, grant_type: 'password', username: 'viewer' })).body.error).toBe('unsupported_grant_type');
  });

  it('narrows the token to the client scope, also after a refresh', async () => {
    const client = await register(p.admin, 'admin', 'alarmSearch alarmManager');
    const answer = await exchange({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'admin' });
    const codes = async (token: string) => ((await p.call(token, 'GET', '/api/admin/user/front/info')).data.menus as Array<{ code: string }>).map((m) => m.code);
    const first = await codes(answer.body.token);
    expect(first).toContain('alarmSearch');
    expect(first).not.toContain('userManager');
    const refreshed = await fetch(`${p.s.base}/jwt/refresh`, { headers: { 'access-token': answer.body.token } }).then((r) => r.json() as Promise<{ token: string }>);
    expect(await codes(refreshed.token)).not.toContain('userManager');
    expect((await p.call(refreshed.token, 'POST', '/api/admin/user/page', { page: 1, limit: 10 })).code).toBe(40301);
  });

  it('revoking a client ends its tokens and its secret', async () => {
    const client = await register(p.admin, 'operator');
    const base = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'operator' };
    const answer = await exchange(base);
    expect((await p.call(answer.body.token, 'GET', '/api/admin/user/front/info')).code).toBe(0);
    expect((await p.call(p.admin, 'POST', `/api/admin/portal-client/${client.id}/revoke`)).code).toBe(0);
    expect((await p.call(answer.body.token, 'GET', '/api/admin/user/front/info')).code).toBe(40101);
    expect((await exchange(base)).body.error).toBe('invalid_client');
    // Another tenant cannot see or revoke it.
    const list = await p.call(p.admin2, 'POST', '/api/admin/portal-client/page', {});
    expect(list.data.list.some((c: { clientId: string }) => c.clientId === client.clientId)).toBe(false);
  });

  it('is rate-limited per client and address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await exchange({ grant_type: 'client_credentials', client_id: 'portal-flood', client_secret: 'x', username: 'operator' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is described in the OpenAPI document with its body schema', async () => {
    const doc = (await fetch(`${p.s.base}/api/openapi.json`).then((r) => r.json())) as any;
    const op = doc.paths['/jwt/portal/token'].post;
    expect(op.summary).toMatch(/Portal sign-in/);
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['grant_type', 'client_id', 'client_secret', 'username']);
    expect(op.responses['200'].content['application/json'].schema.properties.expires_in.type).toBe('integer');
  });
});
