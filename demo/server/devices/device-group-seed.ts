// The demo's device data groups (first start, tenant 1), with the seeded devices filed in them by code
// (issue 39: moved out of device-group.ts; seeds keep their SQL in `*-seed.ts`).
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';

/**
 * The demo's device groups (first start, tenant 1): the plant and the life-safety devices, filed by
 * code. Names in both languages, [Chinese (stored), English] (local-names.ts).
 */
export const SEED_GROUPS: ReadonlyArray<[names: readonly [zh: string, en: string], prefixes: readonly string[]]> = [
  [['暖通空调', 'HVAC plant'], ['FCU-', 'AHU-', 'TEMP-']],
  [['生命安全', 'Life safety'], ['SMOKE-', 'DOOR-']],
];

export function seed(db: Db): void {
  // The demo's first tenant (the tenant table itself holds no tenant rows); the groups are its own.
  const tenant = db.prepare('SELECT id FROM tenant WHERE platform = 0 ORDER BY id LIMIT 1').get<{ id: number }>();
  if (!tenant) return;
  const data = tenantDataOf(db, tenant.id);
  if (data.get('SELECT 1 FROM data_group WHERE tenant_id = $tenant AND type = ?', DEVICE_GROUP_TYPE)) return;
  data.tx(() => {
    SEED_GROUPS.forEach(([[name, nameEn], prefixes], i) => {
      const id = Number(data.run('INSERT INTO data_group (tenant_id, parent_id, name, name_en, type, sort) VALUES ($tenant, NULL, ?, ?, ?, ?)', name, nameEn, DEVICE_GROUP_TYPE, i).lastInsertRowid);
      for (const prefix of prefixes) data.run("UPDATE device SET data_group_id = ? WHERE tenant_id = $tenant AND code LIKE ? ESCAPE '\\'", id, `%${prefix}%`);
    });
  });
}

