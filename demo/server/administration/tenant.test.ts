// Tenants: only the platform operator manages them; a new tenant comes with its one super admin who can
// sign in; names are unique; deleting a tenant that holds users asks for the typed word and then
// removes everything of it, ending its sessions at once. Tenant info: a tenant edits its own name and
// logos, checked by content.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { api, login } from '../testing.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd2f3a0000000049454e44ae426082', 'hex');

describe('tenants', () => {
  const p = usePlatform();
  const { call } = p;
  let vendor = '';
  const newTenant = { type: 'enterprise', name: 'Harbour Towers', home: 'https://harbour.example', description: 'Two towers', adminUsername: 'harbour.admin', adminName: 'Harbour Admin', adminPassword: 'harbour-pass-1' };

  it('is the platform operator’s alone', async () => {
    vendor = await login(p.s.base, 'vendor', 'vendor123');
    expect((await call(p.admin, 'GET', '/api/admin/tenant/page')).code).toBe(40301);
    const page = (await call(vendor, 'GET', '/api/admin/tenant/page')).data;
    expect(page.rows.map((t: { name: string }) => t.name)).toEqual(['Demo Building Co.', 'Second Tenant Ltd.']);
    expect(page.rows[0]).toMatchObject({ superAdmin: 'admin', users: expect.any(Number) });
  });

  it('creates a tenant with its one super admin, who signs in; refuses a name or account already used', async () => {
    expect((await call(vendor, 'POST', '/api/admin/tenant', { ...newTenant, name: 'Demo Building Co.' })).msg).toBe('The same name already exists.');
    expect((await call(vendor, 'POST', '/api/admin/tenant', { ...newTenant, adminUsername: 'admin' })).msg).toBe('This account is already taken');
    expect((await call(vendor, 'POST', '/api/admin/tenant', { ...newTenant, home: 'javascript:alert(1)' })).msg).toBe('The home page must be an https:// address');
    const made = await call(vendor, 'POST', '/api/admin/tenant', newTenant);
    expect(made.data).toMatchObject({ name: 'Harbour Towers', superAdmin: 'harbour.admin', users: 1, devices: 0 });
    const token = await login(p.s.base, 'harbour.admin', 'harbour-pass-1');
    const info = (await call(token, 'GET', '/api/admin/user/front/info')).data;
    expect(info).toMatchObject({ type: 'superAdmin', tenantId: made.data.id });
    // A tenant's super admin sees none of the others.
    expect((await call(token, 'POST', '/api/document/page', { page: 1, limit: 10 })).data.total).toBe(0);
  });

  it('deleting a tenant with users needs the typed word, then ends its sessions at once', async () => {
    const harbour = (await call(vendor, 'GET', '/api/admin/tenant/page', undefined, { keyword: 'Harbour' })).data.rows[0];
    const token = await login(p.s.base, 'harbour.admin', 'harbour-pass-1');
    expect((await call(token, 'POST', '/api/admin/user', { username: 'harbour.staff', name: 'Staff', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: '13900009999', email: 'staff@harbour.example' })).code).toBe(0);
    expect((await call(vendor, 'DELETE', `/api/admin/tenant/${harbour.id}`, {})).msg).toBe('The tenant still holds 2 users and 0 devices; type delete to remove them all');
    expect((await call(vendor, 'DELETE', `/api/admin/tenant/${harbour.id}`, { confirm: 'delete' })).code).toBe(0);
    expect((await call(token, 'GET', '/api/admin/user/front/info')).code).toBe(40101);
    expect((await api(p.s.base, 'GET', '/api/admin/tenant/page', { token: vendor, query: { keyword: 'Harbour' } })).body.data.total).toBe(0);
    expect((await call(vendor, 'DELETE', '/api/admin/tenant/1', { confirm: 'delete' })).msg).toBe('The default tenant (the one the sign-in page shows) cannot be deleted');
  });

  it('a tenant edits its own info and logos; the logo is checked by content', async () => {
    const upload = async (which: string, name: string, data: Buffer) => {
      const form = new FormData();
      form.append('which', which);
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return (await api(p.s.base, 'POST', '/api/admin/tenant/logo', { token: p.admin2, form, headers: { lang: 'en' } })).body;
    };
    expect((await upload('main', 'logo.png', Buffer.from('<html><script>alert(1)</script></html>'))).code).toBe(-1);
    const done = await upload('small', 'small.png', PNG);
    expect(done.data.logoUrl).toMatch(/;\/upload\/logo\/2-small-[\w-]+\.png$/);
    const renamed = await call(p.admin2, 'PUT', '/api/admin/tenant/info', { name: 'Second Tenant Group', home: 'https://second.example', description: '' });
    expect(renamed.data).toMatchObject({ name: 'Second Tenant Group' });
    const detail = (await call(p.admin2, 'GET', '/api/admin/tenant/detail')).data[0];
    expect(detail).toMatchObject({ name: 'Second Tenant Group', logoUrl: done.data.logoUrl });
    expect((await call(p.admin2, 'PUT', '/api/admin/tenant/info', { name: 'Demo Building Co.', home: '', description: '' })).msg).toBe('The same name already exists.');
  });
});
