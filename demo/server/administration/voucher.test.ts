// Vouchers: the operator issues them; a tenant whose vouchers have all expired answers 40401 ('Illegal
// License') to its users at once, and is licensed again by a new one; a provisional voucher needs a
// future expiry; tenants see only their own.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { login } from '../testing.ts';

describe('vouchers', () => {
  const p = usePlatform();
  const { call } = p;

  it('the demo tenants start with a perpetual voucher each; a tenant sees its own', async () => {
    const mine = (await call(p.admin, 'GET', '/api/admin/user/certi')).data as Array<{ kind: string; tenantId: number }>;
    expect(mine).toEqual([expect.objectContaining({ kind: 'perpetual', tenantId: 1, expired: false })]);
    expect((await call(p.admin2, 'GET', '/api/admin/user/certi', undefined, { tenantId: '1' })).data).toEqual([expect.objectContaining({ tenantId: 2 })]);
    expect((await call(p.admin, 'POST', '/api/admin/user/certi', { tenantId: 1, kind: 'perpetual' })).code).toBe(40301);
    expect((await call(p.admin, 'GET', '/api/admin/certi/type')).data.map((t: { value: string }) => t.value)).toEqual(['provisional', 'perpetual']);
  });

  it('all vouchers expired: the tenant’s users get 40401 at once; a new voucher licenses it again', async () => {
    const vendor = await login(p.s.base, 'vendor', 'vendor123');
    expect((await call(vendor, 'POST', '/api/admin/user/certi', { tenantId: 2, kind: 'provisional', expiresOn: '2020-01-01' })).msg).toBe('A provisional voucher needs an expiry date after today (YYYY-MM-DD)');
    const perpetual = (await call(vendor, 'GET', '/api/admin/user/certi', undefined, { tenantId: '2' })).data[0];
    expect((await call(vendor, 'DELETE', `/api/admin/user/certi/${perpetual.id}`)).code).toBe(0);
    const refused = await call(p.admin2, 'GET', '/api/admin/user/front/info');
    expect(refused).toMatchObject({ code: 40401, msg: 'License expired, contact the service operator for a legal License' });
    // The other tenant and the operator carry on.
    expect((await call(p.admin, 'GET', '/api/admin/user/front/info')).code).toBe(0);
    const future = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const issued = await call(vendor, 'POST', '/api/admin/user/certi', { tenantId: 2, kind: 'provisional', expiresOn: future, note: 'renewal' });
    expect(issued.data).toMatchObject({ kind: 'provisional', expired: false, code: expect.stringMatching(/^ATR-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/) });
    expect((await call(p.admin2, 'GET', '/api/admin/user/front/info')).code).toBe(0);
    // The expiry passes (moved into the past on the platform): refused again.
    p.s.app.atrium.db.prepare('UPDATE voucher SET expires_at = ? WHERE id = ?').run(Date.now() - 1000, issued.data.id);
    expect((await call(p.admin2, 'GET', '/api/admin/user/front/info')).code).toBe(40401);
  });
});
