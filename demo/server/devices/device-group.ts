// Devices in data groups (SPEC §6 "Data permission is granted through data groups"): a device is
// filed in at most one data group of the device type (8; cameras use 7), and a user whose roles grant
// device groups sees only the devices filed in them (device.ts, points.ts narrow by data-scope.ts).
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import { ops } from '../../../shared/contract/device.ts';
import { route } from '../contract.ts';
import { visibleGroups } from '../administration/data-scope.ts';
import { fail, ok, userOf } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { tenantData } from '../tenant-data.ts';
import { deviceGroupExists, deviceIdsAmong, fileDevices } from './device-group-data.ts';

// The demo's groups and their seed live in device-group-seed.ts (the schema steps read SEED_GROUPS).
export { SEED_GROUPS, seed } from './device-group-seed.ts';

const TEXT = {
  noGroup: { zh: '设备数据分组不存在', en: 'no such device data group' },
  noDevice: { zh: '设备不存在：{ids}', en: 'no such device: {ids}' },
} as const satisfies Record<string, Record<Lang, string>>;


const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.fileInGroup, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const ids = [...new Set(request.body.ids)];
    const groupId = request.body.dataGroupId;
    const groups = visibleGroups(data, user, DEVICE_GROUP_TYPE);
    if (groupId !== null) {
      if (!deviceGroupExists(data, groupId) || (groups && !groups.has(groupId))) return fail(TEXT.noGroup[lang]);
    }
    if (ids.length === 0) return ok({ filed: 0 });
    const found = deviceIdsAmong(data, ids, groups);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return fail(TEXT.noDevice[lang].replace('{ids}', missing.slice(0, 10).join(', ')));
    fileDevices(data, ids, groupId);
    return ok({ filed: ids.length });
  });
};

export default plugin;
