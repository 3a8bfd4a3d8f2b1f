// The administration's data modules on their own (issue 39): their functions run on a started
// platform's database without a request, and a tenant's data reads and changes only that tenant's
// roles, menus, channels, vouchers and data groups; the platform-wide reads are the operator's.
import { describe, expect, it } from 'vitest';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { dataGroupExists, groupAndBelow, groupsOfType, insertGroup } from './data-group-data.ts';
import { licensed } from './licence-data.ts';
import { resetMenuEntry, saveMenuEntry, tenantMenus } from './menu-data.ts';
import { channelNameTaken, deleteChannels, findChannel, insertChannel, listChannels } from './notify-data.ts';
import { deleteRole, insertRole, loadRoles } from './role-data.ts';
import { isOperatorTenant, listTenants, tenantInfo } from './tenants-data.ts';
import { listVouchers, voucherExists } from './voucher-data.ts';

describe('administration data', () => {
  const p = usePlatform();
  const db = () => p.s.app.atrium.db;
  const tenant = (id: number) => tenantDataOf(db(), id);
  const paging = { page: 1, limit: 100 };

  it("reads and writes one tenant's roles, menus, channels, vouchers and groups; the other tenant's data sees none of them", () => {
    const [one, two] = [tenant(1), tenant(2)];

    // Roles: a role of tenant 2 is not among tenant 1's, and tenant 1 cannot delete it.
    const role = insertRole(two, { code: 'dataProbe', name: 'Data probe', description: '', parentId: null });
    expect(loadRoles(two).map((r) => r.id)).toContain(role);
    expect(loadRoles(one).map((r) => r.id)).not.toContain(role);
    deleteRole(one, role);
    expect(loadRoles(two).map((r) => r.code)).toContain('dataProbe');

    // Menus: tenant 2 renames an entry; tenant 1's tree keeps the platform's name and has nothing to reset.
    const entry = tenantMenus(two).find((m) => m.parentCode !== null)!;
    saveMenuEntry(two, entry.code, entry.parentCode, { zh: '改名', en: 'Renamed', icon: entry.icon, uri: entry.uri, sort: entry.sort, hidden: false }, false);
    expect(tenantMenus(two).find((m) => m.code === entry.code)).toMatchObject({ en: 'Renamed', changed: true });
    expect(tenantMenus(one).find((m) => m.code === entry.code)).toMatchObject({ en: entry.en, changed: false });
    expect(resetMenuEntry(one, entry.code)).toBe(0);
    expect(resetMenuEntry(two, entry.code)).toBe(1);

    // Notification channels: tenant 1's channel is not found, listed, taken or deleted through tenant 2.
    const channel = insertChannel(one, { name: 'Data probe', kind: 'email', config: JSON.stringify({ to: ['a@b.example'] }), levels: 'critical', enabled: 1 });
    expect(findChannel(one, channel)).toMatchObject({ name: 'Data probe', kind: 'email', config: { to: ['a@b.example'] }, levels: ['critical'], enabled: true });
    expect(findChannel(two, channel)).toBeUndefined();
    expect(listChannels(one, 'probe', paging).rows.map((c) => c.id)).toEqual([channel]);
    expect(listChannels(two, 'probe', paging).total).toBe(0);
    expect(channelNameTaken(one, 'Data probe', null)).toBe(true);
    expect(channelNameTaken(two, 'Data probe', null)).toBe(false);
    expect(deleteChannels(two, [channel])).toBeNull();
    expect(deleteChannels(one, [channel])).toBe(1);

    // Vouchers: each tenant lists its own.
    const vouchers = listVouchers(one, Date.now());
    expect(vouchers.length).toBeGreaterThan(0);
    expect(vouchers.every((v) => v.tenantId === 1)).toBe(true);
    const theirs = listVouchers(two, Date.now());
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((v) => v.tenantId === 2)).toBe(true);
    expect(voucherExists(two, vouchers[0]!.id)).toBe(false);

    // Data groups: tenant 1's new group and what is below it do not exist for tenant 2.
    const group = insertGroup(one, null, 'Data probe', CAMERA_GROUP_TYPE, 0);
    expect(groupsOfType(one, CAMERA_GROUP_TYPE).map((g) => g.id)).toContain(group);
    expect(groupsOfType(two, CAMERA_GROUP_TYPE).map((g) => g.id)).not.toContain(group);
    expect(dataGroupExists(two, group)).toBe(false);
    expect(groupAndBelow(one, group)).toEqual([group]);
    expect(groupAndBelow(two, group)).toEqual([]);

    // Tenants: each tenant's own info; the operator's list (platform-wide) holds the customers only.
    expect(tenantInfo(one).id).toBe(1);
    expect(tenantInfo(two).id).toBe(2);
    expect(isOperatorTenant(one)).toBe(false);
    const customers = listTenants(db(), undefined, paging).rows.map((t) => t.id);
    expect(customers).toEqual(expect.arrayContaining([1, 2]));
    const operator = db().prepare('SELECT id FROM tenant WHERE platform = 1').get() as { id: number };
    expect(customers).not.toContain(operator.id);
    expect(isOperatorTenant(tenant(operator.id))).toBe(true);
    expect(licensed(db(), 1)).toBe(true);
  });
});
