// Per-user key/value storage (SPEC §7 "Custom data"), e.g. the video wall layout. Scoped by tenant
// and user; a version number stops two tabs from silently overwriting each other.
import type { FastifyPluginAsync } from 'fastify';
import type { CustomDataItem } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/custom-data.ts';
import { route } from '../contract.ts';
import { failWith, ok, userOf } from '../http.ts';
import { col, shape } from '../shape.ts';
import { tenantData } from '../tenant-data.ts';

const ITEM = shape<CustomDataItem>({
  id: col.value('id'),
  customKey: col.value('custom_key'),
  customValue: col.value('custom_value'),
  version: col.value('version'),
});

const isUniqueViolation = (error: unknown): boolean => error instanceof Error && /UNIQUE constraint failed/.test(error.message);

const plugin: FastifyPluginAsync = async (app) => {
  const BY_KEY = `SELECT ${ITEM.select} FROM custom_data WHERE tenant_id = $tenant AND user_id = ? AND custom_key = ?`;
  const BY_ID = `SELECT ${ITEM.select} FROM custom_data WHERE id = ? AND tenant_id = $tenant AND user_id = ?`;
  const INSERT = 'INSERT INTO custom_data (tenant_id, user_id, custom_key, custom_value, version, updated_at) VALUES ($tenant, ?, ?, ?, 1, ?)';
  const UPDATE = `UPDATE custom_data SET custom_key = ?, custom_value = ?, version = version + 1, updated_at = ?
     WHERE id = ? AND tenant_id = $tenant AND user_id = ? AND version = ?`;

  route(app, ops.read, async (request) => {
    const user = userOf(request);
    const row = tenantData(request).get(BY_KEY, user.id, request.query.customKey);
    return ok(row ? [ITEM.read(row)] : []);
  });

  route(app, ops.create, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const { customKey, customValue } = request.body;
    try {
      const id = Number(data.run(INSERT, user.id, customKey, customValue, Date.now()).lastInsertRowid);
      return ok(ITEM.read(data.get(BY_ID, id, user.id)!));
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
    const found = data.get(BY_ID, id, user.id);
    if (!found) return failWith(request, 'custom.notFound');
    const row = ITEM.read(found);
    const expected = version ?? row.version;
    if (expected !== row.version) return failWith(request, 'custom.stale');
    try {
      const result = data.run(UPDATE, customKey ?? row.customKey, customValue, Date.now(), id, user.id, expected);
      if (result.changes === 0) return failWith(request, 'custom.stale');
    } catch (error) {
      if (isUniqueViolation(error)) return failWith(request, 'custom.exists');
      throw error;
    }
    return ok(ITEM.read(data.get(BY_ID, id, user.id)!));
  });
};

export default plugin;
