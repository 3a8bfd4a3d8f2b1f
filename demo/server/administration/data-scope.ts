// Data authority (SPEC §6 "Data permission is granted through data groups"): the data groups a
// user's roles grant, with everything below them, per type of group. A user whose roles name no data
// group of a type (and the super admin) is not narrowed for it; otherwise cameras (or devices) outside
// the granted groups do not exist for that user — in lists, play requests, values, history and the
// group trees.
import type { SessionUser } from '../context.ts';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import type { TenantData } from '../tenant-data.ts';

/**
 * The visible data group ids of one type (cameras 7, devices 8), or null when the user is not narrowed
 * for that type: their roles grant no group of it.
 */
export function visibleGroups(data: TenantData, user: SessionUser, type: number): ReadonlySet<number> | null {
  if (user.superAdmin) return null;
  const granted = data.all<{ id: number }>(
    `SELECT DISTINCT rdg.data_group_id AS id FROM role_data_group rdg JOIN user_role ur ON ur.role_id = rdg.role_id
     JOIN role r ON r.id = ur.role_id AND r.tenant_id = $tenant JOIN data_group g ON g.id = rdg.data_group_id AND g.type = ? AND g.tenant_id = $tenant
     WHERE ur.user_id = ?`,
    type,
    user.id,
  );
  if (granted.length === 0) return null;
  const out = new Set<number>();
  for (const g of granted) for (const id of groupAndBelow(data, g.id)) out.add(id);
  return out;
}

/** A group of the tenant and every group below it (nothing for another tenant's group). */
export function groupAndBelow(data: TenantData, id: number): number[] {
  return data
    .all<{ id: number }>(
      `WITH RECURSIVE tree(id) AS (SELECT id FROM data_group WHERE id = ? AND tenant_id = $tenant
         UNION ALL SELECT d.id FROM data_group d JOIN tree ON d.parent_id = tree.id WHERE d.tenant_id = $tenant)
       SELECT id FROM tree`,
      id,
    )
    .map((r) => r.id);
}

/** SQL narrowing `column` to the visible groups (nothing when the user is not narrowed). */
export function scopeSql(column: string, scope: ReadonlySet<number> | null): { sql: string; args: number[] } {
  if (!scope) return { sql: '', args: [] };
  return { sql: ` AND ${column} IN (${[...scope].map(() => '?').join(',') || 'NULL'})`, args: [...scope] };
}

/** Ids to keep in a group tree: the visible groups and the groups above them (the path to them). */
export function withAncestors(visible: ReadonlySet<number>, parents: ReadonlyMap<number, number | null>): Set<number> {
  const out = new Set<number>();
  for (const id of visible) {
    for (let at: number | null = id, steps = 0; at !== null && !out.has(at) && steps <= parents.size; at = parents.get(at) ?? null, steps++) out.add(at);
  }
  return out;
}

/**
 * Alarms follow their devices (SPEC §6): for a user narrowed to device groups, SQL keeping only the
 * alarms of devices filed in them (`column` is the alarm's device code), else nothing.
 */
export function alarmScopeSql(data: TenantData, user: SessionUser, column = 'a.device_code'): { sql: string; args: number[] } {
  const groups = visibleGroups(data, user, DEVICE_GROUP_TYPE);
  if (!groups) return { sql: '', args: [] };
  const inside = scopeSql('data_group_id', groups);
  // The fragment runs in a statement of the same tenant's data: its device list filters by $tenant.
  return { sql: ` AND ${column} IN (SELECT code FROM device WHERE tenant_id = $tenant${inside.sql})`, args: inside.args };
}
