// Resource (software) points of a gateway (devmng/gw, SPEC §4 "used or unused; associated or
// unassociated; distributed or undistributed"): the channels a gateway reads (AI, DI) and writes (AO,
// DO). A point is associated with one parameter of a device behind its gateway (an output point only
// with a read-write one, each parameter with one point at most); any change makes it undistributed
// until the configuration is next distributed to the gateway (POST /api/gateway/{id}/distribute).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { GatewayPointSave, PointKind } from '../../../shared/api/gateway-point-types.ts';
import { ops } from '../../../shared/contract/gateway-point.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows } from '../resource.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';
import { deviceRef, gatewayExists } from './device-data.ts';
import { insertPoint, listPoints, paramAccess, pointAnswer, pointCarrying, pointCodeTaken, pointRow, pointsAmong, pointTargets, updatePoint } from './gateway-point-data.ts';
const TEXT = {
  noGateway: { zh: '网关不存在', en: 'no such gateway' },
  noPoint: { zh: '资源点不存在', en: 'no such resource point' },
  codeTaken: { zh: '该网关已有此编码的资源点', en: 'this gateway already has a point with that code' },
  notBehind: { zh: '设备不在该网关下', en: 'the device is not behind this gateway' },
  noParam: { zh: '设备型号没有参数 {code}', en: "the device's model has no parameter {code}" },
  needsWrite: { zh: '输出点（AO/DO）只能关联可读写参数', en: 'an output point (AO/DO) needs a read-write parameter' },
  taken: { zh: '该参数已关联资源点 {code}', en: 'that parameter is already carried by point {code}' },
  pair: { zh: '设备和参数需同时选择或同时清空', en: 'choose both a device and a parameter, or neither' },
  stillAssociated: { zh: '资源点 {codes} 仍关联着设备参数，先解除关联再删除', en: 'points {codes} still carry device parameters; clear them before deleting' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

export { seed } from './gateway-point-seed.ts';

const plugin: FastifyPluginAsync = async (app) => {
  const gatewayOf = (request: FastifyRequest, id: number) => (gatewayExists(tenantData(request), id) ? { id } : undefined);

  /** Checks a point's association; answers the refusal (a message and its field) or null. */
  const targetProblem = (data: TenantData, lang: Lang, gatewayId: number, kind: PointKind, b: GatewayPointSave, pointId: number | null): { msg: string; field: string } | null => {
    const hasDevice = b.deviceId !== null && b.deviceId !== undefined;
    const hasParam = typeof b.paramCode === 'string' && b.paramCode !== '';
    if (hasDevice !== hasParam) return { msg: say(lang, 'pair'), field: hasDevice ? 'paramCode' : 'deviceId' };
    if (!hasDevice) return null;
    const device = deviceRef(data, b.deviceId!);
    if (!device || device.gateway_id !== gatewayId) return { msg: say(lang, 'notBehind'), field: 'deviceId' };
    const access = paramAccess(data, device.model_id, b.paramCode!);
    if (access === undefined) return { msg: say(lang, 'noParam', { code: b.paramCode! }), field: 'paramCode' };
    if ((kind === 'AO' || kind === 'DO') && access !== 'rw') return { msg: say(lang, 'needsWrite'), field: 'paramCode' };
    const holder = pointCarrying(data, b.deviceId!, b.paramCode!);
    if (holder && holder.id !== pointId) return { msg: say(lang, 'taken', { code: holder.code }), field: 'paramCode' };
    return null;
  };

  // Every call needs gwManager (the declarations' rights).
  route(app, ops.list, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(lang, 'noGateway'));
    return ok(listPoints(data, gateway.id, request.query));
  });

  route(app, ops.targets, async (request) => {
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(langOf(request), 'noGateway'));
    return ok(pointTargets(tenantData(request), gateway.id));
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(lang, 'noGateway'));
    const b = request.body;
    const code = b.code.trim();
    if (pointCodeTaken(data, gateway.id, code)) return failField(say(lang, 'codeTaken'), 'code');
    const problem = targetProblem(data, lang, gateway.id, b.kind, b, null);
    if (problem) return failField(problem.msg, problem.field);
    const id = insertPoint(data, gateway.id, code, b.kind, { name: b.name.trim(), used: b.used, deviceId: b.deviceId ?? null, paramCode: b.deviceId ? (b.paramCode ?? null) : null });
    return ok(pointAnswer(data, id));
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const point = pointRow(data, request.params.id);
    if (!point) return fail(say(lang, 'noPoint'));
    const b = request.body;
    const problem = targetProblem(data, lang, point.gateway_id, point.kind, b, point.id);
    if (problem) return failField(problem.msg, problem.field);
    updatePoint(data, point.id, { name: b.name.trim(), used: b.used, deviceId: b.deviceId ?? null, paramCode: b.deviceId ? (b.paramCode ?? null) : null });
    return ok(pointAnswer(data, point.id));
  });

  route(
    app,
    ops.delete,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const ids = [...new Set(request.body.ids)];
      const rows = pointsAmong(data, ids);
      if (rows.length !== ids.length) return fail(say(lang, 'noPoint'));
      const held = rows.filter((r) => r.device_id !== null);
      if (held.length > 0) return fail(say(lang, 'stillAssociated', { codes: held.map((r) => r.code).join(', ') }));
      return ok({ deleted: deleteTenantRows(data, 'gateway_point', ids) ?? 0 });
    },
  );
};

export default plugin;
