// Resource points of a gateway in the tenant's data (issue 39: the SQL of gateway-point.ts, moved):
// the point answer with its device and parameter, the filtered list, the parameters a point may
// carry, and inserting, editing and reading points. Every function takes the tenant's data.
import type { GatewayPoint, GatewayPointQuery, PointKind, PointTarget } from '../../../shared/api/gateway-point-types.ts';
import { COUNT_CAP, inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A point as the API answers it (gateway_point p, the device d it is associated with, and that parameter mp). */
const POINT = shape<GatewayPoint>({
  id: col.value('p.id'),
  gatewayId: col.value('p.gateway_id'),
  code: col.value('p.code'),
  name: col.value('p.name'),
  kind: col.value('p.kind'),
  used: col.flag('p.used'),
  deviceId: col.value('p.device_id'),
  deviceCode: col.value("COALESCE(d.code, '')"),
  deviceName: col.value("COALESCE(loc(d.name, d.name_en), '')"),
  paramCode: col.value('CASE WHEN p.device_id IS NULL THEN NULL ELSE p.param_code END'),
  paramName: col.value("CASE WHEN p.device_id IS NULL THEN '' ELSE COALESCE(loc(mp.name, mp.name_en), p.param_code, '') END"),
  distributed: col.flag('p.distributed'),
});

/** A device parameter a point may carry (device d, its model's parameter mp). */
const TARGET = shape<PointTarget>({
  deviceId: col.value('d.id'),
  deviceCode: col.value('d.code'),
  deviceName: col.value('loc(d.name, d.name_en)'),
  paramCode: col.value('mp.code'),
  paramName: col.value('loc(mp.name, mp.name_en)'),
  access: col.value('mp.access'),
});

const SELECT = `SELECT ${POINT.select}
  FROM gateway_point p LEFT JOIN device d ON d.id = p.device_id AND d.tenant_id = p.tenant_id
  LEFT JOIN model_param mp ON mp.model_id = d.model_id AND mp.code = p.param_code AND mp.tenant_id = p.tenant_id`;

/** The kind of point that carries a parameter: analogue or digital, input or output. */
export const kindFor = (dataType: string, access: string): PointKind => `${dataType === 'bool' ? 'D' : 'A'}${access === 'rw' ? 'O' : 'I'}` as PointKind;

/** A page of a gateway's points by kind and code, filtered by used, associated, distributed and keyword; the total is capped (COUNT_CAP). */
export function listPoints(data: TenantData, gatewayId: number, q: GatewayPointQuery): { total: number; rows: GatewayPoint[] } {
  const { page = 1, limit = 20 } = q;
  const where = ['p.tenant_id = $tenant', 'p.gateway_id = ?'];
  const args: Array<string | number> = [gatewayId];
  const flag = (value: boolean | undefined, sqlTrue: string, sqlFalse: string) => {
    if (value === true) where.push(sqlTrue);
    else if (value === false) where.push(sqlFalse);
  };
  flag(q.used, 'p.used = 1', 'p.used = 0');
  flag(q.associated, 'p.device_id IS NOT NULL', 'p.device_id IS NULL');
  flag(q.distributed, 'p.distributed = 1', 'p.distributed = 0');
  if (q.keyword?.trim()) {
    where.push("(p.code LIKE ? ESCAPE '\\' OR p.name LIKE ? ESCAPE '\\' OR d.code LIKE ? ESCAPE '\\')");
    const like = likePattern(q.keyword.trim());
    args.push(like, like, like);
  }
  const sql = `${SELECT} WHERE ${where.join(' AND ')}`;
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sql} LIMIT ${COUNT_CAP})`, ...args)!.n;
  const rows = data.all(`${sql} ORDER BY p.kind, p.code LIMIT ? OFFSET ?`, ...args, limit, (page - 1) * limit);
  return { total, rows: POINT.all(rows) };
}

/** Every parameter of the models of the devices behind a gateway (at most 2000). */
export const pointTargets = (data: TenantData, gatewayId: number): PointTarget[] =>
  TARGET.all(
    data.all(
      `SELECT ${TARGET.select} FROM device d JOIN model_param mp ON mp.model_id = d.model_id AND mp.tenant_id = d.tenant_id WHERE d.gateway_id = ? AND d.tenant_id = $tenant ORDER BY d.code, mp.id LIMIT 2000`,
      gatewayId,
    ),
  );

/** One of the tenant's points as answered (it must exist). */
export const pointAnswer = (data: TenantData, id: number): GatewayPoint => POINT.read(data.get(`${SELECT} WHERE p.id = ? AND p.tenant_id = $tenant`, id)!);

/** A point's gateway and kind, or undefined when the tenant has no such point. */
export const pointRow = (data: TenantData, id: number): { id: number; gateway_id: number; kind: PointKind } | undefined =>
  data.get<{ id: number; gateway_id: number; kind: PointKind }>('SELECT id, gateway_id, kind FROM gateway_point WHERE id = ? AND tenant_id = $tenant', id);

/** The tenant's points among `ids`, with the device each carries (null: none). */
export const pointsAmong = (data: TenantData, ids: readonly number[]): Array<{ id: number; code: string; device_id: number | null }> =>
  data.all<{ id: number; code: string; device_id: number | null }>(`SELECT id, code, device_id FROM gateway_point WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);

export const pointCodeTaken = (data: TenantData, gatewayId: number, code: string): boolean =>
  Boolean(data.get('SELECT 1 FROM gateway_point WHERE gateway_id = ? AND code = ? AND tenant_id = $tenant', gatewayId, code));

/** The access of a model's parameter (undefined: the model has no such parameter). */
export const paramAccess = (data: TenantData, modelId: number | null, code: string): string | undefined =>
  data.get<{ access: string }>('SELECT access FROM model_param WHERE model_id = ? AND code = ? AND tenant_id = $tenant', modelId, code)?.access;

/** The point that carries a device's parameter, if one does. */
export const pointCarrying = (data: TenantData, deviceId: number, paramCode: string): { id: number; code: string } | undefined =>
  data.get<{ id: number; code: string }>('SELECT id, code FROM gateway_point WHERE device_id = ? AND param_code = ? AND tenant_id = $tenant', deviceId, paramCode);

/** What a point is saved with: its name, whether used, and the device parameter it carries (or none). */
export interface PointValues {
  name: string;
  used: boolean;
  deviceId: number | null;
  paramCode: string | null;
}

/** A new point, undistributed; answers its id. */
export const insertPoint = (data: TenantData, gatewayId: number, code: string, kind: PointKind, v: PointValues): number =>
  Number(
    data.run(
      'INSERT INTO gateway_point (tenant_id, gateway_id, code, name, kind, used, device_id, param_code, distributed) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, 0)',
      gatewayId, code, v.name, kind, v.used ? 1 : 0, v.deviceId, v.paramCode,
    ).lastInsertRowid,
  );

/** An edited point, undistributed until the next distribution. */
export const updatePoint = (data: TenantData, id: number, v: PointValues): void =>
  void data.run('UPDATE gateway_point SET name = ?, used = ?, device_id = ?, param_code = ?, distributed = 0 WHERE id = ? AND tenant_id = $tenant', v.name, v.used ? 1 : 0, v.deviceId, v.paramCode, id);
