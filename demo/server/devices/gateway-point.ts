// Resource (software) points of a gateway (devmng/gw, SPEC §4 "used or unused; associated or
// unassociated; distributed or undistributed"): the channels a gateway reads (AI, DI) and writes (AO,
// DO). A point is associated with one parameter of a device behind its gateway (an output point only
// with a read-write one, each parameter with one point at most); any change makes it undistributed
// until the configuration is next distributed to the gateway (POST /api/gateway/{id}/distribute).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { POINT_KINDS, type GatewayPoint, type GatewayPointSave, type PointKind, type PointTarget } from '../../../shared/api/gateway-point-types.ts';
import { ops } from '../../../shared/contract/gateway-point.ts';
import { route } from '../contract.ts';
import { tx, type Db } from '../db.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { COUNT_CAP, deleteTenantRows, inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';
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
const kindFor = (dataType: string, access: string): PointKind => `${dataType === 'bool' ? 'D' : 'A'}${access === 'rw' ? 'O' : 'I'}` as PointKind;

/**
 * First start (and gateways without points): each gateway gets a point per parameter of the first
 * devices behind it — associated, used and distributed, as a commissioned gateway would be — and one
 * spare point of each kind, unused and never distributed.
 */
export function seed(db: Db): void {
  // Every tenant's gateways without points (a seed over all tenants); each is filled through its tenant's data.
  const gateways = db.prepare('SELECT g.id, g.tenant_id FROM gateway g WHERE NOT EXISTS (SELECT 1 FROM gateway_point p WHERE p.gateway_id = g.id)').all<{ id: number; tenant_id: number }>();
  if (gateways.length === 0) return;
  const insert = (data: TenantData, ...values: Array<string | number | null>) =>
    data.run('INSERT INTO gateway_point (tenant_id, gateway_id, code, name, kind, used, device_id, param_code, distributed) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)', ...values);
  tx(db, () => {
    for (const g of gateways) {
      const data = tenantDataOf(db, g.tenant_id);
      const next: Record<PointKind, number> = { AI: 0, DI: 0, AO: 0, DO: 0 };
      const code = (kind: PointKind) => `${kind}-${String(++next[kind]).padStart(2, '0')}`;
      for (const d of data.all<{ id: number; model_id: number }>('SELECT id, model_id FROM device WHERE gateway_id = ? AND tenant_id = $tenant AND model_id IS NOT NULL ORDER BY id LIMIT 4', g.id)) {
        for (const p of data.all<{ code: string; name: string; data_type: string; access: string }>('SELECT code, name, data_type, access FROM model_param WHERE model_id = ? AND tenant_id = $tenant ORDER BY id', d.model_id)) {
          const kind = kindFor(p.data_type, p.access);
          insert(data, g.id, code(kind), p.name.slice(0, 30), kind, 1, d.id, p.code, 1);
        }
      }
      for (const kind of POINT_KINDS) insert(data, g.id, code(kind), `Spare ${kind}`, kind, 0, null, null, 0);
    }
  });
}

const plugin: FastifyPluginAsync = async (app) => {
  const gatewayOf = (request: FastifyRequest, id: number) => tenantData(request).get<{ id: number }>('SELECT id FROM gateway WHERE id = ? AND tenant_id = $tenant', id);

  /** Checks a point's association; answers the refusal (a message and its field) or null. */
  const targetProblem = (data: TenantData, lang: Lang, gatewayId: number, kind: PointKind, b: GatewayPointSave, pointId: number | null): { msg: string; field: string } | null => {
    const hasDevice = b.deviceId !== null && b.deviceId !== undefined;
    const hasParam = typeof b.paramCode === 'string' && b.paramCode !== '';
    if (hasDevice !== hasParam) return { msg: say(lang, 'pair'), field: hasDevice ? 'paramCode' : 'deviceId' };
    if (!hasDevice) return null;
    const device = data.get<{ id: number; model_id: number | null; gateway_id: number | null }>('SELECT id, model_id, gateway_id FROM device WHERE id = ? AND tenant_id = $tenant', b.deviceId!);
    if (!device || device.gateway_id !== gatewayId) return { msg: say(lang, 'notBehind'), field: 'deviceId' };
    const param = data.get<{ access: string }>('SELECT access FROM model_param WHERE model_id = ? AND code = ? AND tenant_id = $tenant', device.model_id, b.paramCode!);
    if (!param) return { msg: say(lang, 'noParam', { code: b.paramCode! }), field: 'paramCode' };
    if ((kind === 'AO' || kind === 'DO') && param.access !== 'rw') return { msg: say(lang, 'needsWrite'), field: 'paramCode' };
    const holder = data.get<{ id: number; code: string }>('SELECT id, code FROM gateway_point WHERE device_id = ? AND param_code = ? AND tenant_id = $tenant', b.deviceId!, b.paramCode!);
    if (holder && holder.id !== pointId) return { msg: say(lang, 'taken', { code: holder.code }), field: 'paramCode' };
    return null;
  };

  // Every call needs gwManager (the declarations' rights).
  route(app, ops.list, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(lang, 'noGateway'));
    const q = request.query;
    const { page = 1, limit = 20 } = q;
    const where = ['p.tenant_id = $tenant', 'p.gateway_id = ?'];
    const args: Array<string | number> = [gateway.id];
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
    return ok({ total, rows: POINT.all(rows) });
  });

  route(app, ops.targets, async (request) => {
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(langOf(request), 'noGateway'));
    const rows = tenantData(request).all(
      `SELECT ${TARGET.select} FROM device d JOIN model_param mp ON mp.model_id = d.model_id AND mp.tenant_id = d.tenant_id WHERE d.gateway_id = ? AND d.tenant_id = $tenant ORDER BY d.code, mp.id LIMIT 2000`,
      gateway.id,
    );
    return ok(TARGET.all(rows));
  });

  const byId = (data: TenantData, id: number) => POINT.read(data.get(`${SELECT} WHERE p.id = ? AND p.tenant_id = $tenant`, id)!);

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const gateway = gatewayOf(request, request.params.id);
    if (!gateway) return fail(say(lang, 'noGateway'));
    const b = request.body;
    const code = b.code.trim();
    if (data.get('SELECT 1 FROM gateway_point WHERE gateway_id = ? AND code = ? AND tenant_id = $tenant', gateway.id, code)) return failField(say(lang, 'codeTaken'), 'code');
    const problem = targetProblem(data, lang, gateway.id, b.kind, b, null);
    if (problem) return failField(problem.msg, problem.field);
    const id = Number(
      data.run(
        'INSERT INTO gateway_point (tenant_id, gateway_id, code, name, kind, used, device_id, param_code, distributed) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, 0)',
        gateway.id, code, b.name.trim(), b.kind, b.used ? 1 : 0, b.deviceId ?? null, b.deviceId ? (b.paramCode ?? null) : null,
      ).lastInsertRowid,
    );
    return ok(byId(data, id));
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const point = data.get<{ id: number; gateway_id: number; kind: PointKind }>('SELECT id, gateway_id, kind FROM gateway_point WHERE id = ? AND tenant_id = $tenant', request.params.id);
    if (!point) return fail(say(lang, 'noPoint'));
    const b = request.body;
    const problem = targetProblem(data, lang, point.gateway_id, point.kind, b, point.id);
    if (problem) return failField(problem.msg, problem.field);
    data.run('UPDATE gateway_point SET name = ?, used = ?, device_id = ?, param_code = ?, distributed = 0 WHERE id = ? AND tenant_id = $tenant', b.name.trim(), b.used ? 1 : 0, b.deviceId ?? null, b.deviceId ? (b.paramCode ?? null) : null, point.id);
    return ok(byId(data, point.id));
  });

  route(
    app,
    ops.delete,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const ids = [...new Set(request.body.ids)];
      const rows = data.all<{ id: number; code: string; device_id: number | null }>(`SELECT id, code, device_id FROM gateway_point WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);
      if (rows.length !== ids.length) return fail(say(lang, 'noPoint'));
      const held = rows.filter((r) => r.device_id !== null);
      if (held.length > 0) return fail(say(lang, 'stillAssociated', { codes: held.map((r) => r.code).join(', ') }));
      return ok({ deleted: deleteTenantRows(data, 'gateway_point', ids) ?? 0 });
    },
  );
};

export default plugin;
