// Devices in data groups (SPEC §6 "Data permission is granted through data groups"): a device is
// filed in at most one data group of the device type (8; cameras use 7), and a user whose roles grant
// device groups sees only the devices filed in them (device.ts, points.ts narrow by data-scope.ts).
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import { ops } from '../../../shared/contract/device.ts';
import { route } from '../contract.ts';
import { scopeSql, visibleGroups } from '../administration/data-scope.ts';
import type { Db } from '../db.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { inList } from '../resource.ts';
import { tenantData, tenantDataOf } from '../tenant-data.ts';

/**
 * The demo's device groups (first start, tenant 1): the plant and the life-safety devices, filed by
 * code. Names in both languages, [Chinese (stored), English] (local-names.ts).
 */
export const SEED_GROUPS: ReadonlyArray<[names: readonly [zh: string, en: string], prefixes: readonly string[]]> = [
  [['暖通空调', 'HVAC plant'], ['FCU-', 'AHU-', 'TEMP-']],
  [['生命安全', 'Life safety'], ['SMOKE-', 'DOOR-']],
];

const TEXT = {
  noGroup: { zh: '设备数据分组不存在', en: 'no such device data group' },
  noDevice: { zh: '设备不存在：{ids}', en: 'no such device: {ids}' },
} as const satisfies Record<string, Record<Lang, string>>;


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

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.fileInGroup, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const ids = [...new Set(request.body.ids)];
    const groupId = request.body.dataGroupId;
    const groups = visibleGroups(data, user, DEVICE_GROUP_TYPE);
    if (groupId !== null) {
      const group = data.get('SELECT id FROM data_group WHERE id = ? AND tenant_id = $tenant AND type = ?', groupId, DEVICE_GROUP_TYPE);
      if (!group || (groups && !groups.has(groupId))) return fail(TEXT.noGroup[lang]);
    }
    if (ids.length === 0) return ok({ filed: 0 });
    const narrow = scopeSql('data_group_id', groups);
    const found = new Set(data.all<{ id: number }>(`SELECT id FROM device WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${narrow.sql}`, ...ids, ...narrow.args).map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return fail(TEXT.noDevice[lang].replace('{ids}', missing.slice(0, 10).join(', ')));
    data.tx(() => {
      for (const id of ids) data.run('UPDATE device SET data_group_id = ? WHERE id = ? AND tenant_id = $tenant', groupId, id);
    });
    return ok({ filed: ids.length });
  });
};

export default plugin;
