// Per-user key/value storage in the database (people/custom.ts, SPEC §7 "Custom data"): the user's
// items of their tenant ($tenant), each with a version that counts its saves.
import type { CustomDataItem } from '../../../shared/api/types.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

const ITEM = shape<CustomDataItem>({
  id: col.value('id'),
  customKey: col.value('custom_key'),
  customValue: col.value('custom_value'),
  version: col.value('version'),
});

const BY_ID = `SELECT ${ITEM.select} FROM custom_data WHERE id = ? AND tenant_id = $tenant AND user_id = ?`;

/** The user's item under a key. */
export function customItemByKey(data: TenantData, userId: number, key: string): CustomDataItem | undefined {
  const row = data.get(`SELECT ${ITEM.select} FROM custom_data WHERE tenant_id = $tenant AND user_id = ? AND custom_key = ?`, userId, key);
  return row && ITEM.read(row);
}

/** The user's item by its id. */
export function customItem(data: TenantData, userId: number, id: number): CustomDataItem | undefined {
  const row = data.get(BY_ID, id, userId);
  return row && ITEM.read(row);
}

/** Creates the user's item (version 1); answers its id. Throws the UNIQUE violation when the key is taken. */
export const insertCustomItem = (data: TenantData, userId: number, key: string, value: string, at: number): number =>
  Number(data.run('INSERT INTO custom_data (tenant_id, user_id, custom_key, custom_value, version, updated_at) VALUES ($tenant, ?, ?, ?, 1, ?)', userId, key, value, at).lastInsertRowid);

/**
 * Saves the user's item when it is still at `version` (the version then counts up); answers whether it
 * was. Throws the UNIQUE violation when the new key is another item's.
 */
export const updateCustomItem = (data: TenantData, userId: number, id: number, key: string, value: string, version: number, at: number): boolean =>
  data.run(
    `UPDATE custom_data SET custom_key = ?, custom_value = ?, version = version + 1, updated_at = ?
     WHERE id = ? AND tenant_id = $tenant AND user_id = ? AND version = ?`,
    key,
    value,
    at,
    id,
    userId,
    version,
  ).changes !== 0;
