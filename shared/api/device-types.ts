// Devices, gateways (IoT routers) and the area tree (SPEC §3, §4, §5): request and response shapes
// shared by the front end and the demo platform, and the calls that carry them.
//
// Calls (all signed /api calls, tenant-scoped; reading needs the menu right MonitorOPS or devManager,
// writing needs devManager; a missing right answers 40301):
//   GET  /api/device/area/tree              → AreaNode[]            the caller's area tree (roots first)
//   GET  /api/device/list?DeviceListQuery   → DevicePage            one page, filtered and sorted
//   GET  /api/device/status/changes?since=  → DeviceStatusChanges   only rows whose status changed after `since`
//   POST /api/device          DeviceCreate  → Device                one device
//   POST /api/device/batch    DeviceBatch   → DeviceBatchResult     up to 1000 devices, all or nothing
//   GET  /api/gateway/list?GatewayListQuery → GatewayPage
// An invalid create answers code -1 with a readable msg in the caller's language (header `lang`) and
// stores nothing.
// Test-only (ATRIUM_FAULTS=1, unsigned):
//   POST /__test/device/status     DeviceStatusForce → { id, status, seq }   sets one device's status now
//   POST /__test/device/simulator  SimulatorRate     → SimulatorRate         changes (0 pauses) the flip rate

import type { Static } from 'typebox';
import type * as C from '../contract/device.ts';
import type * as Admin from '../contract/device-admin.ts';
import { TOTAL_CAP } from './resource.ts';

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
/** Device and gateway state (SPEC §4). */
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const isDeviceStatus = (value: unknown): value is DeviceStatus =>
  typeof value === 'string' && (DEVICE_STATUSES as readonly string[]).includes(value);

/** SPEC §3 "Area tree node". rowGuid is the area's id everywhere (device.areaId, ?areaId=). */
export type AreaNode = Static<typeof C.AreaNode>;

/** A device as the platform answers it (shared/contract/device.ts). */
export type Device = Static<typeof C.Device>;

/**
 * What a device in the unknown state waits for before it comes online: a model (nothing to report
 * without one), a gateway, or its first report through its gateway (the next simulator round once
 * the gateway is online). Null for a device whose state is known. Text key: status.deviceWaits.<what>.
 */
export function waitsFor(d: Pick<Device, 'status' | 'modelId' | 'gatewayId'>): 'model' | 'gateway' | 'report' | null {
  if (d.status !== 'unknown') return null;
  if (d.modelId === null) return 'model';
  if (d.gatewayId === null) return 'gateway';
  return 'report';
}

export const DEVICE_SORT_KEYS = ['code', 'name', 'label', 'address', 'sn', 'ip', 'status', 'gatewayName', 'areaName'] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/** The device list's page limit: shared/api/resource.ts TOTAL_CAP (SPEC §9: one page may hold a whole list). */
export const DEVICE_PAGE_MAX = TOTAL_CAP;
/** SPEC §5, §9: a batch creates at most this many devices. */
export const DEVICE_BATCH_MAX = 1000;

/**
 * GET /api/device/list. All optional.
 * - areaId: the area and all its descendants.
 * - keyword: substring of code, name or label, case-insensitive for ASCII letters only (as SQLite LIKE).
 * - sort/order: rows are ordered by the column (text compared by code point) and then by id, both
 *   in `order`, so a descending list is exactly the ascending one reversed. Default code asc.
 * - count: 'none' skips counting (total -1); 'exact' (default) counts exactly.
 * - limit: 1..20000, default 20.
 */
export type DeviceListQuery = Static<typeof C.DeviceListQuery>;

/** SPEC §9 list total markers and cap: shared/api/resource.ts. */
export { TOTAL_NONE, TOTAL_OTHER } from './resource.ts';

/** One page of devices; cursor starts the status-change feed (nothing between the page and the first poll is missed). */
export type DevicePage = Static<typeof C.DevicePage>;

/** GET /api/device/status/changes?since=<cursor>&limit=<n> (1..5000, default 5000). */
export type DeviceStatusChangesQuery = Static<typeof C.DeviceStatusChangesQuery>;
export type DeviceStatusChange = Static<typeof C.DeviceStatusChange>;
/** reset: more rows changed than limit, or since is not a cursor this tenant had: reload the list (changes is then empty). */
export type DeviceStatusChanges = Static<typeof C.DeviceStatusChanges>;

/** POST /api/device. Text fields are trimmed by the server; '' means none. */
export type DeviceCreate = Static<typeof C.DeviceCreate>;

/** The data group type devices are filed in (cameras: 7), for data authority (SPEC §6). */
export const DEVICE_GROUP_TYPE = 8;

/** POST /api/device/data-group: files devices in a device data group (null: none). From shared/contract/device.ts. */
export type DeviceGrouping = Static<typeof C.DeviceGrouping>;

/** POST /api/device/batch: 1..1000 devices; one invalid item refuses the whole batch. */
export type DeviceBatch = Static<typeof C.DeviceBatch>;
export type DeviceBatchResult = Static<typeof C.DeviceBatchResult>;

/** POST /api/device/area and PUT /api/device/area/{guid}: parentId '' or null for a top area. */
export type AreaSave = Static<typeof Admin.AreaSave>;
/** An area just saved (the tree call places its children). */
export type AreaSaved = Static<typeof Admin.AreaSaved>;
/** POST /api/device/export: the list's filters and order. */
export type DeviceExportQuery = Static<typeof Admin.DeviceExportQuery>;

// The gateway list's shapes come from its declaration (shared/contract/device.ts): types only.
export type Gateway = Static<typeof C.Gateway>;
export type GatewayListQuery = Static<typeof C.GatewayListQuery>;
export type GatewayPage = Static<typeof C.GatewayPage>;

/** POST /__test/device/status (ATRIUM_FAULTS=1). Identify the device by id or by code within tenantId (default 1). */
export interface DeviceStatusForce {
  tenantId?: number;
  id?: number;
  code?: string;
  status: DeviceStatus;
}

/**
 * POST /__test/device/simulator (ATRIUM_FAULTS=1): the share of each tenant's devices whose status the
 * simulator flips per minute (0.02 = 2 %; 0 pauses it). Also env ATRIUM_DEVICE_FLIP_RATE.
 */
export interface SimulatorRate {
  sharePerMinute: number;
}
