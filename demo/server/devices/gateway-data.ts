// Gateways in the tenant's data (issue 39: the SQL of gateway.ts, points.ts and point-write.ts,
// moved): the gateway list, a gateway's status and its simulator's mode, and distributing its
// configuration. Every function takes the tenant's data (tenant-data.ts).
import { TOTAL_NONE, type Gateway, type GatewayListQuery, type GatewayPage } from '../../../shared/api/device-types.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A gateway as the API answers it (gateway gw, its area a). */
const GATEWAY = shape<Gateway>({
  id: col.value('gw.id'),
  code: col.value('gw.code'),
  name: col.value('gw.name'),
  ip: col.value('gw.ip'),
  mac: col.value('gw.mac'),
  version: col.value('gw.version'),
  status: col.value('gw.status'),
  statusAt: col.value('gw.status_at'),
  distributedAt: col.value('gw.distributed_at'),
  areaId: col.value('gw.area_guid'),
  areaName: col.value("COALESCE(loc(a.name, a.name_en), '')"),
  deviceCount: col.value('(SELECT COUNT(*) FROM device d WHERE d.gateway_id = gw.id AND d.tenant_id = gw.tenant_id)'),
});

export interface GatewayQuery {
  page: number;
  limit: number;
  status?: GatewayListQuery['status'];
  /** Normalised (normaliseKeyword); '' matches every gateway. */
  keyword: string;
  /** false: the total is not counted (TOTAL_NONE). */
  count: boolean;
}

/** A page of the tenant's gateways by code, filtered by status and keyword (code or name). */
export function listGateways(data: TenantData, q: GatewayQuery): GatewayPage {
  const where = ['gw.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (q.status !== undefined) {
    where.push('gw.status = ?');
    args.push(q.status);
  }
  if (q.keyword !== '') {
    where.push('(instr(lower(gw.code), ?) > 0 OR instr(lower(gw.name), ?) > 0)');
    args.push(q.keyword, q.keyword);
  }
  const whereSql = where.join(' AND ');
  const rows = data.all(
    `SELECT ${GATEWAY.select} FROM gateway gw LEFT JOIN area a ON a.row_guid = gw.area_guid AND a.tenant_id = gw.tenant_id
     WHERE ${whereSql} ORDER BY gw.code, gw.id LIMIT ? OFFSET ?`,
    ...args,
    q.limit,
    (q.page - 1) * q.limit,
  );
  const total = q.count ? data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM gateway gw WHERE ${whereSql}`, ...args)!.n : TOTAL_NONE;
  return { total, rows: GATEWAY.all(rows) };
}

/** A gateway's status, or undefined when the tenant has no such gateway. */
export const gatewayStatus = (data: TenantData, id: number): string | undefined =>
  data.get<{ status: string }>('SELECT status FROM gateway WHERE id = ? AND tenant_id = $tenant', id)?.status;

/** How the gateway simulator answers for a gateway ('normal' unless set). */
export const gatewaySimMode = (data: TenantData, gatewayId: number): string =>
  data.get<{ mode: string }>('SELECT mode FROM gateway_sim WHERE gateway_id = ?', gatewayId)?.mode ?? 'normal';

/**
 * Records a distribution to the gateway at `at` and marks every resource point distributed, in one
 * transaction (the gateway now holds every point as it stands). Answers how many points changed.
 */
export function distributeGateway(data: TenantData, id: number, at: number): number {
  return data.tx(() => {
    data.run('UPDATE gateway SET distributed_at = ? WHERE id = ? AND tenant_id = $tenant', at, id);
    return Number(data.run('UPDATE gateway_point SET distributed = 1 WHERE gateway_id = ? AND tenant_id = $tenant AND distributed = 0', id).changes);
  });
}

/** How many of the tenant's devices sit behind a gateway. */
export const devicesBehind = (data: TenantData, id: number): number =>
  data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device WHERE gateway_id = ? AND tenant_id = $tenant', id)!.n;
