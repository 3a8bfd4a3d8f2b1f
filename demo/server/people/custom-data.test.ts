// Custom data: per user and tenant, versioned, validated, durable across restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from '../testing.ts';

describe('custom data', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let operator: string;
  beforeAll(async () => {
    s = await start();
    [admin, admin2, operator] = await Promise.all([
      login(s.base, 'admin', 'admin123'),
      login(s.base, 'admin2', 'admin123'),
      login(s.base, 'operator', 'operator123'),
    ]);
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const get = (token: string, customKey: string) => api(s.base, 'GET', '/api/admin/custom/data', { token, query: { customKey } });

  it('creates, reads back as a list, and updates with a growing version', async () => {
    const created = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customKey: 'videoWallConfig', customValue: '[]' } });
    expect(created.body.code).toBe(0);
    const id = created.body.data.id as number;
    const read = await get(admin, 'videoWallConfig');
    expect(read.body.data).toEqual([{ id, customKey: 'videoWallConfig', customValue: '[]', version: 1 }]);

    const put = await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body: { id, customValue: '[{"id":1}]', version: 1 } });
    expect(put.body.data).toMatchObject({ id, customValue: '[{"id":1}]', version: 2 });
    // Clients that do not send a version still update (the original API has none).
    const put2 = await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body: { id, customValue: '[{"id":2}]' } });
    expect(put2.body.data.version).toBe(3);
  });

  it('refuses a stale version so two tabs never silently overwrite each other', async () => {
    const created = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customKey: 'tabs', customValue: 'v1' } });
    const id = created.body.data.id as number;
    await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body: { id, customValue: 'from tab A', version: 1 } });
    const tabB = await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body: { id, customValue: 'from tab B', version: 1 }, headers: { lang: 'en' } });
    expect(tabB.body).toEqual({ code: -1, msg: 'data was changed elsewhere, reload' });
    expect((await get(admin, 'tabs')).body.data[0].customValue).toBe('from tab A');
    const again = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customKey: 'tabs', customValue: 'second create' } });
    expect(again.body.code).toBe(-1);
    expect((await get(admin, 'tabs')).body.data[0].customValue).toBe('from tab A');
  });

  it('keeps tenants and users apart: admin2 and operator cannot read or change admin\'s data', async () => {
    const created = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customKey: 'secret', customValue: 'tenant 1 only' } });
    const id = created.body.data.id as number;
    expect((await get(admin2, 'secret')).body.data).toEqual([]);
    expect((await get(operator, 'secret')).body.data).toEqual([]);

    for (const token of [admin2, operator]) {
      const put = await api(s.base, 'PUT', '/api/admin/custom/data', { token, body: { id, customValue: 'hijacked' }, headers: { lang: 'en' } });
      expect(put.body).toEqual({ code: -1, msg: 'data not found' });
    }
    expect((await get(admin, 'secret')).body.data[0].customValue).toBe('tenant 1 only');

    // The same key in another tenant is that tenant's own entry.
    const own = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin2, body: { customKey: 'secret', customValue: 'tenant 2' } });
    expect(own.body.code).toBe(0);
    expect((await get(admin, 'secret')).body.data[0].customValue).toBe('tenant 1 only');
  });

  it('answers -1 with a readable message for an invalid body and changes nothing', async () => {
    const created = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customKey: 'valid', customValue: 'kept' } });
    const id = created.body.data.id as number;
    const cases: unknown[] = [
      { id, customValue: 42 },
      { id: 'one', customValue: 'x' },
      { customValue: 'x' },
      [1, 2],
      '{not json',
    ];
    for (const body of cases) {
      const answer = await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body, headers: { lang: 'en' } });
      expect(answer.body.code).toBe(-1);
      expect(answer.body.msg).toMatch(/\w{3,}/);
    }
    expect((await api(s.base, 'PUT', '/api/admin/custom/data', { token: admin, body: { id, customValue: 42 }, headers: { lang: 'en' } })).body.msg).toBe(
      'customValue: Please enter text',
    );
    expect((await get(admin, 'valid')).body.data[0]).toMatchObject({ customValue: 'kept', version: 1 });
    const noKey = await api(s.base, 'POST', '/api/admin/custom/data', { token: admin, body: { customValue: 'x' }, headers: { lang: 'en' } });
    expect(noKey.body).toEqual({ code: -1, msg: 'customKey: This field is required', data: { field: 'customKey' } });
    const noQuery = await api(s.base, 'GET', '/api/admin/custom/data', { token: admin });
    expect(noQuery.body.code).toBe(-1);
  });

  it('answers 40101 without a valid token', async () => {
    expect((await get('no-such-token-000000000000000000000', 'x')).body.code).toBe(40101);
  });
});

describe('durability', () => {
  it('keeps data and sessions across a restart on the same data folder', async () => {
    const first = await start();
    const token = await login(first.base, 'admin', 'admin123');
    await api(first.base, 'POST', '/api/admin/custom/data', { token, body: { customKey: 'durable', customValue: 'still here' } });
    await first.stop();

    const second = await start({ dataDir: first.dir });
    try {
      const read = await api(second.base, 'GET', '/api/admin/custom/data', { token, query: { customKey: 'durable' } });
      expect(read.body.data[0].customValue).toBe('still here');
      // The seed ran once: the accounts are the same rows, not duplicates.
      const again = await login(second.base, 'admin', 'admin123');
      const info = await api(second.base, 'GET', '/api/admin/user/front/info', { token: again });
      expect(info.body.data.id).toBe(1);
    } finally {
      await second.stop();
      removeDir(first.dir);
    }
    // Two platform starts, the second on a folder it must open and check: beside the other lane's
    // type check and lint, more than the default 20 s on two busy cores.
  }, 60_000);
});
