// The data groups' data (issue 39): a tenant's groups (data_group) through its tenant data, and the
// data authority's reads — the groups a user's roles grant and everything below them, and the SQL
// fragments other domains' data modules use to narrow their rows to them (data-scope.ts says what
// data authority means and re-exports these).
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import type { SessionUser } from '../context.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A group as the API answers it, before its children are placed (buildTree). */
export type GroupNode = Omit<DataGroup, 'children'>;

const GROUP = shape<GroupNode>({
  id: col.value('id'),
  parentId: col.value('parent_id'),
  name: col.value('loc(name, name_en)'),
  type: col.value('type'),
  sort: col.value('sort'),
});

/** What is stored of a group (names as stored: local-names.ts), for editing it. */
export interface StoredGroup {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  type: number;
  sort: number;
}

/** One of the tenant's groups as stored, or undefined. */
export const storedGroup = (td: TenantData, id: number): StoredGroup | undefined =>
  td.get<StoredGroup>('SELECT id, parent_id, name, name_en, type, sort FROM data_group WHERE id = ? AND tenant_id = $tenant', id);

/** Whether the group is the tenant's. */
export const dataGroupExists = (td: TenantData, id: number): boolean => Boolean(td.get('SELECT 1 FROM data_group WHERE id = ? AND tenant_id = $tenant', id));

/** One of the tenant's groups as answered, without children (the tree call places them). */
export const groupNode = (td: TenantData, id: number): DataGroup => ({ ...GROUP.read(td.get(`SELECT ${GROUP.select} FROM data_group WHERE id = ? AND tenant_id = $tenant`, id)!), children: [] });

/** Every group of the tenant of one type, in no particular order. */
export const groupsOfType = (td: TenantData, type: number): GroupNode[] => GROUP.all(td.all(`SELECT ${GROUP.select} FROM data_group WHERE tenant_id = $tenant AND type = ?`, type));

/** Adds a group of the tenant (parent null: at the top); answers its id. */
export const insertGroup = (td: TenantData, parentId: number | null, name: string, type: number, sort: number): number =>
  Number(td.run('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES ($tenant, ?, ?, ?, ?)', parentId, name, type, sort).lastInsertRowid);

/** Changes one of the tenant's groups: its names as stored, its parent and its order. */
export const updateGroup = (td: TenantData, id: number, names: { name: string; name_en: string }, parentId: number | null, sort: number): void =>
  void td.run('UPDATE data_group SET name = ?, name_en = ?, parent_id = ?, sort = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, parentId, sort, id);

/** Removes one of the tenant's groups: its subgroups go with it (ON DELETE CASCADE), cameras stay ungrouped (ON DELETE SET NULL). */
export const deleteGroup = (td: TenantData, id: number): void => void td.run('DELETE FROM data_group WHERE id = ? AND tenant_id = $tenant', id);

// ---- data authority -----------------------------------------------------------------------------

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
