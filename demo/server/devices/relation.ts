// Relations of devices to cameras (relationManager relation/device, relation cctv): which cameras look
// at a device, named (0–30 characters). An alarm row and a device reach their cameras through them.
// Both ends must be the tenant's; a pair is related once.
import type { FastifyPluginAsync } from 'fastify';
import type { RelatedCamera, Relation } from '../../../shared/api/relation-types.ts';
import { ops } from '../../../shared/contract/relation.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { deleteTenantRows, likePattern } from '../resource.ts';
import { tenantData } from '../tenant-data.ts';

const TEXT = {
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noCamera: { zh: '摄像机不存在', en: 'no such camera' },
  taken: { zh: '该设备已关联这台摄像机', en: 'the device is already related to this camera' },
  noRelation: { zh: '关联不存在', en: 'no such relation' },
} as const satisfies Record<string, Record<Lang, string>>;

/** A relation's two ends, each of the relation's own tenant (device_camera r). */
const ENDS = 'JOIN device d ON d.id = r.device_id AND d.tenant_id = r.tenant_id JOIN camera c ON c.id = r.camera_id AND c.tenant_id = r.tenant_id';
const SELECT = `SELECT r.id, r.device_id AS deviceId, d.code AS deviceCode, loc(d.name, d.name_en) AS deviceName, r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name
  FROM device_camera r ${ENDS}`;

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.page, async (request) => {
    const data = tenantData(request);
    const where = ['r.tenant_id = $tenant'];
    const args: Array<string | number> = [];
    const keyword = request.body.keyword?.trim();
    if (keyword) {
      where.push("(d.code LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\')");
      args.push(likePattern(keyword), likePattern(keyword), likePattern(keyword));
    }
    const sql = where.join(' AND ');
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device_camera r ${ENDS} WHERE ${sql}`, ...args)!.n;
    const { page = 1, limit = 20 } = request.body;
    const rows = data.all<Relation>(`${SELECT} WHERE ${sql} ORDER BY d.code, c.name LIMIT ? OFFSET ?`, ...args, limit, (page - 1) * limit);
    return ok({ rows, total });
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const { deviceId, cameraId, name = '' } = request.body;
    if (!data.get('SELECT 1 FROM device WHERE id = ? AND tenant_id = $tenant', deviceId)) return failField(TEXT.noDevice[lang], 'deviceId');
    if (!data.get('SELECT 1 FROM camera WHERE id = ? AND tenant_id = $tenant', cameraId)) return failField(TEXT.noCamera[lang], 'cameraId');
    if (data.get('SELECT 1 FROM device_camera WHERE device_id = ? AND camera_id = ? AND tenant_id = $tenant', deviceId, cameraId)) return failField(TEXT.taken[lang], 'cameraId');
    const id = Number(data.run('INSERT INTO device_camera (tenant_id, device_id, camera_id, name) VALUES ($tenant, ?, ?, ?)', deviceId, cameraId, name.trim()).lastInsertRowid);
    return ok({ id });
  });

  route(app, ops.delete, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'device_camera', request.body.ids);
    if (deleted === null) return fail(TEXT.noRelation[langOf(request)]);
    return ok({ deleted });
  });

  // Any signed-in user of the tenant may ask which cameras look at a device (an alarm row offers them);
  // playing one still needs video:play.
  route(app, ops.cameras, async (request) => {
    const code = request.query.deviceCode ?? '';
    return ok(tenantData(request).all<RelatedCamera>(`SELECT r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name FROM device_camera r ${ENDS} WHERE r.tenant_id = $tenant AND d.code = ? ORDER BY c.name`, code));
  });
};

export default plugin;
