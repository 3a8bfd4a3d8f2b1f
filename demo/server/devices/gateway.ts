// Gateways (IoT routers) of the demo platform: the tenant's list with status and keyword filters,
// paging and the SPEC §9 total markers (GET /api/gateway/list, shared/api/device-types.ts).
import type { FastifyPluginAsync } from 'fastify';
import { TOTAL_NONE, type Gateway } from '../../../shared/api/device-types.ts';
import { ops } from '../../../shared/contract/device.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { route } from '../contract.ts';
import { ok } from '../http.ts';
import { col, shape } from '../shape.ts';
import { tenantData } from '../tenant-data.ts';

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

const plugin: FastifyPluginAsync = async (app) => {
  // Reading needs MonitorOPS or devManager, as for devices (the declaration's rights).
  route(app, ops.gatewayList, async (request) => {
    const { page = 1, limit = 20, status, keyword: rawKeyword = '', count } = request.query;
    const data = tenantData(request);
    const keyword = normaliseKeyword(rawKeyword);
    const where = ['gw.tenant_id = $tenant'];
    const args: Array<string | number> = [];
    if (status !== undefined) {
      where.push('gw.status = ?');
      args.push(status);
    }
    if (keyword !== '') {
      where.push('(instr(lower(gw.code), ?) > 0 OR instr(lower(gw.name), ?) > 0)');
      args.push(keyword, keyword);
    }
    const whereSql = where.join(' AND ');
    const rows = data.all(
      `SELECT ${GATEWAY.select} FROM gateway gw LEFT JOIN area a ON a.row_guid = gw.area_guid AND a.tenant_id = gw.tenant_id
       WHERE ${whereSql} ORDER BY gw.code, gw.id LIMIT ? OFFSET ?`,
      ...args,
      limit,
      (page - 1) * limit,
    );
    const total = count === 'none' ? TOTAL_NONE : data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM gateway gw WHERE ${whereSql}`, ...args)!.n;
    return ok({ total, rows: GATEWAY.all(rows) });
  });
};

export default plugin;
