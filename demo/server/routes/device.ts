// Devices, gateways (IoT routers) and areas of the demo platform (calls listed in
// shared/api/device-types.ts): tenant-scoped lists with filters, sort and the SPEC §9 total markers,
// a cheap status-change feed, and validated single and batch creation (SPEC §5, all or nothing).
import type { AppConfig } from '../context.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DEVICE_BATCH_MAX,
  DEVICE_GROUP_TYPE,
  DEVICE_PAGE_MAX,
  DEVICE_SORT_KEYS,
  TOTAL_NONE,
  isDeviceStatus,
  type AreaNode,
  type Device,
  type DeviceBatch,
  type DeviceBatchResult,
  type DeviceCreate,
  type DevicePage,
  type DeviceSortKey,
  type DeviceStatus,
  type DeviceStatusChanges,
  type Gateway,
  type GatewayPage,
} from '../../../shared/api/device-types.ts';
import { checkDevice, normaliseDevice, type DeviceIssue } from '../../../shared/devices/device-rules.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { translate } from '../../../shared/i18n/translate.ts';
import { tx, type Db, type Migration } from '../db.ts';
import { seedDevices } from '../device-seed.ts';
import { DeviceSimulator, currentSeq, nextSeq } from '../device-simulator.ts';
import { fail, ok, requireAnyMenu, requireMenu, userOf } from '../http.ts';
import { handlesOf } from '../test-handles.ts';
import { langOf, type Lang } from '../messages.ts';
import { scopeSql, visibleGroups } from '../data-scope.ts';
import { queryPage } from '../resource.ts';

export const migrations: Migration[] = [
  {
    id: 'device/001-tables',
    sql: `
      CREATE TABLE area (
        row_guid TEXT PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        parent_guid TEXT REFERENCES area(row_guid) ON DELETE CASCADE,
        name TEXT NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX area_tenant_parent ON area(tenant_id, parent_guid);
      CREATE TABLE gateway (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        ip TEXT NOT NULL DEFAULT '',
        mac TEXT NOT NULL DEFAULT '',
        version TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'unknown' CHECK (status IN ('online', 'offline', 'unknown')),
        status_at INTEGER NOT NULL,
        area_guid TEXT REFERENCES area(row_guid) ON DELETE SET NULL,
        UNIQUE (tenant_id, code)
      );
      CREATE TABLE device (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        label TEXT NOT NULL DEFAULT '',
        address TEXT NOT NULL DEFAULT '',
        sn TEXT NOT NULL DEFAULT '',
        ip TEXT NOT NULL DEFAULT '',
        mac TEXT NOT NULL DEFAULT '',
        bus_no INTEGER,
        port INTEGER,
        version TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'unknown' CHECK (status IN ('online', 'offline', 'unknown')),
        status_seq INTEGER NOT NULL DEFAULT 0,
        status_at INTEGER NOT NULL,
        gateway_id INTEGER REFERENCES gateway(id) ON DELETE SET NULL,
        area_guid TEXT REFERENCES area(row_guid) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant_id, code)
      );
      CREATE INDEX device_tenant_seq ON device(tenant_id, status_seq);
      CREATE INDEX device_tenant_area ON device(tenant_id, area_guid);
      CREATE INDEX device_tenant_status ON device(tenant_id, status);
      CREATE TABLE device_cursor (
        tenant_id INTEGER PRIMARY KEY REFERENCES tenant(id),
        seq INTEGER NOT NULL
      );
    `,
  },
  // Seeded areas carry an English name too (local-names.ts); a name a person types clears it.
  { id: 'device/010-area-english', sql: "ALTER TABLE area ADD COLUMN name_en TEXT NOT NULL DEFAULT '';" },
  { id: 'device/011-device-english', sql: "ALTER TABLE device ADD COLUMN name_en TEXT NOT NULL DEFAULT '';" },
];

export const seed = (db: Db, config: AppConfig): void => seedDevices(db, config.tuning.seedDevices);

// ---- reading ----------------------------------------------------------------------------------

interface DeviceRow {
  id: number;
  code: string;
  name: string;
  label: string;
  address: string;
  sn: string;
  ip: string;
  mac: string;
  bus_no: number | null;
  port: number | null;
  version: string;
  status: DeviceStatus;
  status_seq: number;
  status_at: number;
  gateway_id: number | null;
  gateway_name: string;
  area_guid: string | null;
  area_name: string;
  model_id: number | null;
  model_name: string;
  data_group_id: number | null;
  data_group_name: string;
}

const toDevice = (r: DeviceRow): Device => ({
  id: r.id,
  code: r.code,
  name: r.name,
  label: r.label,
  address: r.address,
  sn: r.sn,
  ip: r.ip,
  mac: r.mac,
  busNo: r.bus_no,
  port: r.port,
  version: r.version,
  status: r.status,
  statusSeq: r.status_seq,
  statusAt: r.status_at,
  gatewayId: r.gateway_id,
  gatewayName: r.gateway_name,
  areaId: r.area_guid,
  areaName: r.area_name,
  modelId: r.model_id,
  modelName: r.model_name,
  dataGroupId: r.data_group_id,
  dataGroupName: r.data_group_name,
});

const DEVICE_FROM = `
  FROM device d
  LEFT JOIN gateway g ON g.id = d.gateway_id AND g.tenant_id = d.tenant_id
  LEFT JOIN area a ON a.row_guid = d.area_guid AND a.tenant_id = d.tenant_id
  LEFT JOIN device_model m ON m.id = d.model_id AND m.tenant_id = d.tenant_id
  LEFT JOIN data_group dg ON dg.id = d.data_group_id AND dg.tenant_id = d.tenant_id`;

const DEVICE_COLUMNS = `d.id, d.code, loc(d.name, d.name_en) AS name, d.label, d.address, d.sn, d.ip, d.mac, d.bus_no, d.port, d.version,
  d.status, d.status_seq, d.status_at, d.gateway_id, COALESCE(g.name, '') AS gateway_name, d.area_guid, COALESCE(loc(a.name, a.name_en), '') AS area_name,
  d.model_id, COALESCE(loc(m.name, m.name_en), '') AS model_name, d.data_group_id, COALESCE(loc(dg.name, dg.name_en), '') AS data_group_name`;

/** SQL of each sort key; ties are broken by id in the same direction (see DeviceListQuery). */
const SORT_SQL: Record<DeviceSortKey, string> = {
  code: 'd.code',
  name: 'loc(d.name, d.name_en)',
  label: 'd.label',
  address: 'd.address',
  sn: 'd.sn',
  ip: 'd.ip',
  status: 'd.status',
  gatewayName: 'gateway_name',
  areaName: 'area_name',
};

/** The query a list call asked for, checked; or the readable reason it is not acceptable. */
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

type Raw = Record<string, unknown>;

class QueryProblem extends Error {}

function say(lang: Lang, field: string, key: string, params?: Record<string, string | number>): string {
  return translate(lang, 'device.validate.fieldMessage', { field: translate(lang, field), message: translate(lang, key, params) });
}

function intParam(lang: Lang, raw: Raw, name: string, label: string, min: number, max: number, fallback: number): number {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw new QueryProblem(say(lang, label, 'validate.integer'));
  if (n < min || n > max) throw new QueryProblem(say(lang, label, 'validate.range', { min, max }));
  return n;
}

function textParam(lang: Lang, raw: Raw, name: string, label: string, max: number): string {
  const value = raw[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new QueryProblem(say(lang, label, 'validate.text'));
  if ([...value].length > max) throw new QueryProblem(say(lang, label, 'validate.length.max', { max }));
  return value;
}

function oneOf<T extends string>(lang: Lang, raw: Raw, name: string, label: string, allowed: readonly T[], fallback: T): T {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new QueryProblem(say(lang, label, 'device.validate.oneOf', { allowed: allowed.join(', ') }));
}

export function parseListQuery(lang: Lang, raw: Raw): ParsedListQuery {
  const status = raw.status === undefined || raw.status === '' ? null : raw.status;
  if (status !== null && !isDeviceStatus(status)) throw new QueryProblem(say(lang, 'device.field.status', 'device.validate.oneOf', { allowed: 'online, offline, unknown' }));
  const gatewayId = intParam(lang, raw, 'gatewayId', 'device.field.gateway', 1, 2 ** 31 - 1, 0);
  const areaId = textParam(lang, raw, 'areaId', 'device.field.area', 64);
  // Paging is read as every list reads it (the resource kit's one reader).
  const paging = queryPage(raw, lang, DEVICE_PAGE_MAX);
  if (typeof paging === 'string') throw new QueryProblem(paging);
  return {
    ...paging,
    areaId: areaId === '' ? null : areaId,
    status: status as DeviceStatus | null,
    keyword: normaliseKeyword(textParam(lang, raw, 'keyword', 'device.param.keyword', 64)),
    gatewayId: gatewayId === 0 ? null : gatewayId,
    sort: oneOf(lang, raw, 'sort', 'device.param.sort', DEVICE_SORT_KEYS, 'code'),
    order: oneOf(lang, raw, 'order', 'device.param.order', ['asc', 'desc'] as const, 'asc'),
    count: raw.count !== 'none',
  };
}

/** Runs a parsed list query for one tenant. Exported for the unit tests of the query semantics. */
export function queryDevices(db: Db, tenantId: number, q: ParsedListQuery, scope: ReadonlySet<number> | null = null): DevicePage {
  const where: string[] = ['d.tenant_id = ?'];
  const args: Array<string | number> = [tenantId];
  if (scope) {
    // Data authority: only devices filed in the groups the user's roles grant.
    where.push(`d.data_group_id IN (${[...scope].map(() => '?').join(',') || 'NULL'})`);
    args.push(...scope);
  }
  if (q.areaId !== null) {
    where.push(`d.area_guid IN (
      WITH RECURSIVE sub(guid) AS (
        SELECT row_guid FROM area WHERE tenant_id = ? AND row_guid = ?
        UNION ALL
        SELECT c.row_guid FROM area c JOIN sub ON c.parent_guid = sub.guid WHERE c.tenant_id = ?
      ) SELECT guid FROM sub)`);
    args.push(tenantId, q.areaId, tenantId);
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
  const cursor = currentSeq(db, tenantId);
  const rows = db
    .prepare(`SELECT ${DEVICE_COLUMNS} ${DEVICE_FROM} WHERE ${whereSql} ORDER BY ${SORT_SQL[q.sort]} ${dir}, d.id ${dir} LIMIT ? OFFSET ?`)
    .all<DeviceRow>(...args, q.limit, (q.page - 1) * q.limit);
  const total = q.count ? (db.prepare(`SELECT COUNT(*) AS n ${DEVICE_FROM} WHERE ${whereSql}`).get(...args) as { n: number }).n : TOTAL_NONE;
  return { total, rows: rows.map(toDevice), cursor };
}

export function areaTree(db: Db, tenantId: number): AreaNode[] {
  const rows = db.prepare('SELECT row_guid, parent_guid, loc(name, name_en) AS name FROM area WHERE tenant_id = ? ORDER BY sort, name, row_guid').all(tenantId) as Array<{
    row_guid: string;
    parent_guid: string | null;
    name: string;
  }>;
  const nodes = new Map<string, AreaNode>(rows.map((r) => [r.row_guid, { rowGuid: r.row_guid, parentId: r.parent_guid, areaName: r.name, children: [] }]));
  const roots: AreaNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export const CHANGES_MAX = 5000;

export function statusChanges(db: Db, tenantId: number, since: number, limit: number, scope: ReadonlySet<number> | null = null): DeviceStatusChanges {
  const cursor = currentSeq(db, tenantId);
  if (since > cursor) return { cursor, changes: [], reset: true };
  const narrow = scopeSql('data_group_id', scope);
  const rows = db
    .prepare(`SELECT id, status, status_seq, status_at FROM device WHERE tenant_id = ? AND status_seq > ?${narrow.sql} ORDER BY status_seq, id LIMIT ?`)
    .all(tenantId, since, ...narrow.args, limit + 1) as Array<{ id: number; status: DeviceStatus; status_seq: number; status_at: number }>;
  if (rows.length > limit) return { cursor, changes: [], reset: true };
  return { cursor, changes: rows.map((r) => ({ id: r.id, status: r.status, seq: r.status_seq, at: r.status_at })), reset: false };
}

// ---- writing ----------------------------------------------------------------------------------

function issueText(lang: Lang, issue: DeviceIssue): string {
  return say(lang, `device.field.${issue.field}`, issue.key, issue.params);
}

/**
 * Checks a whole batch against the rules and the tenant's data: answers the first problem as a
 * readable message (prefixed with the item number when `numbered`), or null.
 */
export function checkBatch(db: Db, lang: Lang, tenantId: number, devices: readonly unknown[], numbered: boolean, exceptId = 0): string | null {
  const prefix = (index: number, message: string): string =>
    numbered ? translate(lang, 'device.validate.itemMessage', { index: index + 1, message }) : message;
  const gatewayOk = db.prepare('SELECT 1 FROM gateway WHERE id = ? AND tenant_id = ?');
  const areaOk = db.prepare('SELECT 1 FROM area WHERE row_guid = ? AND tenant_id = ?');
  const codeTaken = db.prepare('SELECT 1 FROM device WHERE tenant_id = ? AND code = ? AND id <> ?');
  const modelOk = db.prepare('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = ?');
  const seen = new Set<string>();
  for (const [index, input] of devices.entries()) {
    const issue = checkDevice(input);
    if (issue) return prefix(index, issueText(lang, issue));
    const device = normaliseDevice(input as DeviceCreate);
    if (device.gatewayId !== null && !gatewayOk.get(device.gatewayId, tenantId)) {
      return prefix(index, issueText(lang, { field: 'gatewayId', key: 'device.validate.gatewayMissing' }));
    }
    if (device.areaId !== null && !areaOk.get(device.areaId, tenantId)) {
      return prefix(index, issueText(lang, { field: 'areaId', key: 'device.validate.areaMissing' }));
    }
    if (device.modelId !== null && !modelOk.get(device.modelId, tenantId)) {
      return prefix(index, issueText(lang, { field: 'modelId', key: 'device.validate.modelMissing' }));
    }
    if (seen.has(device.code)) return prefix(index, issueText(lang, { field: 'code', key: 'device.validate.codeRepeated', params: { code: device.code } }));
    seen.add(device.code);
    if (codeTaken.get(tenantId, device.code, exceptId)) return prefix(index, issueText(lang, { field: 'code', key: 'device.validate.codeTaken', params: { code: device.code } }));
  }
  return null;
}

export function insertDevices(db: Db, tenantId: number, devices: readonly DeviceCreate[]): number[] {
  return tx(db, () => {
    const seq = nextSeq(db, tenantId);
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO device (tenant_id, code, name, label, address, sn, ip, mac, bus_no, port, version, status, status_seq, status_at, gateway_id, area_guid, model_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unknown', ?, ?, ?, ?, ?, ?)`,
    );
    return devices.map((input) => {
      const d = normaliseDevice(input);
      return Number(
        insert.run(tenantId, d.code, d.name, d.label, d.address, d.sn, d.ip, d.mac, d.busNo, d.port, d.version, seq, now, d.gatewayId, d.areaId, d.modelId, now).lastInsertRowid,
      );
    });
  });
}

// ---- routes -----------------------------------------------------------------------------------

/** preHandler: reading devices needs MonitorOPS (monitoring) or devManager (management). */
const requireDeviceReader = requireAnyMenu('MonitorOPS', 'devManager');

// Writing devices needs the regions-and-devices page itself, not just some page of the device group.
const requireDeviceWriter = requireMenu('subsystemManage');

const plugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.atrium;
  const simulator = new DeviceSimulator(db, { sharePerMinute: config.tuning.deviceFlipShare });
  simulator.start();
  handlesOf(app.atrium).deviceSimulator = simulator;
  app.addHook('onClose', async () => simulator.stop());

  const answer = <T>(request: FastifyRequest, run: (lang: Lang) => T) => {
    const lang = langOf(request);
    try {
      return ok(run(lang));
    } catch (error) {
      if (error instanceof QueryProblem) return fail(error.message);
      throw error;
    }
  };

  app.get('/api/device/area/tree', { preHandler: requireDeviceReader }, async (request) => ok(areaTree(db, userOf(request).tenantId)));

  app.get<{ Querystring: Raw }>('/api/device/list', { preHandler: requireDeviceReader }, async (request) =>
    answer(request, (lang) => queryDevices(db, userOf(request).tenantId, parseListQuery(lang, request.query ?? {}), visibleGroups(db, userOf(request), DEVICE_GROUP_TYPE))),
  );

  app.get<{ Querystring: Raw }>('/api/device/status/changes', { preHandler: requireDeviceReader }, async (request) =>
    answer(request, (lang) => {
      const raw = request.query ?? {};
      if (raw.since === undefined || raw.since === '') throw new QueryProblem(say(lang, 'device.param.since', 'validate.required'));
      const since = intParam(lang, raw, 'since', 'device.param.since', 0, Number.MAX_SAFE_INTEGER, 0);
      const limit = intParam(lang, raw, 'limit', 'device.param.limit', 1, CHANGES_MAX, CHANGES_MAX);
      return statusChanges(db, userOf(request).tenantId, since, limit, visibleGroups(db, userOf(request), DEVICE_GROUP_TYPE));
    }),
  );

  app.post<{ Body: DeviceCreate }>('/api/device', { preHandler: requireDeviceWriter }, async (request) => {
    const lang = langOf(request);
    const tenantId = userOf(request).tenantId;
    const problem = checkBatch(db, lang, tenantId, [request.body], false);
    if (problem) return fail(problem);
    const [id] = insertDevices(db, tenantId, [request.body]);
    const page = db.prepare(`SELECT ${DEVICE_COLUMNS} ${DEVICE_FROM} WHERE d.id = ? AND d.tenant_id = ?`).get<DeviceRow>(id!, tenantId)!;
    return ok<Device>(toDevice(page));
  });

  app.post<{ Body: DeviceBatch }>('/api/device/batch', { preHandler: requireDeviceWriter }, async (request) => {
    const lang = langOf(request);
    const tenantId = userOf(request).tenantId;
    const devices = (request.body as Partial<DeviceBatch> | undefined)?.devices;
    if (!Array.isArray(devices)) return fail(translate(lang, 'device.validate.batchNotList'));
    if (devices.length < 1 || devices.length > DEVICE_BATCH_MAX) return fail(translate(lang, 'validate.batch.range', { min: 1, max: DEVICE_BATCH_MAX }));
    const problem = checkBatch(db, lang, tenantId, devices, true);
    if (problem) return fail(problem);
    const ids = insertDevices(db, tenantId, devices);
    return ok<DeviceBatchResult>({ created: ids.length, ids });
  });

  app.get<{ Querystring: Raw }>('/api/gateway/list', { preHandler: requireDeviceReader }, async (request) =>
    answer(request, (lang) => {
      const raw = request.query ?? {};
      const tenantId = userOf(request).tenantId;
      const paging = queryPage(raw, lang, DEVICE_PAGE_MAX);
      if (typeof paging === 'string') throw new QueryProblem(paging);
      const { page, limit } = paging;
      const status = raw.status === undefined || raw.status === '' ? null : raw.status;
      if (status !== null && !isDeviceStatus(status)) throw new QueryProblem(say(lang, 'device.field.status', 'device.validate.oneOf', { allowed: 'online, offline, unknown' }));
      const keyword = normaliseKeyword(textParam(lang, raw, 'keyword', 'device.param.keyword', 64));
      const where = ['gw.tenant_id = ?'];
      const args: Array<string | number> = [tenantId];
      if (status !== null) {
        where.push('gw.status = ?');
        args.push(status);
      }
      if (keyword !== '') {
        where.push('(instr(lower(gw.code), ?) > 0 OR instr(lower(gw.name), ?) > 0)');
        args.push(keyword, keyword);
      }
      const whereSql = where.join(' AND ');
      const rows = db
        .prepare(
          `SELECT gw.id, gw.code, gw.name, gw.ip, gw.mac, gw.version, gw.status, gw.status_at, gw.distributed_at, gw.area_guid, COALESCE(loc(a.name, a.name_en), '') AS area_name,
             (SELECT COUNT(*) FROM device d WHERE d.gateway_id = gw.id AND d.tenant_id = gw.tenant_id) AS device_count
           FROM gateway gw LEFT JOIN area a ON a.row_guid = gw.area_guid AND a.tenant_id = gw.tenant_id
           WHERE ${whereSql} ORDER BY gw.code, gw.id LIMIT ? OFFSET ?`,
        )
        .all(...args, limit, (page - 1) * limit) as Array<{
        id: number;
        code: string;
        name: string;
        ip: string;
        mac: string;
        version: string;
        status: DeviceStatus;
        status_at: number;
        distributed_at: number | null;
        area_guid: string | null;
        area_name: string;
        device_count: number;
      }>;
      const total =
        raw.count === 'none' ? TOTAL_NONE : (db.prepare(`SELECT COUNT(*) AS n FROM gateway gw WHERE ${whereSql}`).get(...args) as { n: number }).n;
      const gateways: Gateway[] = rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        ip: r.ip,
        mac: r.mac,
        version: r.version,
        status: r.status,
        statusAt: r.status_at,
        distributedAt: r.distributed_at,
        areaId: r.area_guid,
        areaName: r.area_name,
        deviceCount: r.device_count,
      }));
      return { total, rows: gateways } satisfies GatewayPage;
    }),
  );

};

export default plugin;
