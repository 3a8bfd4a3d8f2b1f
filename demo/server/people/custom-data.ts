// Per-user key/value storage (SPEC §7 "Custom data"), e.g. the video wall layout. Scoped by tenant
// and user; a version number stops two tabs from silently overwriting each other.
import type { FastifyPluginAsync } from 'fastify';
import type { CustomDataItem } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/custom-data.ts';
import { route } from '../contract.ts';
import { failWith, ok, userOf } from '../http.ts';
import { col, shape } from '../shape.ts';

const ITEM = shape<CustomDataItem>({
  id: col.value('id'),
  customKey: col.value('custom_key'),
  customValue: col.value('custom_value'),
  version: col.value('version'),
});

const isUniqueViolation = (error: unknown): boolean => error instanceof Error && /UNIQUE constraint failed/.test(error.message);

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.atrium;
  const byKey = db.prepare(`SELECT ${ITEM.select} FROM custom_data WHERE tenant_id = ? AND user_id = ? AND custom_key = ?`);
  const byId = db.prepare(`SELECT ${ITEM.select} FROM custom_data WHERE id = ? AND tenant_id = ? AND user_id = ?`);
  const insert = db.prepare('INSERT INTO custom_data (tenant_id, user_id, custom_key, custom_value, version, updated_at) VALUES (?, ?, ?, ?, 1, ?)');
  const update = db.prepare(
    `UPDATE custom_data SET custom_key = ?, custom_value = ?, version = version + 1, updated_at = ?
     WHERE id = ? AND tenant_id = ? AND user_id = ? AND version = ?`,
  );

  route(app, ops.read, async (request) => {
    const user = userOf(request);
    const row = byKey.get(user.tenantId, user.id, request.query.customKey);
    return ok(row ? [ITEM.read(row)] : []);
  });

  route(app, ops.create, async (request) => {
    const user = userOf(request);
    const { customKey, customValue } = request.body;
    try {
      const id = Number(insert.run(user.tenantId, user.id, customKey, customValue, Date.now()).lastInsertRowid);
      return ok(ITEM.read(byId.get(id, user.tenantId, user.id)!));
    } catch (error) {
      // Another tab created it first: creating again would silently replace its data.
      if (isUniqueViolation(error)) return failWith(request, 'custom.exists');
      throw error;
    }
  });

  route(app, ops.update, async (request) => {
    const user = userOf(request);
    const { id, customValue, customKey, version } = request.body;
    const found = byId.get(id, user.tenantId, user.id);
    if (!found) return failWith(request, 'custom.notFound');
    const row = ITEM.read(found);
    const expected = version ?? row.version;
    if (expected !== row.version) return failWith(request, 'custom.stale');
    try {
      const result = update.run(customKey ?? row.customKey, customValue, Date.now(), id, user.tenantId, user.id, expected);
      if (result.changes === 0) return failWith(request, 'custom.stale');
    } catch (error) {
      if (isUniqueViolation(error)) return failWith(request, 'custom.exists');
      throw error;
    }
    return ok(ITEM.read(byId.get(id, user.tenantId, user.id)!));
  });
};

export default plugin;
