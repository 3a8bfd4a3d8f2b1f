// Per-user key/value storage (SPEC §7 "Custom data"), e.g. the video wall layout. Scoped by tenant
// and user; a version number stops two tabs from silently overwriting each other. The statements live
// in custom-data.ts.
import type { FastifyPluginAsync } from 'fastify';
import { ops } from '../../../shared/contract/custom-data.ts';
import { route } from '../contract.ts';
import { failWith, ok, userOf } from '../http.ts';
import { tenantData } from '../tenant-data.ts';
import { customItem, customItemByKey, insertCustomItem, updateCustomItem } from './custom-data.ts';

const isUniqueViolation = (error: unknown): boolean => error instanceof Error && /UNIQUE constraint failed/.test(error.message);

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.read, async (request) => {
    const user = userOf(request);
    const item = customItemByKey(tenantData(request), user.id, request.query.customKey);
    return ok(item ? [item] : []);
  });

  route(app, ops.create, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const { customKey, customValue } = request.body;
    try {
      const id = insertCustomItem(data, user.id, customKey, customValue, Date.now());
      return ok(customItem(data, user.id, id)!);
    } catch (error) {
      // Another tab created it first: creating again would silently replace its data.
      if (isUniqueViolation(error)) return failWith(request, 'custom.exists');
      throw error;
    }
  });

  route(app, ops.update, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const { id, customValue, customKey, version } = request.body;
    const row = customItem(data, user.id, id);
    if (!row) return failWith(request, 'custom.notFound');
    const expected = version ?? row.version;
    if (expected !== row.version) return failWith(request, 'custom.stale');
    try {
      if (!updateCustomItem(data, user.id, id, customKey ?? row.customKey, customValue, expected, Date.now())) return failWith(request, 'custom.stale');
    } catch (error) {
      if (isUniqueViolation(error)) return failWith(request, 'custom.exists');
      throw error;
    }
    return ok(customItem(data, user.id, id)!);
  });
};

export default plugin;
