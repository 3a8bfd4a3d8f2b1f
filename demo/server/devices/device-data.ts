// Devices and areas in the tenant's data (issue 39: the SQL of device.ts, device-query.ts,
// device-admin.ts and device-simulator.ts, moved): the device answer and its joins, the list query
// with its filters, data-group scope, sort and total, the status-change feed and its cursor, creating,
// editing and re-filing devices, and the area tree. Every function takes the tenant's data
// (tenant-data.ts) — or, for the simulators' walks over every tenant, the platform's Db.
import {
  TOTAL_NONE,
  type AreaNode,
  type Device,
  type DeviceCreate,
  type DevicePage,
  type DeviceSortKey,
  type DeviceStatus,
  type DeviceStatusChanges,
} from '../../../shared/api/device-types.ts';
import { normaliseDevice } from '../../../shared/devices/device-rules.ts';
import { scopeSql } from '../administration/data-scope.ts';
import type { Db } from '../db.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A device as the API answers it (device d with its gateway g, area a, model m and data group dg: DEVICE_FROM). */
const DEVICE = shape<Device>({
  id: col.value('d.id'),
  code: col.value('d.code'),
  name: col.value('loc(d.name, d.name_en)'),
  label: col.value('d.label'),
  address: col.value('d.address'),
  sn: col.value('d.sn'),
  ip: col.value('d.ip'),
  mac: col.value('d.mac'),
  busNo: col.value('d.bus_no'),
  port: col.value('d.port'),
  version: col.value('d.version'),
  status: col.value('d.status'),
  statusSeq: col.value('d.status_seq'),
  statusAt: col.value('d.status_at'),
  gatewayId: col.value('d.gateway_id'),
  gatewayName: col.value("COALESCE(g.name, '')"),
  areaId: col.value('d.area_guid'),
  areaName: col.value("COALESCE(loc(a.name, a.name_en), '')"),
  modelId: col.value('d.model_id'),
  modelName: col.value("COALESCE(loc(m.name, m.name_en), '')"),
  dataGroupId: col.value('d.data_group_id'),
  dataGroupName: col.value("COALESCE(loc(dg.name, dg.name_en), '')"),
});

const DEVICE_FROM = `
  FROM device d
  LEFT JOIN gateway g ON g.id = d.gateway_id AND g.tenant_id = d.tenant_id
  LEFT JOIN area a ON a.row_guid = d.area_guid AND a.tenant_id = d.tenant_id
  LEFT JOIN device_model m ON m.id = d.model_id AND m.tenant_id = d.tenant_id
  LEFT JOIN data_group dg ON dg.id = d.data_group_id AND dg.tenant_id = d.tenant_id`;

/** SQL of each sort key; ties are broken by id in the same direction (see DeviceListQuery). */
const SORT_SQL: Record<DeviceSortKey, string> = {
  code: 'd.code',
  name: 'loc(d.name, d.name_en)',
  label: 'd.label',
  address: 'd.address',
  sn: 'd.sn',
  ip: 'd.ip',
  status: 'd.status',
  gatewayName: "COALESCE(g.name, '')",
  areaName: "COALESCE(loc(a.name, a.name_en), '')",
};

/** The query a list call asked for, checked (device-query.ts reads it from the request). */
export interface ParsedListQuery {
  page: number;
  limit: number;
  areaId: string | null;
  status: DeviceStatus | null;
  keyword: string;
  gatewayId: number | null;
  sort: DeviceSortKey;
  order: 'asc' | 'desc';
  count: boolean;
}

// ---- the change feed --------------------------------------------------------------------------

/** The tenant's next change-feed position. Call inside a transaction. */
export function nextSeq(data: TenantData): number {
  data.run('INSERT OR IGNORE INTO device_cursor (tenant_id, seq) VALUES ($tenant, 0)');
  return data.get<{ seq: number }>('UPDATE device_cursor SET seq = seq + 1 WHERE tenant_id = $tenant RETURNING seq')!.seq;
}

/** The tenant's current change-feed position (0 before any change). */
export function currentSeq(data: TenantData): number {
  return data.get<{ seq: number }>('SELECT seq FROM device_cursor WHERE tenant_id = $tenant')?.seq ?? 0;
}

/** Writes a device's status at a feed position (the caller took `seq` from nextSeq in its transaction). */
export const writeDeviceStatus = (data: TenantData, id: number, status: DeviceStatus, seq: number, at: number): void =>
  void data.run('UPDATE device SET status = ?, status_seq = ?, status_at = ? WHERE id = ? AND tenant_id = $tenant', status, seq, at, id);

/**
 * Sets one device's status and records the change in the feed, in one transaction. Answers the new
 * seq, or null when the tenant has no such device; setting the status it already has records nothing
 * and answers its seq.
 */
export function setStatus(data: TenantData, deviceId: number, status: DeviceStatus, now: number): number | null {
  return data.tx(() => {
    const row = data.get<{ status: string; status_seq: number }>('SELECT status, status_seq FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);
    if (!row) return null;
    if (row.status === status) return row.status_seq;
    const seq = nextSeq(data);
    writeDeviceStatus(data, deviceId, status, seq, now);
    return seq;
  });
}

/**
 * Platform-wide (the point simulator's round): every tenant's devices that never reported (status
 * unknown, no value yet), have a model and sit on an online gateway.
 */
export const devicesWaitingToWake = (db: Db): Array<{ id: number; tenant_id: number }> =>
  db
    .prepare(
      `SELECT d.id, d.tenant_id FROM device d JOIN gateway g ON g.id = d.gateway_id AND g.tenant_id = d.tenant_id AND g.status = 'online'
       WHERE d.status = 'unknown' AND d.model_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM point_current p WHERE p.device_id = d.id)`,
    )
    .all<{ id: number; tenant_id: number }>();

/** Platform-wide (the status simulator): how many devices each tenant has. */
export const deviceCountsByTenant = (db: Db): Array<{ tenant_id: number; n: number }> =>
  db.prepare('SELECT tenant_id, COUNT(*) AS n FROM device GROUP BY tenant_id').all<{ tenant_id: number; n: number }>();

/** The tenant's device at a position in id order (the simulator's random pick). */
export const deviceAtOffset = (data: TenantData, offset: number): { id: number; status: DeviceStatus } | undefined =>
  data.get<{ id: number; status: DeviceStatus }>('SELECT id, status FROM device WHERE tenant_id = $tenant ORDER BY id LIMIT 1 OFFSET ?', offset);

/** One of the tenant's gateways, picked at random. */
export const randomGateway = (data: TenantData): { id: number; status: DeviceStatus } | undefined =>
  data.get<{ id: number; status: DeviceStatus }>('SELECT id, status FROM gateway WHERE tenant_id = $tenant ORDER BY random() LIMIT 1');

export const writeGatewayStatus = (data: TenantData, id: number, status: DeviceStatus, at: number): void =>
  void data.run('UPDATE gateway SET status = ?, status_at = ? WHERE id = ? AND tenant_id = $tenant', status, at, id);

// ---- reading ----------------------------------------------------------------------------------

/** Runs a parsed list query for one tenant, inside a user's data-group scope when one is given. */
export function queryDevices(data: TenantData, q: ParsedListQuery, scope: ReadonlySet<number> | null = null): DevicePage {
  const where: string[] = ['d.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (scope) {
    // Data authority: only devices filed in the groups the user's roles grant.
    where.push(`d.data_group_id IN (${[...scope].map(() => '?').join(',') || 'NULL'})`);
    args.push(...scope);
  }
  if (q.areaId !== null) {
    where.push(`d.area_guid IN (
      WITH RECURSIVE sub(guid) AS (
        SELECT row_guid FROM area WHERE tenant_id = $tenant AND row_guid = ?
        UNION ALL
        SELECT c.row_guid FROM area c JOIN sub ON c.parent_guid = sub.guid WHERE c.tenant_id = $tenant
      ) SELECT guid FROM sub)`);
    args.push(q.areaId);
  }
  if (q.status !== null) {
    where.push('d.status = ?');
    args.push(q.status);
  }
  if (q.gatewayId !== null) {
    where.push('d.gateway_id = ?');
    args.push(q.gatewayId);
  }
  if (q.keyword !== '') {
    // lower() folds ASCII only, exactly like the client's foldAscii(); instr() has no wildcards to escape.
    // A seeded device's name matches in either language.
    where.push('(instr(lower(d.code), ?) > 0 OR instr(lower(d.name), ?) > 0 OR instr(lower(d.name_en), ?) > 0 OR instr(lower(d.label), ?) > 0)');
    args.push(q.keyword, q.keyword, q.keyword, q.keyword);
  }
  const whereSql = where.join(' AND ');
  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  // The cursor is read in the same synchronous step as the rows: no change can fall between them.
  const cursor = currentSeq(data);
  const rows = data.all(`SELECT ${DEVICE.select} ${DEVICE_FROM} WHERE ${whereSql} ORDER BY ${SORT_SQL[q.sort]} ${dir}, d.id ${dir} LIMIT ? OFFSET ?`, ...args, q.limit, (q.page - 1) * q.limit);
  const total = q.count ? data.get<{ n: number }>(`SELECT COUNT(*) AS n ${DEVICE_FROM} WHERE ${whereSql}`, ...args)!.n : TOTAL_NONE;
  return { total, rows: DEVICE.all(rows), cursor };
}

/** One of the tenant's devices as answered (it must exist). */
export const deviceAnswer = (data: TenantData, id: number): Device => DEVICE.read(data.get(`SELECT ${DEVICE.select} ${DEVICE_FROM} WHERE d.id = ? AND d.tenant_id = $tenant`, id)!);

export function areaTree(data: TenantData): AreaNode[] {
  const rows = data.all<{ row_guid: string; parent_guid: string | null; name: string }>('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = $tenant ORDER BY sort, name, row_guid');
  const nodes = new Map<string, AreaNode>(rows.map((r) => [r.row_guid, { rowGuid: r.row_guid, parentId: r.parent_guid, areaName: r.name, children: [] }]));
  const roots: AreaNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A device's status change as the feed answers it (device). */
const CHANGE = shape<DeviceStatusChanges['changes'][number]>({ id: col.value('id'), status: col.value('status'), seq: col.value('status_seq'), at: col.value('status_at') });

export function statusChanges(data: TenantData, since: number, limit: number, scope: ReadonlySet<number> | null = null): DeviceStatusChanges {
  const cursor = currentSeq(data);
  if (since > cursor) return { cursor, changes: [], reset: true };
  const narrow = scopeSql('data_group_id', scope);
  const rows = data.all(`SELECT ${CHANGE.select} FROM device WHERE tenant_id = $tenant AND status_seq > ?${narrow.sql} ORDER BY status_seq, id LIMIT ?`, since, ...narrow.args, limit + 1);
  if (rows.length > limit) return { cursor, changes: [], reset: true };
  return { cursor, changes: CHANGE.all(rows), reset: false };
}

// ---- what a new or edited device refers to ----------------------------------------------------

export const gatewayExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM gateway WHERE id = ? AND tenant_id = $tenant', id));
export const areaExists = (data: TenantData, guid: string): boolean => Boolean(data.get('SELECT 1 FROM area WHERE row_guid = ? AND tenant_id = $tenant', guid));
export const modelExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = $tenant', id));
/** Whether another device of the tenant (not `exceptId`) has this code. */
export const deviceCodeTaken = (data: TenantData, code: string, exceptId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM device WHERE tenant_id = $tenant AND code = ? AND id <> ?', code, exceptId));

// ---- writing ----------------------------------------------------------------------------------

/** Inserts checked devices in one transaction (one feed position for all); answers their ids. */
export function insertDevices(data: TenantData, devices: readonly DeviceCreate[]): number[] {
  return data.tx(() => {
    const seq = nextSeq(data);
    const now = Date.now();
    return devices.map((input) => {
      const d = normaliseDevice(input);
      return Number(
        data.run(
          `INSERT INTO device (tenant_id, code, name, label, address, sn, ip, mac, bus_no, port, version, status, status_seq, status_at, gateway_id, area_guid, model_id, created_at)
           VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unknown', ?, ?, ?, ?, ?, ?)`,
          d.code, d.name, d.label, d.address, d.sn, d.ip, d.mac, d.busNo, d.port, d.version, seq, now, d.gatewayId, d.areaId, d.modelId, now,
        ).lastInsertRowid,
      );
    });
  });
}

/** A device's stored names (both languages), or undefined when the tenant has no such device. */
export const deviceNames = (data: TenantData, id: number): { name: string; name_en: string } | undefined =>
  data.get<{ name: string; name_en: string }>('SELECT name, name_en FROM device WHERE id = ? AND tenant_id = $tenant', id);

/** Stores an edited device (checked, names already resolved) at a new feed position, in one transaction. */
export function updateDevice(data: TenantData, id: number, d: ReturnType<typeof normaliseDevice>, names: { name: string; name_en: string }): void {
  data.tx(() =>
    data.run(
      `UPDATE device SET code = ?, name = ?, name_en = ?, label = ?, address = ?, sn = ?, ip = ?, mac = ?, bus_no = ?, port = ?, version = ?, gateway_id = ?, area_guid = ?, model_id = ?,
         status_seq = ? WHERE id = ? AND tenant_id = $tenant`,
      d.code, names.name, names.name_en, d.label, d.address, d.sn, d.ip, d.mac, d.busNo, d.port, d.version, d.gatewayId, d.areaId, d.modelId, nextSeq(data), id,
    ),
  );
}

/** Model ids by model code (an import names models by code). */
export const modelIdsByCode = (data: TenantData): Map<string, number> =>
  new Map(data.all<{ code: string; id: number }>('SELECT code, id FROM device_model WHERE tenant_id = $tenant').map((m) => [m.code, m.id]));

// ---- areas ------------------------------------------------------------------------------------

export type AreaRow = { row_guid: string; parent_guid: string | null; name: string; name_en: string };

export const areaRow = (data: TenantData, guid: string): AreaRow | undefined =>
  data.get<AreaRow>('SELECT row_guid, parent_guid, name, name_en FROM area WHERE row_guid = ? AND tenant_id = $tenant', guid);

/** Every area's parent (null at the top). */
export const areaParents = (data: TenantData): Map<string, string | null> =>
  new Map(data.all<{ row_guid: string; parent_guid: string | null }>('SELECT row_guid, parent_guid FROM area WHERE tenant_id = $tenant').map((r) => [r.row_guid, r.parent_guid]));

/** Every area with its names in both languages (an import may name an area in either). */
export const areaNames = (data: TenantData): Array<{ name: string; name_en: string; row_guid: string }> =>
  data.all<{ name: string; name_en: string; row_guid: string }>('SELECT name, name_en, row_guid FROM area WHERE tenant_id = $tenant');

export const insertArea = (data: TenantData, guid: string, parent: string | null, name: string): void =>
  void data.run('INSERT INTO area (row_guid, tenant_id, parent_guid, name, sort) VALUES (?, $tenant, ?, ?, 0)', guid, parent, name);

export const updateArea = (data: TenantData, guid: string, names: { name: string; name_en: string }, parent: string | null): void =>
  void data.run('UPDATE area SET name = ?, name_en = ?, parent_guid = ? WHERE row_guid = ? AND tenant_id = $tenant', names.name, names.name_en, parent, guid);

/** What an area still holds: its devices and its sub-areas. */
export function areaContents(data: TenantData, guid: string): { devices: number; areas: number } {
  const devices = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND area_guid = ?', guid)!.n;
  const areas = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM area WHERE tenant_id = $tenant AND parent_guid = ?', guid)!.n;
  return { devices, areas };
}

export const deleteArea = (data: TenantData, guid: string): void => void data.run('DELETE FROM area WHERE row_guid = ? AND tenant_id = $tenant', guid);

// ---- a device as points, control and resource points see it ----------------------------------

export type DeviceRef = { id: number; model_id: number | null; gateway_id: number | null };

/** One of the tenant's devices (its model and gateway), inside a user's data-group scope when one is given. */
export function deviceRef(data: TenantData, id: number, scope: ReadonlySet<number> | null = null): DeviceRef | undefined {
  const narrow = scopeSql('data_group_id', scope);
  return data.get<DeviceRef>(`SELECT id, model_id, gateway_id FROM device WHERE id = ? AND tenant_id = $tenant${narrow.sql}`, id, ...narrow.args);
}
