// Gateways (IoT routers) of the demo platform: the tenant's list with status and keyword filters,
// paging and the SPEC §9 total markers (GET /api/gateway/list, shared/api/device-types.ts).
import type { FastifyPluginAsync } from 'fastify';
import { ops } from '../../../shared/contract/device.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { route } from '../contract.ts';
import { ok } from '../http.ts';
import { tenantData } from '../tenant-data.ts';
import { listGateways } from './gateway-data.ts';

const plugin: FastifyPluginAsync = async (app) => {
  // Reading needs MonitorOPS or devManager, as for devices (the declaration's rights).
  route(app, ops.gatewayList, async (request) => {
    const { page = 1, limit = 20, status, keyword: rawKeyword = '', count } = request.query;
    return ok(listGateways(tenantData(request), { page, limit, status, keyword: normaliseKeyword(rawKeyword), count: count !== 'none' }));
  });
};

export default plugin;
