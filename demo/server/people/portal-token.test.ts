// Issue 41: a portal backend obtains a named user's token server to server (no captcha), within the
// user's rights and the client's narrowing, audited, rate-limited and revocable.
import { describe, expect, it } from 'vitest';
import type { PortalToken, PortalTokenRefusal } from '../../../shared/api/portal-clients.ts';
import { usePlatform } from '../test-platform.ts';

const p = usePlatform({ tokenTtlSeconds: 120 });

const exchange = async (body: Record<string, string>, form = false) => {
  const response = await fetch(`${p.s.base}/jwt/portal/token`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', lang: 'en' },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as PortalToken | PortalTokenRefusal };
};
/** The token an exchange answered (fails the test when it was refused). */
const granted = (answer: { body: PortalToken | PortalTokenRefusal }): PortalToken => {
  if ('error' in answer.body) throw new Error(`refused: ${answer.body.error} ${answer.body.error_description}`);
  return answer.body;
};
/** The OAuth error an exchange answered ('' when it was granted). */
const refusal = (answer: { body: PortalToken | PortalTokenRefusal }): string => ('error' in answer.body ? answer.body.error : '');

const register = async (token: string, users: string, scope = '') =>
  (await p.call(token, 'POST', '/api/admin/portal-client', { name: `portal ${Math.random()}`, users, scope })).data as { id: number; clientId: string; clientSecret: string };

describe('portal clients', () => {
  it('exchanges client id and secret for a named user token with its lifetime, and logs it', async () => {
    const client = await register(p.admin, 'operator');
    const answer = await exchange({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'operator' }, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 120 });
    expect(granted(answer).access_token).toBe(granted(answer).token);
    const info = await p.call(granted(answer).token, 'GET', '/api/admin/user/front/info');
    expect(info.data.username).toBe('operator');
    // The operator's rights, not more: the user page is the admin's.
    expect(info.data.menus.map((m: { code: string }) => m.code)).not.toContain('userManager');
    // Its refresh also says how long the new token lives.
    const refreshed = await fetch(`${p.s.base}/jwt/refresh`, { headers: { 'access-token': granted(answer).token } }).then((r) => r.json());
    expect(refreshed).toMatchObject({ token_type: 'bearer', expires_in: 120 });
    const log = await p.call(p.admin, 'POST', '/api/ops/gate_log/page', { page: 1, limit: 50 });
    const rows = (log.data?.rows ?? []) as Array<{ path: string; username: string; result: string }>;
    expect(rows.some((r) => r.path === '/jwt/portal/token' && r.username === 'operator' && r.result === 'ok')).toBe(true);
  });

  it('refuses a wrong secret, a user the client may not act for and a wider scope', async () => {
    const client = await register(p.admin, 'viewer', 'alarmSearch');
    const base = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
    expect(refusal(await exchange({ ...base, client_secret: 'wrong', username: 'viewer' }))).toBe('invalid_client');
    expect(refusal(await exchange({ ...base, username: 'admin' }))).toBe('invalid_grant');
    expect(refusal(await exchange({ ...base, username: 'admin2' }))).toBe('invalid_grant');
    expect(refusal(await exchange({ ...base, username: 'viewer', scope: 'alarmSearch userManager' }))).toBe('invalid_scope');
    expect(refusal(await exchange({ ...base, grant_type: 'password', username: 'viewer' }))).toBe('unsupported_grant_type');
  });

  it('refuses a malformed request the OAuth way (HTTP 400 invalid_request naming the parameter), and ignores unrecognized parameters', async () => {
    const client = await register(p.admin, 'viewer');
    const base = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'viewer' };
    const { client_secret: _secret, ...noSecret } = base;
    for (const [body, field] of [
      [noSecret, 'client_secret'],
      [{ ...base, client_id: 'x'.repeat(65) }, 'client_id'],
      [{ ...base, username: 'vie\u0000wer' }, 'username'],
    ] as const) {
      const answer = await exchange(body, true);
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(field) });
    }
    // RFC 6749 §3.2: a parameter the endpoint does not know is ignored.
    expect(granted(await exchange({ ...base, resource: 'https://portal.example' })).token_type).toBe('bearer');
  });

  it('narrows the token to the client scope, also after a refresh', async () => {
    const client = await register(p.admin, 'admin', 'alarmSearch alarmManager');
    const answer = await exchange({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'admin' });
    const codes = async (token: string) => ((await p.call(token, 'GET', '/api/admin/user/front/info')).data.menus as Array<{ code: string }>).map((m) => m.code);
    const first = await codes(granted(answer).token);
    expect(first).toContain('alarmSearch');
    expect(first).not.toContain('userManager');
    const refreshed = await fetch(`${p.s.base}/jwt/refresh`, { headers: { 'access-token': granted(answer).token } }).then((r) => r.json() as Promise<{ token: string }>);
    expect(await codes(refreshed.token)).not.toContain('userManager');
    expect((await p.call(refreshed.token, 'POST', '/api/admin/user/page', { page: 1, limit: 10 })).code).toBe(40301);
  });

  it('revoking a client ends its tokens and its secret', async () => {
    const client = await register(p.admin, 'operator');
    const base = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, username: 'operator' };
    const answer = await exchange(base);
    expect((await p.call(granted(answer).token, 'GET', '/api/admin/user/front/info')).code).toBe(0);
    expect((await p.call(p.admin, 'POST', `/api/admin/portal-client/${client.id}/revoke`)).code).toBe(0);
    expect((await p.call(granted(answer).token, 'GET', '/api/admin/user/front/info')).code).toBe(40101);
    expect(refusal(await exchange(base))).toBe('invalid_client');
    // Another tenant cannot see or revoke it.
    const list = await p.call(p.admin2, 'POST', '/api/admin/portal-client/page', {});
    expect(list.data.list.some((c: { clientId: string }) => c.clientId === client.clientId)).toBe(false);
  });

  it('is rate-limited per client and address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await exchange({ grant_type: 'client_credentials', client_id: 'portal-flood', client_secret: 'x', username: 'operator' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The refusal is the OAuth one (slow_down), and a malformed request from the same client counts too.
    const limited = await exchange({ grant_type: 'client_credentials', client_id: 'portal-flood', client_secret: '', username: 'operator' });
    expect(limited.status).toBe(429);
    expect(refusal(limited)).toBe('slow_down');
  });

  it('is described in the OpenAPI document with its body schema', async () => {
    type Schema = { required?: string[]; properties?: Record<string, { type?: string; enum?: string[] }>; anyOf?: Schema[] };
    type Content = Record<string, { schema: Schema }>;
    const doc = (await fetch(`${p.s.base}/api/openapi.json`).then((r) => r.json())) as { paths: Record<string, Record<string, { summary: string; requestBody: { content: Content }; responses: Record<string, { content: Content }> }>> };
    const op = doc.paths['/jwt/portal/token']!.post!;
    expect(op.summary).toMatch(/Portal sign-in/);
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) expect(op.requestBody.content[type]?.schema.required).toEqual(['grant_type', 'client_id', 'client_secret', 'username']);
    // The token itself (not an envelope), and the OAuth refusal for the 4xx answers.
    const answer = op.responses['200']!.content['application/json']!.schema.anyOf![0]!;
    expect(answer.properties?.expires_in?.type).toBe('integer');
    expect(answer.properties).not.toHaveProperty('code');
    expect(op.responses['4XX']!.content['application/json']!.schema.properties?.error?.enum).toContain('invalid_client');
  });
});
