// Alarm event types (alarmManager, alarm/event-type): the original event number (a positive whole
// number, unique in the tenant), name and description; a type alarms still use cannot be deleted.
import Type from 'typebox';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, MAX_ID, MAX_LIMIT, MAX_PAGE, Strict, Text, PageOf } from './fields.ts';

const TAG = 'Alarm event types';

export const AlarmEventType = Strict({
  id: Id(),
  number: Int(1, MAX_ID, { description: 'The original event number (SPEC §5: a positive integer), unique in the tenant' }),
  name: Type.String(),
  description: Type.String(),
});

export const AlarmEventTypeSave = Strict({
  number: Type.Integer({ minimum: 1, maximum: MAX_ID, 'x-range': 'validate.positiveInteger', description: 'The original event number: a positive integer (SPEC §5), unique in the tenant' }),
  name: Text(1, 64),
  description: Type.Optional(Text(0, 255, { multiline: true, description: 'SPEC §5 description 0-255' })),
});

export const AlarmEventTypeQuery = Strict({ page: Int(1, MAX_PAGE), limit: Int(1, MAX_LIMIT), keyword: Type.Optional(Text(0, 64)) });

export const AlarmEventTypePage = PageOf(AlarmEventType);

const sample = { id: 1, number: 1001, name: 'Door forced', description: 'Opened without a card' };
const rights = { menu: 'alarmManager' } as const;

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/alarm/event-type/page',
    rights,
    tag: TAG,
    summary: "The tenant's event types by number, paged, optionally by keyword (name or number)",
    description: 'A page of the event types alarms and rules refer to.',
    body: AlarmEventTypeQuery,
    data: AlarmEventTypePage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sample], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/alarm/event-type',
    rights,
    tag: TAG,
    summary: 'Adds an event type',
    description: 'Refused (data.field number) when the tenant already has the number.',
    body: AlarmEventTypeSave,
    data: AlarmEventType,
    examples: { body: { number: 1001, name: 'Door forced', description: 'Opened without a card' }, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/alarm/event-type/:id',
    rights,
    tag: TAG,
    summary: 'Edits an event type',
    description: "Refused when the type is not the tenant's, or the number is another type's.",
    params: IdParams,
    body: AlarmEventTypeSave,
    data: AlarmEventType,
    examples: { params: { id: 1 }, body: { number: 1001, name: 'Door forced', description: '' }, data: sample },
  }),
  delete: operation({
    method: 'POST',
    path: '/api/alarm/event-type/delete',
    rights,
    tag: TAG,
    summary: 'Deletes event types, all or none',
    description: "Refused when an id is not the tenant's, or when alarms still use a type (the answer says by how many).",
    body: Strict({ ids: Ids() }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
};
