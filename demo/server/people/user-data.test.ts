// The people domain's data modules on their own (issue 39): users and departments, custom items,
// portal clients, third-party platforms, the profile. The users' data module: its functions run on a started platform's database
// without a request, and a tenant's data sees and changes only that tenant's users and departments.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { customItem, customItemByKey, insertCustomItem, updateCustomItem } from './custom-data.ts';
import { insertOauthPlatform, listOauthPlatforms, oauthPlatformRow } from './oauth-data.ts';
import { insertPortalClient, portalClients, revokePortalClient } from './portal-token-data.ts';
import { profileOf } from './profile-data.ts';
import { deleteUsers, departmentOf, departmentTree, findUser, insertDepartment, listUsers, platformAccounts, roleMembers, updateUser, usersToExport } from './user-data.ts';

describe('user data', () => {
  const p = usePlatform();
  const tenant = (id: number) => tenantDataOf(p.s.app.atrium.db, id);
  const names = (tenantId: number) => listUsers(tenant(tenantId), {}, 1000, 0).rows.map((u) => u.username);

  it("lists, finds and changes one tenant's users; the other tenant's data sees none of them", () => {
    expect(names(1)).toEqual(expect.arrayContaining(['admin', 'operator', 'viewer']));
    expect(names(1)).not.toContain('admin2');
    expect(names(2)).toContain('admin2');
    expect(names(2)).not.toContain('admin');
    const admin = listUsers(tenant(1), { keyword: 'admin' }, 10, 0).rows.find((u) => u.username === 'admin')!;
    expect(admin).toMatchObject({ superAdmin: true, departmentName: '总部' });
    expect(findUser(tenant(1), admin.id)).toMatchObject({ username: 'admin' });
    expect(findUser(tenant(2), admin.id)).toBeNull();
    // Tenant 2 cannot delete or edit tenant 1's account through its data.
    expect(deleteUsers(tenant(2), [admin.id])).toBe(0);
    updateUser(tenant(2), admin.id, { name: 'Taken over', phone: '', email: '', status: 'deactivated', gender: 'unknown', departmentId: null, passwordHash: null });
    expect(findUser(tenant(1), admin.id)).toMatchObject({ name: admin.name, status: 'normal' });
    // Role members and the export's rows are the tenant's own too.
    expect(roleMembers(tenant(2), admin.roleIds[0]!)).toEqual([]);
    expect(usersToExport(tenant(2), null, 'admin').rows().map((u) => u.username)).toEqual(['admin2']);
    // Accounts are unique across the platform: the platform's read sees both tenants'.
    const accounts = platformAccounts(p.s.app.atrium.db);
    expect([accounts.accountTaken('admin'), accounts.accountTaken('admin2'), accounts.accountTaken('nobody.here')]).toEqual([true, true, false]);
  });

  it("keeps a department in its tenant's tree", () => {
    const id = insertDepartment(tenant(2), null, 'Data test', 5, null);
    const flat = (tenantId: number): string[] => {
      const out: string[] = [];
      const walk = (nodes: ReturnType<typeof departmentTree>) => nodes.forEach((n) => (out.push(n.name), walk(n.children)));
      walk(departmentTree(tenant(tenantId)));
      return out;
    };
    expect(flat(2)).toContain('Data test');
    expect(flat(1)).not.toContain('Data test');
    expect(departmentOf(tenant(2), id)).toMatchObject({ stored_name: 'Data test', parent_id: null });
    expect(departmentOf(tenant(1), id)).toBeUndefined();
  });

  it("keeps custom items, portal clients, third-party platforms and profiles in their tenant", () => {
    const id = insertCustomItem(tenant(2), 1, 'data.test', '{"a":1}', Date.now());
    expect(customItemByKey(tenant(2), 1, 'data.test')).toMatchObject({ id, customValue: '{"a":1}', version: 1 });
    expect(customItemByKey(tenant(1), 1, 'data.test')).toBeUndefined();
    // A save through the other tenant's data finds nothing to change; the version guards the tenant's own.
    expect(updateCustomItem(tenant(1), 1, id, 'data.test', 'taken', 1, Date.now())).toBe(false);
    expect(updateCustomItem(tenant(2), 1, id, 'data.test', '{"a":2}', 1, Date.now())).toBe(true);
    expect(updateCustomItem(tenant(2), 1, id, 'data.test', '{"a":3}', 1, Date.now())).toBe(false);
    expect(customItem(tenant(2), 1, id)).toMatchObject({ customValue: '{"a":2}', version: 2 });

    const client = insertPortalClient(tenant(2), { name: 'Data portal', clientId: 'portal-data-test', secretHash: 'ab', users: '', scope: '', createdAt: Date.now() });
    expect(portalClients(tenant(2)).map((c) => c.id)).toContain(client);
    expect(portalClients(tenant(1)).map((c) => c.id)).not.toContain(client);
    expect(revokePortalClient(tenant(1), client, Date.now())).toBe(false);
    expect(portalClients(tenant(2)).find((c) => c.id === client)).toMatchObject({ revoked_at: null });

    const fields = { name: 'Data IdP', clientId: 'c', secretSealed: '', issuer: 'https://idp.example', authorizeUrl: '', tokenUrl: '', userinfoUrl: '', scopes: 'openid', enabled: 1 };
    const platform = insertOauthPlatform(tenant(2), fields, Date.now());
    expect(listOauthPlatforms(tenant(2), 'Data IdP', 10, 0)).toMatchObject({ total: 1, rows: [{ id: platform, hasSecret: false, bindings: 0 }] });
    expect(listOauthPlatforms(tenant(1), 'Data IdP', 10, 0).total).toBe(0);
    expect(oauthPlatformRow(tenant(1), platform)).toBeUndefined();

    const admin2 = listUsers(tenant(2), { keyword: 'admin2' }, 1, 0).rows[0]!;
    expect(profileOf(tenant(2), admin2.id)).toMatchObject({ username: 'admin2', tenantId: 2 });
    expect(profileOf(tenant(1), admin2.id)).toBeUndefined();
  });
});
