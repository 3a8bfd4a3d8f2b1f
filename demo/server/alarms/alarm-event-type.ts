// Event types (alarmManager alarm/event-type): the original event number (a positive whole number,
// unique in the tenant — the shared form rule), name and description; a type that alarms still use is
// kept, and the answer says by how many. Rules and alarms refer to types by id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmEventType, AlarmEventTypeSave } from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm-event-type.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, t, textsOf } from '../messages.ts';
import { inList, likePattern, offsetOf } from '../resource.ts';

const TEXT = {
  eventTypeMissing: { zh: '事件类型不存在', en: 'no such event type' },
  eventNumberTaken: { zh: '原始事件编号 {number} 已存在', en: 'original event number {number} already exists' },
  eventTypeInUse: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarms and cannot be deleted' },
  eventTypeInUse_one: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarm and cannot be deleted' },
} as const;

const say = textsOf(TEXT);

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.atrium;

  const eventTypeById = db.prepare('SELECT id, number, name, description FROM alarm_event_type WHERE id = ? AND tenant_id = ?');
  route(
    app,
    ops.page,
    async (request) => {
      const user = userOf(request);
      const where = ['tenant_id = ?'];
      const args: Array<string | number> = [user.tenantId];
      const keyword = request.body.keyword?.trim();
      if (keyword) {
        where.push("(name LIKE ? ESCAPE '\\' OR CAST(number AS TEXT) LIKE ? ESCAPE '\\')");
        args.push(likePattern(keyword), likePattern(keyword));
      }
      const sql = where.join(' AND ');
      const total = db.prepare(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE ${sql}`).get<{ n: number }>(...args)!.n;
      const rows = db.prepare(`SELECT id, number, name, description FROM alarm_event_type WHERE ${sql} ORDER BY number LIMIT ? OFFSET ?`).all<AlarmEventType>(...args, request.body.limit, offsetOf(request.body));
      return ok({ rows, total });
    },
  );

  /** Saves an event type (new when `id` is null), or answers why not. */
  function saveEventType(request: FastifyRequest<{ Body: AlarmEventTypeSave }>, id: number | null) {
    const user = userOf(request);
    const lang = langOf(request);
    const { number, name, description = '' } = request.body;
    // Whitespace alone is not a name (the form's required rule).
    if (name.trim() === '') return failField(t(request, 'validate.required'), 'name');
    if (id !== null && !eventTypeById.get(id, user.tenantId)) return fail(say(lang, 'eventTypeMissing'));
    const clash = db.prepare('SELECT id FROM alarm_event_type WHERE tenant_id = ? AND number = ? AND id <> ?').get(user.tenantId, number, id ?? 0);
    if (clash) return failField(say(lang, 'eventNumberTaken', { number }), 'number');
    const saved =
      id === null
        ? Number(db.prepare('INSERT INTO alarm_event_type (tenant_id, number, name, description) VALUES (?, ?, ?, ?)').run(user.tenantId, number, name.trim(), description.trim()).lastInsertRowid)
        : (db.prepare('UPDATE alarm_event_type SET number = ?, name = ?, description = ? WHERE id = ? AND tenant_id = ?').run(number, name.trim(), description.trim(), id, user.tenantId), id);
    return ok(eventTypeById.get<AlarmEventType>(saved, user.tenantId)!);
  }

  route(app, ops.create, async (request) => saveEventType(request, null));

  route(app, ops.update, async (request) => saveEventType(request, request.params.id));

  route(
    app,
    ops.delete,
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      const { ids } = request.body;
      const found = db.prepare(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE tenant_id = ? AND id IN (${inList(ids.length)})`).get<{ n: number }>(user.tenantId, ...ids)!;
      if (found.n !== new Set(ids).size) return fail(say(lang, 'eventTypeMissing'));
      const used = db.prepare(`SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = ? AND event_type_id IN (${inList(ids.length)})`).get<{ n: number }>(user.tenantId, ...ids)!;
      if (used.n > 0) return fail(say(lang, 'eventTypeInUse', { count: used.n }));
      const result = db.prepare(`DELETE FROM alarm_event_type WHERE tenant_id = ? AND id IN (${inList(ids.length)})`).run(user.tenantId, ...ids);
      return ok({ deleted: Number(result.changes) });
    },
  );
};

export default plugin;
