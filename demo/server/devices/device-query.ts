// The device list's query, read and run once for every caller (the list, its export, the status
// feed): query parameters checked with readable messages, tenant and data-group scoping, sort, the
// SPEC §9 total markers, and the area tree the list filters by.
import type { FastifyRequest } from 'fastify';
import {
  DEVICE_PAGE_MAX,
  DEVICE_SORT_KEYS,
  TOTAL_NONE,
  isDeviceStatus,
  type AreaNode,
  type Device,
  type DevicePage,
  type DeviceSortKey,
  type DeviceStatus,
  type DeviceStatusChanges,
} from '../../../shared/api/device-types.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { translate } from '../../../shared/i18n/translate.ts';
import { fail, ok } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { scopeSql } from '../administration/data-scope.ts';
import { currentSeq } from './device-simulator.ts';
import { queryPage } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A device as the API answers it (device d with its gateway g, area a, model m and data group dg: DEVICE_FROM). */
export const DEVICE = shape<Device>({
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

export const DEVICE_FROM = `
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

export type Raw = Record<string, unknown>;

export class QueryProblem extends Error {}

export function fieldSay(lang: Lang, field: string, key: string, params?: Record<string, string | number>): string {
  return translate(lang, 'device.validate.fieldMessage', { field: translate(lang, field), message: translate(lang, key, params) });
}

export function intParam(lang: Lang, raw: Raw, name: string, label: string, min: number, max: number, fallback: number): number {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  // A number is a query a contract route has already read (shared/contract: declared as an integer).
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw new QueryProblem(fieldSay(lang, label, 'validate.integer'));
  if (n < min || n > max) throw new QueryProblem(fieldSay(lang, label, 'validate.range', { min, max }));
  return n;
}

export function textParam(lang: Lang, raw: Raw, name: string, label: string, max: number): string {
  const value = raw[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new QueryProblem(fieldSay(lang, label, 'validate.text'));
  if ([...value].length > max) throw new QueryProblem(fieldSay(lang, label, 'validate.length.max', { max }));
  return value;
}

function oneOf<T extends string>(lang: Lang, raw: Raw, name: string, label: string, allowed: readonly T[], fallback: T): T {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new QueryProblem(fieldSay(lang, label, 'device.validate.oneOf', { allowed: allowed.join(', ') }));
}

export function parseListQuery(lang: Lang, raw: Raw): ParsedListQuery {
  const status = raw.status === undefined || raw.status === '' ? null : raw.status;
  if (status !== null && !isDeviceStatus(status)) throw new QueryProblem(fieldSay(lang, 'device.field.status', 'device.validate.oneOf', { allowed: 'online, offline, unknown' }));
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

export { CHANGES_MAX } from '../../../shared/contract/device.ts';

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

// ---- writing ----------------------------------------------------------------------------------

/** Runs a list read for the request's language: its answer, or the readable refusal of its query. */
export function answerQuery<T>(request: FastifyRequest, run: (lang: Lang) => T) {
  const lang = langOf(request);
  try {
    return ok(run(lang));
  } catch (error) {
    if (error instanceof QueryProblem) return fail(error.message);
    throw error;
  }
}
