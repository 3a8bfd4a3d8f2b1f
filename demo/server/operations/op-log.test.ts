import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpLogRow } from '../../../shared/api/op-log-types.ts';
import { api, login, removeDir, start, type Running } from '../testing.ts';

let s: Running;
let admin: string;
beforeAll(async () => {
  s = await start();
  admin = await login(s.base, 'admin', 'admin123');
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

const page = async (token: string, body: Record<string, unknown> = {}) => (await api(s.base, 'POST', '/api/ops/gate_log/page', { token, body: { page: 1, limit: 100, ...body }, headers: { lang: 'en' } })).body;
const rows = async (token: string, body: Record<string, unknown> = {}) => (await page(token, body)).data.rows as OpLogRow[];
/** A log row is written once its answer has gone out: wait for the row of the last call made. */
const settled = (token: string, path: string) =>
  vi.waitFor(async () => expect((await rows(token)).some((r) => r.path === path)).toBe(true), { timeout: 3000, interval: 10 });

describe('operation logs', () => {
  it('records writes, sign-ins (also failed ones), sign-outs and refused calls — never reads or bodies', async () => {
    await api(s.base, 'POST', '/api/admin/user/dep', { token: admin, body: { name: 'Audit room', parentId: null } });
    await fetch(`${s.base}/jwt/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: 'not-the-password', model: 'password', verifyCode: '1234' }) });
    const operator = await login(s.base, 'operator', 'operator123');
    await api(s.base, 'POST', '/api/admin/user/page', { token: operator, body: { page: 1, limit: 10 } });
    await api(s.base, 'GET', '/api/admin/user/front/info', { token: operator });
    await fetch(`${s.base}/jwt/invalid`, { method: 'POST', headers: { 'access-token': operator } });
    await settled(admin, '/jwt/invalid');
    const log = await rows(admin);
    const find = (path: string, result?: string) => log.find((r) => r.path === path && (!result || r.result === result));
    expect(find('/api/admin/user/dep', 'ok')).toMatchObject({ username: 'admin', method: 'POST', code: 0 });
    expect(find('/jwt/token', 'failed')).toMatchObject({ username: 'operator' });
    expect(find('/jwt/token', 'ok')).toMatchObject({ username: 'operator' });
    expect(find('/api/admin/user/page', 'refused')).toMatchObject({ username: 'operator', code: 40301 });
    expect(find('/jwt/invalid')).toBeDefined();
    expect(find('/api/admin/user/front/info')).toBeUndefined();
    expect(JSON.stringify(log)).not.toContain('not-the-password');
    expect(JSON.stringify(log)).not.toContain(operator);
  });

  it('keeps tenants apart, filters, and refuses a window beyond 3 months', async () => {
    // Its own rows to filter (it runs alone too): the operator signs in and is refused a page.
    const operator = await login(s.base, 'operator', 'operator123');
    const refusedBefore = (await rows(admin, { result: 'refused' })).length;
    await api(s.base, 'POST', '/api/admin/user/page', { token: operator, body: { page: 1, limit: 10 } });
    await vi.waitFor(async () => expect((await rows(admin, { result: 'refused' })).length).toBe(refusedBefore + 1), { timeout: 3000, interval: 10 });
    const admin2 = await login(s.base, 'admin2', 'admin123');
    await settled(admin2, '/jwt/token');
    const theirs = await rows(admin2);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.username === 'admin2')).toBe(true);
    const refused = await rows(admin, { result: 'refused' });
    expect(refused.some((r) => r.path === '/api/admin/user/page' && r.username === 'operator')).toBe(true);
    expect(refused.every((r) => r.result === 'refused')).toBe(true);
    const byName = await rows(admin, { username: 'oper' });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.username.includes('oper'))).toBe(true);
    expect(byName.some((r) => r.username === 'admin')).toBe(false);
    const old = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    expect(await page(admin, { from: old })).toMatchObject({ code: -1, data: { field: 'from' } });
  });

  it('offers no way to change or delete a record, and a changed record breaks the chain', async () => {
    expect((await api(s.base, 'DELETE', '/api/ops/gate_log/1', { token: admin })).status).toBe(404);
    expect((await api(s.base, 'PUT', '/api/ops/gate_log/1', { token: admin, body: {} })).status).toBe(404);
    const intact = (await api(s.base, 'GET', '/api/ops/gate_log/verify', { token: admin })).body.data;
    expect(intact).toMatchObject({ intact: true });
    expect(intact.records).toBeGreaterThan(3);
    s.app.atrium.db.prepare("UPDATE op_log SET username = 'someone-else' WHERE id = (SELECT MIN(id) FROM op_log WHERE tenant_id = 1)").run();
    expect((await api(s.base, 'GET', '/api/ops/gate_log/verify', { token: admin })).body.data).toMatchObject({ intact: false, brokenAt: 0 });
  });
});
