// Event types (alarmManager alarm/event-type): the original event number (a positive whole number,
// unique in the tenant — the shared form rule), name and description; a type that alarms still use is
// kept, and the answer says by how many. Rules and alarms refer to types by id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmEventTypeSave } from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm-event-type.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, t, textsOf } from '../messages.ts';
import { offsetOf } from '../resource.ts';
import { tenantData } from '../tenant-data.ts';
import { alarmsOfEventTypes, deleteEventTypes, eventNumberTaken, eventTypeById, eventTypesFound, insertEventType, listEventTypes, updateEventType } from './event-type-data.ts';

const TEXT = {
  eventTypeMissing: { zh: '事件类型不存在', en: 'no such event type' },
  eventNumberTaken: { zh: '原始事件编号 {number} 已存在', en: 'original event number {number} already exists' },
  eventTypeInUse: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarms and cannot be deleted' },
  eventTypeInUse_one: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarm and cannot be deleted' },
} as const;

const say = textsOf(TEXT);

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.page, async (request) => ok(listEventTypes(tenantData(request), request.body.keyword?.trim(), { limit: request.body.limit, offset: offsetOf(request.body) })));

  /** Saves an event type (new when `id` is null), or answers why not. */
  function saveEventType(request: FastifyRequest<{ Body: AlarmEventTypeSave }>, id: number | null) {
    const data = tenantData(request);
    const lang = langOf(request);
    const { number, name, description = '' } = request.body;
    // Whitespace alone is not a name (the form's required rule).
    if (name.trim() === '') return failField(t(request, 'validate.required'), 'name');
    if (id !== null && !eventTypeById(data, id)) return fail(say(lang, 'eventTypeMissing'));
    if (eventNumberTaken(data, number, id ?? 0)) return failField(say(lang, 'eventNumberTaken', { number }), 'number');
    const saved = id === null ? insertEventType(data, number, name.trim(), description.trim()) : (updateEventType(data, id, number, name.trim(), description.trim()), id);
    return ok(eventTypeById(data, saved)!);
  }

  route(app, ops.create, async (request) => saveEventType(request, null));

  route(app, ops.update, async (request) => saveEventType(request, request.params.id));

  route(
    app,
    ops.delete,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const { ids } = request.body;
      if (eventTypesFound(data, ids) !== new Set(ids).size) return fail(say(lang, 'eventTypeMissing'));
      const used = alarmsOfEventTypes(data, ids);
      if (used > 0) return fail(say(lang, 'eventTypeInUse', { count: used }));
      return ok({ deleted: deleteEventTypes(data, ids) });
    },
  );
};

export default plugin;
