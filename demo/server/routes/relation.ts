// Relations of devices to cameras (relationManager relation/device, relation cctv): which cameras look
// at a device, named (0–30 characters). An alarm row and a device reach their cameras through them.
// Both ends must be the tenant's; a pair is related once.
import type { FastifyPluginAsync } from 'fastify';
import type { RelatedCamera, Relation, RelationPage, RelationQuery, RelationSave } from '../../../shared/api/relation-types.ts';
import { relationNameLength } from '../../../shared/validate/index.ts';
import type { Migration } from '../db.ts';
import { fail, failField, ok, requireMenu, requireUser, rule, userOf, validBody, type Rule, type Schema } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { deleteOwned, idList, likePattern, offsetOf, type PageQuery, pageRules } from '../resource.ts';

export const migrations: Migration[] = [
  {
    id: 'relation/001-tables',
    sql: `
      CREATE TABLE device_camera (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
        camera_id INTEGER NOT NULL REFERENCES camera(id) ON DELETE CASCADE,
        name TEXT NOT NULL DEFAULT '',
        UNIQUE (device_id, camera_id)
      );
    `,
  },
];

const TEXT = {
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noCamera: { zh: '摄像机不存在', en: 'no such camera' },
  taken: { zh: '该设备已关联这台摄像机', en: 'the device is already related to this camera' },
  noRelation: { zh: '关联不存在', en: 'no such relation' },
} as const satisfies Record<string, Record<Lang, string>>;

const positive: Rule = (v) => (Number.isInteger(v) && (v as number) > 0 ? null : { key: 'validate.required' });

const SELECT = `SELECT r.id, r.device_id AS deviceId, d.code AS deviceCode, loc(d.name, d.name_en) AS deviceName, r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name
  FROM device_camera r JOIN device d ON d.id = r.device_id JOIN camera c ON c.id = r.camera_id`;

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.atrium;
  const manager = requireMenu('relationManager');

  app.post<{ Body: RelationQuery }>('/api/relation/device/page', { preHandler: [manager, validBody<RelationQuery>({ ...(pageRules as Schema<PageQuery>), keyword: [rule.text(0, 64)] })] }, async (request) => {
    const user = userOf(request);
    const where = ['r.tenant_id = ?'];
    const args: Array<string | number> = [user.tenantId];
    const keyword = request.body.keyword?.trim();
    if (keyword) {
      where.push("(d.code LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\')");
      args.push(likePattern(keyword), likePattern(keyword), likePattern(keyword));
    }
    const sql = where.join(' AND ');
    const total = db.prepare(`SELECT COUNT(*) AS n FROM device_camera r JOIN device d ON d.id = r.device_id JOIN camera c ON c.id = r.camera_id WHERE ${sql}`).get<{ n: number }>(...args)!.n;
    const rows = db.prepare(`${SELECT} WHERE ${sql} ORDER BY d.code, c.name LIMIT ? OFFSET ?`).all<Relation>(...args, request.body.limit, offsetOf(request.body));
    return ok<RelationPage>({ rows, total });
  });

  app.post<{ Body: RelationSave }>(
    '/api/relation/device',
    { preHandler: [manager, validBody<RelationSave>({ deviceId: [positive], cameraId: [positive], name: [rule.text(0, 1000), ...(([relationNameLength()] as unknown) as Rule[])] })] },
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      const { deviceId, cameraId, name = '' } = request.body;
      if (!db.prepare('SELECT 1 FROM device WHERE id = ? AND tenant_id = ?').get(deviceId, user.tenantId)) return failField(TEXT.noDevice[lang], 'deviceId');
      if (!db.prepare('SELECT 1 FROM camera WHERE id = ? AND tenant_id = ?').get(cameraId, user.tenantId)) return failField(TEXT.noCamera[lang], 'cameraId');
      if (db.prepare('SELECT 1 FROM device_camera WHERE device_id = ? AND camera_id = ?').get(deviceId, cameraId)) return failField(TEXT.taken[lang], 'cameraId');
      const id = Number(db.prepare('INSERT INTO device_camera (tenant_id, device_id, camera_id, name) VALUES (?, ?, ?, ?)').run(user.tenantId, deviceId, cameraId, name.trim()).lastInsertRowid);
      return ok({ id });
    },
  );

  app.post<{ Body: { ids: number[] } }>('/api/relation/device/delete', { preHandler: [manager, validBody<{ ids: number[] }>({ ids: [rule.required, idList()] })] }, async (request) => {
    const user = userOf(request);
    const ids = request.body.ids;
    const deleted = deleteOwned(db, 'device_camera', user.tenantId, ids);
    if (deleted === null) return fail(TEXT.noRelation[langOf(request)]);
    return ok({ deleted });
  });

  // Any signed-in user of the tenant may ask which cameras look at a device (an alarm row offers them);
  // playing one still needs video:play.
  app.get<{ Querystring: { deviceCode?: string } }>('/api/relation/cameras', { preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const code = String(request.query.deviceCode ?? '').slice(0, 64);
    const rows = db
      .prepare('SELECT r.camera_id AS cameraId, loc(c.name, c.name_en) AS cameraName, r.name FROM device_camera r JOIN device d ON d.id = r.device_id JOIN camera c ON c.id = r.camera_id WHERE r.tenant_id = ? AND d.code = ? ORDER BY c.name')
      .all<RelatedCamera>(user.tenantId, code);
    return ok(rows);
  });
};

export default plugin;
