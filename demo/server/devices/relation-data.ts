// Relations of devices to cameras in the tenant's data (issue 39: the SQL of relation.ts, moved): the
// relation list with both ends, the cameras that look at a device, and adding a relation. Every
// function takes the tenant's data (tenant-data.ts).
import type { RelatedCamera, Relation } from '../../../shared/api/relation-types.ts';
import { likePattern } from '../resource.ts';
import type { TenantData } from '../tenant-data.ts';

/** A relation's two ends, each of the relation's own tenant (device_camera r). */
const ENDS = 'JOIN device d ON d.id = r.device_id AND d.tenant_id = r.tenant_id JOIN camera c ON c.id = r.camera_id AND c.tenant_id = r.tenant_id';
const SELECT = `SELECT r.id, r.device_id AS deviceId, d.code AS deviceCode, loc(d.name, d.name_en) AS deviceName, r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name
  FROM device_camera r ${ENDS}`;

/** A page of the tenant's relations by device code and camera name, matching a keyword (device code or name, camera name). */
export function listRelations(data: TenantData, q: { page?: number; limit?: number; keyword?: string }): { rows: Relation[]; total: number } {
  const where = ['r.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  const keyword = q.keyword?.trim();
  if (keyword) {
    where.push("(d.code LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\')");
    args.push(likePattern(keyword), likePattern(keyword), likePattern(keyword));
  }
  const sql = where.join(' AND ');
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device_camera r ${ENDS} WHERE ${sql}`, ...args)!.n;
  const { page = 1, limit = 20 } = q;
  const rows = data.all<Relation>(`${SELECT} WHERE ${sql} ORDER BY d.code, c.name LIMIT ? OFFSET ?`, ...args, limit, (page - 1) * limit);
  return { rows, total };
}

export const deviceExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM device WHERE id = ? AND tenant_id = $tenant', id));
export const cameraExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM camera WHERE id = ? AND tenant_id = $tenant', id));
export const relationExists = (data: TenantData, deviceId: number, cameraId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM device_camera WHERE device_id = ? AND camera_id = ? AND tenant_id = $tenant', deviceId, cameraId));

/** A new relation; answers its id. */
export const insertRelation = (data: TenantData, deviceId: number, cameraId: number, name: string): number =>
  Number(data.run('INSERT INTO device_camera (tenant_id, device_id, camera_id, name) VALUES ($tenant, ?, ?, ?)', deviceId, cameraId, name).lastInsertRowid);

/** The cameras related to the tenant's device with this code, by camera name. */
export const camerasOfDevice = (data: TenantData, deviceCode: string): RelatedCamera[] =>
  data.all<RelatedCamera>(`SELECT r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name FROM device_camera r ${ENDS} WHERE r.tenant_id = $tenant AND d.code = ? ORDER BY c.name`, deviceCode);
