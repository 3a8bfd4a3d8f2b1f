// Gateways (IoT routers) of the demo platform: the tenant's list with status and keyword filters,
// paging and the SPEC §9 total markers (GET /api/gateway/list, shared/api/device-types.ts).
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_PAGE_MAX, TOTAL_NONE, isDeviceStatus, type DeviceStatus, type Gateway, type GatewayPage } from '../../../shared/api/device-types.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { answerQuery, fieldSay, QueryProblem, textParam, type Raw } from '../device-query.ts';
import { requireAnyMenu, userOf } from '../http.ts';
import { queryPage } from '../resource.ts';

/** Reading needs MonitorOPS or devManager, as for devices. */
const requireDeviceReader = requireAnyMenu('MonitorOPS', 'devManager');

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
          `SELECT gw.id, gw.code, gw.name, gw.ip, gw.mac, gw.version, gw.status, gw.status_at, gw.distributed_at, gw.area_guid, COALESCE(loc(a.name, a.name_en), '') AS area_name,
             (SELECT COUNT(*) FROM device d WHERE d.gateway_id = gw.id AND d.tenant_id = gw.tenant_id) AS device_count
           FROM gateway gw LEFT JOIN area a ON a.row_guid = gw.area_guid AND a.tenant_id = gw.tenant_id
           WHERE ${whereSql} ORDER BY gw.code, gw.id LIMIT ? OFFSET ?`,
        )
        .all(...args, limit, (page - 1) * limit) as Array<{
        id: number;
        code: string;
        name: string;
        ip: string;
        mac: string;
        version: string;
        status: DeviceStatus;
        status_at: number;
        distributed_at: number | null;
        area_guid: string | null;
        area_name: string;
        device_count: number;
      }>;
      const total =
        raw.count === 'none' ? TOTAL_NONE : (db.prepare(`SELECT COUNT(*) AS n FROM gateway gw WHERE ${whereSql}`).get(...args) as { n: number }).n;
      const gateways: Gateway[] = rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        ip: r.ip,
        mac: r.mac,
        version: r.version,
        status: r.status,
        statusAt: r.status_at,
        distributedAt: r.distributed_at,
        areaId: r.area_guid,
        areaName: r.area_name,
        deviceCount: r.device_count,
      }));
      return { total, rows: gateways } satisfies GatewayPage;
    }),
  );

};

export default plugin;
