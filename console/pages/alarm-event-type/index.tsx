// Event types (alarmManager alarm/event-type) on the resource kit: the original event number (a
// positive whole number, unique in the tenant), name and description; create, edit, delete with the
// typed confirmation. A type that alarms still use is kept, and the platform says by how many.
import { createEventType, deleteEventTypes, listEventTypes, updateEventType } from '../../../shared/api/alarm.ts';
import type { AlarmEventType, AlarmEventTypeSave } from '../../../shared/api/alarm-types.ts';
import { http } from '../../../shared/http/index.ts';
import { eventTypeSchema } from '../../../shared/validate/alarm.ts';
import { defineResource, ResourcePage, text } from '../../resource/index.ts';
import '../alarm-search/texts.ts';

export const alarmEventTypeResource = defineResource<AlarmEventType>({
  id: 'alarm-event-type',
  operation: 'alarmEventType.page',
  titleKey: 'eventTypes.title',
  rowKey: (e) => e.id,
  rowName: (e) => `${e.number} ${e.name}`,
  columns: [
    { id: 'number', headerKey: 'eventTypes.field.number', field: 'number' },
    { id: 'name', headerKey: 'eventTypes.field.name', field: 'name' },
    { id: 'description', headerKey: 'eventTypes.field.description', field: 'description' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'eventTypes.field.keyword' }],
  list: (q, signal) => listEventTypes(http, { page: q.page, limit: q.limit, ...(text(q.filters.keyword) ? { keyword: text(q.filters.keyword) } : {}) }, signal),
  form: {
    saves: { create: 'alarmEventType.create', update: 'alarmEventType.update' },
    fields: () => [
      { kind: 'text', name: 'number', labelKey: 'eventTypes.field.number', rules: eventTypeSchema.number, initial: (e) => (e ? String(e.number) : ''), as: 'number' },
      { kind: 'text', name: 'name', labelKey: 'eventTypes.field.name', rules: eventTypeSchema.name, initial: (e) => e?.name ?? '' },
      { kind: 'textarea', name: 'description', labelKey: 'eventTypes.field.description', rules: eventTypeSchema.description, initial: (e) => e?.description ?? '' },
    ],
    save: async (body, e) => {
      const type = body as AlarmEventTypeSave;
      return e ? updateEventType(http, e.id, type) : createEventType(http, type);
    },
  },
  remove: (rows) => deleteEventTypes(http, rows.map((e) => e.id)),
});

export default function AlarmEventTypePage() {
  const def = alarmEventTypeResource;
  return (
    <div data-page="alarm-event-type">
      <ResourcePage def={def} />
    </div>
  );
}
