// Devices filed in data groups, in the tenant's data (issue 39: the SQL of device-group.ts, moved).
// Every function takes the tenant's data (tenant-data.ts).
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import { scopeSql } from '../administration/data-scope.ts';
import { inList } from '../resource.ts';
import type { TenantData } from '../tenant-data.ts';

/** Whether the tenant has a device data group (type 8) with this id. */
export const deviceGroupExists = (data: TenantData, id: number): boolean =>
  Boolean(data.get('SELECT id FROM data_group WHERE id = ? AND tenant_id = $tenant AND type = ?', id, DEVICE_GROUP_TYPE));

/** The ids among `ids` of the tenant's devices inside a user's data-group scope (null: all). */
export function deviceIdsAmong(data: TenantData, ids: readonly number[], scope: ReadonlySet<number> | null): Set<number> {
  const narrow = scopeSql('data_group_id', scope);
  return new Set(data.all<{ id: number }>(`SELECT id FROM device WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${narrow.sql}`, ...ids, ...narrow.args).map((r) => r.id));
}

/** Files the devices in a group (null: in none), all in one transaction. */
export function fileDevices(data: TenantData, ids: readonly number[], groupId: number | null): void {
  data.tx(() => {
    for (const id of ids) data.run('UPDATE device SET data_group_id = ? WHERE id = ? AND tenant_id = $tenant', groupId, id);
  });
}
