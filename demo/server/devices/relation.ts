// Relations of devices to cameras (relationManager relation/device, relation cctv): which cameras look
// at a device, named (0–30 characters). An alarm row and a device reach their cameras through them.
// Both ends must be the tenant's; a pair is related once.
import type { FastifyPluginAsync } from 'fastify';
import { ops } from '../../../shared/contract/relation.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { deleteTenantRows } from '../resource.ts';
import { tenantData } from '../tenant-data.ts';
import { camerasOfDevice, cameraExists, deviceExists, insertRelation, listRelations, relationExists } from './relation-data.ts';

const TEXT = {
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noCamera: { zh: '摄像机不存在', en: 'no such camera' },
  taken: { zh: '该设备已关联这台摄像机', en: 'the device is already related to this camera' },
  noRelation: { zh: '关联不存在', en: 'no such relation' },
} as const satisfies Record<string, Record<Lang, string>>;

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.page, async (request) => {
    return ok(listRelations(tenantData(request), request.body));
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const { deviceId, cameraId, name = '' } = request.body;
    if (!deviceExists(data, deviceId)) return failField(TEXT.noDevice[lang], 'deviceId');
    if (!cameraExists(data, cameraId)) return failField(TEXT.noCamera[lang], 'cameraId');
    if (relationExists(data, deviceId, cameraId)) return failField(TEXT.taken[lang], 'cameraId');
    const id = insertRelation(data, deviceId, cameraId, name.trim());
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
    return ok(camerasOfDevice(tenantData(request), code));
  });
};

export default plugin;
