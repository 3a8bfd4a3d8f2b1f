// The device operations (SPEC §3 devices and gateways, §4 device states, §6 data groups, §7 "Device"):
// filing devices in a device data group and the gateway list.
import Type from 'typebox';
import { DEVICE_BATCH_MAX, DEVICE_GROUP_TYPE, DEVICE_PAGE_MAX, DEVICE_STATUSES } from '../api/device-types.ts';
import { operation } from './operation.ts';
import { Id, Ids, Int, MAX_PAGE, OneOf, Strict, Text } from './fields.ts';

const TAG = 'Device';

export const DeviceStatus = OneOf(DEVICE_STATUSES, { description: 'online, offline or unknown (SPEC §4)' });
/** The SPEC §9 list-total marker switch: 'none' skips counting (total -1). */
export const CountMode = OneOf(['exact', 'none'] as const, { description: "'none' skips counting (total -1); 'exact' (default) counts" });
/** Paging of the device and gateway lists: one page may hold a whole 20000-row list (SPEC §9). */
export const ListPaging = {
  page: Type.Optional(Int(1, MAX_PAGE, { description: 'Page number, from 1 (default 1)' })),
  limit: Type.Optional(Int(1, DEVICE_PAGE_MAX, { description: `Rows per page, 1 to ${DEVICE_PAGE_MAX} (default 20)` })),
};
const ListTotal = Type.Integer({ minimum: -2, description: 'Matching rows in all pages; -1 when not counted (count=none)' });

// ---- data groups -------------------------------------------------------------------------------

export const DeviceGrouping = Strict({
  ids: Ids(DEVICE_BATCH_MAX, 0, { description: 'The devices to file (none: only checks the group)' }),
  dataGroupId: Type.Union([Id(), Type.Null()], { description: `A device data group (type ${DEVICE_GROUP_TYPE}); null takes the devices out of any group` }),
});
export const DeviceGroupingResult = Strict({ filed: Type.Integer({ minimum: 0, description: 'Devices filed' }) });

// ---- gateways ----------------------------------------------------------------------------------

export const Gateway = Strict({
  id: Id(),
  code: Type.String(),
  name: Type.String(),
  ip: Type.String(),
  mac: Type.String(),
  version: Type.String(),
  status: DeviceStatus,
  statusAt: Type.Integer({ minimum: 0, description: 'When the status last changed (ms since epoch)' }),
  distributedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'When the configuration was last distributed to it (ms), null when never' }),
  areaId: Type.Union([Type.String(), Type.Null()], { description: "The area's rowGuid, null when none" }),
  areaName: Type.String(),
  deviceCount: Type.Integer({ minimum: 0, description: 'Devices behind this gateway' }),
});

export const GatewayListQuery = Strict({
  ...ListPaging,
  status: Type.Optional(DeviceStatus),
  keyword: Type.Optional(Text(0, 64, { description: 'Text in the code or name (ASCII letters case-insensitive)' })),
  count: Type.Optional(CountMode),
});

export const GatewayPage = Strict({ total: ListTotal, rows: Type.Array(Gateway) });

const sampleGateway = {
  id: 1,
  code: 'GW-001',
  name: 'Gateway 1',
  ip: '10.0.0.2',
  mac: '00:11:22:33:44:55',
  version: '1.2.0',
  status: 'online',
  statusAt: 1777622400000,
  distributedAt: null,
  areaId: 'a1',
  areaName: 'Tower A',
  deviceCount: 12,
} as const;

export const ops = {
  fileInGroup: operation({
    method: 'POST',
    path: '/api/device/data-group',
    rights: { menu: 'subsystemManage' },
    tag: TAG,
    summary: 'Files devices in a device data group, or takes them out of any',
    description: `Data permission (SPEC §6): a device is filed in at most one data group of type ${DEVICE_GROUP_TYPE}, and a user whose roles grant device groups sees only the devices filed in them. All or none: a device that is not the tenant's (or outside the caller's groups), or a group that is not a device group of the tenant, refuses the request and nothing changes.`,
    body: DeviceGrouping,
    data: DeviceGroupingResult,
    examples: { body: { ids: [1, 2], dataGroupId: 3 }, data: { filed: 2 } },
  }),
  gatewayList: operation({
    method: 'GET',
    path: '/api/gateway/list',
    rights: { anyMenu: ['MonitorOPS', 'devManager'] },
    tag: TAG,
    summary: "The tenant's gateways (IoT routers), by code, paged",
    description: 'Filtered by status and by a keyword in the code or name; each row counts the devices behind the gateway. count=none skips the total (SPEC §9 marker -1).',
    query: GatewayListQuery,
    data: GatewayPage,
    examples: { query: { page: 1, limit: 20, status: 'online' }, data: { total: 1, rows: [sampleGateway] } },
  }),
};
