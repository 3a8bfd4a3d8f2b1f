// Gateways (IoT routers) of the demo platform: the tenant's list with status and keyword filters,
// paging and the SPEC §9 total markers (GET /api/gateway/list, shared/api/device-types.ts).
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_PAGE_MAX, TOTAL_NONE, isDeviceStatus, type Gateway, type GatewayPage } from '../../../shared/api/device-types.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { answerQuery, fieldSay, QueryProblem, textParam, type Raw } from '../device-query.ts';
import { requireAnyMenu, userOf } from '../http.ts';
import { queryPage } from '../resource.ts';
import { col, shape } from '../shape.ts';

/** Reading needs MonitorOPS or devManager, as for devices. */
const requireDeviceReader = requireAnyMenu('MonitorOPS', 'devManager');

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
  const { db } = app.atrium;

  app.get<{ Querystring: Raw }>('/api/gateway/list', { preHandler: requireDeviceReader }, async (request) =>
    answerQuery(request, (lang) => {
      const raw = request.query ?? {};
      const tenantId = userOf(request).tenantId;
      const paging = queryPage(raw, lang, DEVICE_PAGE_MAX);
      if (typeof paging === 'string') throw new QueryProblem(paging);
      const { page, limit } = paging;
      const status = raw.status === undefined || raw.status === '' ? null : raw.status;
      if (status !== null && !isDeviceStatus(status)) throw new QueryProblem(fieldSay(lang, 'device.field.status', 'device.validate.oneOf', { allowed: 'online, offline, unknown' }));
      const keyword = normaliseKeyword(textParam(lang, raw, 'keyword', 'device.param.keyword', 64));
      const where = ['gw.tenant_id = ?'];
      const args: Array<string | number> = [tenantId];
      if (status !== null) {
        where.push('gw.status = ?');
        args.push(status);
      }
      if (keyword !== '') {
        where.push('(instr(lower(gw.code), ?) > 0 OR instr(lower(gw.name), ?) > 0)');
        args.push(keyword, keyword);
      }
      const whereSql = where.join(' AND ');
      const rows = db
        .prepare(
          `SELECT ${GATEWAY.select} FROM gateway gw LEFT JOIN area a ON a.row_guid = gw.area_guid AND a.tenant_id = gw.tenant_id
           WHERE ${whereSql} ORDER BY gw.code, gw.id LIMIT ? OFFSET ?`,
        )
        .all(...args, limit, (page - 1) * limit);
      const total =
        raw.count === 'none' ? TOTAL_NONE : db.prepare(`SELECT COUNT(*) AS n FROM gateway gw WHERE ${whereSql}`).get<{ n: number }>(...args)!.n;
      return { total, rows: GATEWAY.all(rows) } satisfies GatewayPage;
    }),
  );

};

export default plugin;
