// The device operations (SPEC §3 devices and gateways, §4 device states, §6 data groups, §7 "Device"):
// the area tree, the device list and its status-change feed, creating one device or a batch, filing
// devices in a device data group, and the gateway list.
import Type from 'typebox';
import { DEVICE_BATCH_MAX, DEVICE_GROUP_TYPE, DEVICE_PAGE_MAX, DEVICE_SORT_KEYS, DEVICE_STATUSES } from '../api/device-types.ts';
import { operation } from './operation.ts';
import { Id, Ids, Int, MAX_ID, MAX_PAGE, OneOf, Strict, Text } from './fields.ts';

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

// ---- areas and devices ------------------------------------------------------------------------

/** SPEC §3 "Area tree node": rowGuid is the area's id everywhere (device.areaId, ?areaId=). */
export const AreaNode = Type.Cyclic(
  {
    AreaNode: Strict({
      rowGuid: Type.String(),
      parentId: Type.Union([Type.String(), Type.Null()], { description: 'rowGuid of the parent; null for a root' }),
      areaName: Type.String({ description: "In the caller's language" }),
      children: Type.Array(Type.Ref('AreaNode')),
    }),
  },
  'AreaNode',
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});
const EpochMs = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const Device = Strict({
  id: Id(),
  code: Type.String({ description: 'Unique within the tenant; never contains { } [ ] ^ (SPEC §5)' }),
  name: Type.String({ description: "In the caller's language" }),
  label: Type.String(),
  address: Type.String({ description: "'bus-station' (integer-integer), or '' when none" }),
  sn: Type.String({ description: "12 characters, or '' when none" }),
  ip: Type.String(),
  mac: Type.String(),
  busNo: Nullable(Type.Integer()),
  port: Nullable(Type.Integer()),
  version: Type.String(),
  status: DeviceStatus,
  statusSeq: Type.Integer({ minimum: 0, description: "Position of the last status change in the tenant's change feed: a higher seq is newer" }),
  statusAt: EpochMs('When the status last changed (ms since epoch)'),
  gatewayId: Nullable(Id()),
  gatewayName: Type.String(),
  areaId: Nullable(Type.String(), "The area's rowGuid, or null"),
  areaName: Type.String(),
  modelId: Nullable(Id()),
  modelName: Type.String(),
  dataGroupId: Nullable(Id(), `The data group (type ${DEVICE_GROUP_TYPE}) the device is filed in; null when none`),
  dataGroupName: Type.String(),
});

export const DeviceListQuery = Strict({
  ...ListPaging,
  areaId: Type.Optional(Text(0, 64, { description: 'The area and all its descendants' })),
  status: Type.Optional(DeviceStatus),
  keyword: Type.Optional(Text(0, 64, { description: 'Text in the code, name or label (ASCII letters case-insensitive)' })),
  gatewayId: Type.Optional(Int(1, MAX_ID, { description: 'Only the devices behind this gateway' })),
  sort: Type.Optional(OneOf(DEVICE_SORT_KEYS, { description: 'The column to order by (default code); ties by id in the same direction' })),
  order: Type.Optional(OneOf(['asc', 'desc'] as const, { description: 'asc (default) or desc: a descending list is exactly the ascending one reversed' })),
  count: Type.Optional(CountMode),
});

export const DevicePage = Strict({
  total: ListTotal,
  rows: Type.Array(Device),
  cursor: Type.Integer({ minimum: 0, description: "The tenant's status-change cursor when the page was read: poll changes with since=cursor and nothing between is missed" }),
});

export const CHANGES_MAX = 5000;

export const DeviceStatusChangesQuery = Strict({
  since: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'The cursor of the last page or poll' }),
  limit: Type.Optional(Int(1, CHANGES_MAX, { description: `1..${CHANGES_MAX}, default ${CHANGES_MAX}` })),
});

export const DeviceStatusChange = Strict({ id: Id(), status: DeviceStatus, seq: Type.Integer({ minimum: 0 }), at: EpochMs('When (ms since epoch)') });

export const DeviceStatusChanges = Strict({
  cursor: Type.Integer({ minimum: 0, description: 'Pass as the next since' }),
  changes: Type.Array(DeviceStatusChange, { description: 'Changed devices after since, oldest first, each once (its latest status)' }),
  reset: Type.Boolean({ description: 'More rows changed than limit, or since is not a cursor this tenant had: reload the list (changes is then empty)' }),
});

/** A whole number as a form sends it: a number, its digits as text, or '' / null for none. */
const FormInt = (description: string) => Type.Optional(Type.Union([Type.Integer(), Text(0, 16), Type.Null()], { description: `${description} (the range is checked with the form's message)` }));

/**
 * POST /api/device. Texts are trimmed by the platform; '' means none. The schema holds the types, the
 * longest values and no control characters; the SPEC §5 rules (code without { } [ ] ^, name pattern 2,
 * 12-character serial number, bus-station address, IPv4, MAC, ranges) are checked after trimming by
 * shared/devices/device-rules.ts, the device form's own rules, so a refusal says the device's field
 * label (and in a batch the item number) as the form does.
 */
export const DeviceCreate = Strict({
  code: Text(0, 64, { description: 'Required; unique within the tenant; no { } [ ] ^ (SPEC §5)' }),
  name: Text(0, 64, { description: 'Required; SPEC §5 name pattern 2' }),
  label: Type.Optional(Text(0, 64)),
  address: Type.Optional(Text(0, 32, { description: "'bus-station' (integer-integer)" })),
  sn: Type.Optional(Text(0, 32, { description: '12 characters (SPEC §5)' })),
  ip: Type.Optional(Text(0, 64, { description: 'IPv4' })),
  mac: Type.Optional(Text(0, 64, { description: 'Six hex pairs separated by : or -' })),
  busNo: FormInt('0..255'),
  port: FormInt('1..65535'),
  version: Type.Optional(Text(0, 32)),
  gatewayId: Type.Optional(Nullable(Id(), "A gateway of the tenant, or null")),
  areaId: Type.Optional(Nullable(Text(0, 64), "An area's rowGuid of the tenant; '' or null for none")),
  modelId: Type.Optional(Nullable(Id(), 'A product model of the tenant, or null')),
});

export const DeviceBatch = Strict({ devices: Type.Array(DeviceCreate, { minItems: 1, maxItems: DEVICE_BATCH_MAX, description: `1..${DEVICE_BATCH_MAX} devices; one invalid item refuses the whole batch` }) });
export const DeviceBatchResult = Strict({ created: Type.Integer({ minimum: 1 }), ids: Type.Array(Id()) });

const sampleDevice = {
  id: 1,
  code: 'FCU-001',
  name: 'Fan coil 1',
  label: '',
  address: '1-1',
  sn: '',
  ip: '',
  mac: '',
  busNo: 1,
  port: null,
  version: '',
  status: 'online',
  statusSeq: 10,
  statusAt: 1777622400000,
  gatewayId: 1,
  gatewayName: 'Gateway 1',
  areaId: 'a1',
  areaName: 'Tower A',
  modelId: 2,
  modelName: 'Fan coil',
  dataGroupId: null,
  dataGroupName: '',
} as const;

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
  areaTree: operation({
    method: 'GET',
    path: '/api/device/area/tree',
    rights: { anyMenu: ['MonitorOPS', 'devManager'] },
    tag: TAG,
    summary: "The tenant's area tree, roots first",
    description: 'Each level by sort, then name. Devices and gateways name their area by rowGuid.',
    data: Type.Array(AreaNode),
    examples: { data: [{ rowGuid: 'a1', parentId: null, areaName: 'Tower A', children: [{ rowGuid: 'a2', parentId: 'a1', areaName: 'Floor 3', children: [] }] }] },
  }),
  list: operation({
    method: 'GET',
    path: '/api/device/list',
    rights: { anyMenu: ['MonitorOPS', 'devManager'] },
    tag: TAG,
    summary: 'One page of devices, filtered and sorted',
    description: `Within the user's device data groups (SPEC §6). One page may hold a whole ${DEVICE_PAGE_MAX}-row list (SPEC §9); count=none skips the total (-1). The answer's cursor starts the status-change feed.`,
    query: DeviceListQuery,
    data: DevicePage,
    examples: { query: { page: 1, limit: 20, status: 'online', sort: 'code', order: 'asc' }, data: { total: 1, rows: [sampleDevice], cursor: 10 } },
  }),
  statusChanges: operation({
    method: 'GET',
    path: '/api/device/status/changes',
    rights: { anyMenu: ['MonitorOPS', 'devManager'] },
    tag: TAG,
    summary: 'The devices whose status changed after a cursor',
    description: 'A cheap poll for a list on screen: each changed device once with its latest status, oldest first. reset asks the client to reload the list instead.',
    query: DeviceStatusChangesQuery,
    data: DeviceStatusChanges,
    examples: { query: { since: 10 }, data: { cursor: 11, changes: [{ id: 1, status: 'offline', seq: 11, at: 1777622460000 }], reset: false } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/device',
    rights: { menu: 'subsystemManage' },
    tag: TAG,
    summary: 'Creates one device',
    description: "SPEC §5 rules with the form's messages (code without { } [ ] ^, name pattern 2, 12-character serial number, bus-station address, IPv4, MAC, bus number 0..255, port 1..65535); the gateway, area and model must be the tenant's and the code free. Nothing is stored when anything is refused.",
    body: DeviceCreate,
    data: Device,
    examples: { body: { code: 'FCU-001', name: 'Fan coil 1', address: '1-1', busNo: 1, gatewayId: 1, areaId: 'a1', modelId: 2 }, data: sampleDevice },
  }),
  batch: operation({
    method: 'POST',
    path: '/api/device/batch',
    rights: { menu: 'subsystemManage' },
    tag: TAG,
    summary: `Creates 1..${DEVICE_BATCH_MAX} devices, all or nothing`,
    description: 'Each device as for one; a refusal names the item number, and nothing is stored.',
    body: DeviceBatch,
    data: DeviceBatchResult,
    examples: { body: { devices: [{ code: 'FCU-101', name: 'Fan coil 101' }, { code: 'FCU-102', name: 'Fan coil 102' }] }, data: { created: 2, ids: [101, 102] } },
  }),
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
    tag: 'Gateway',
    summary: "The tenant's gateways (IoT routers), by code, paged",
    description: 'Filtered by status and by a keyword in the code or name; each row counts the devices behind the gateway. count=none skips the total (SPEC §9 marker -1).',
    query: GatewayListQuery,
    data: GatewayPage,
    examples: { query: { page: 1, limit: 20, status: 'online' }, data: { total: 1, rows: [sampleGateway] } },
  }),
};
