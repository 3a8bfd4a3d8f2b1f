// Field rules of the alarm forms (event types), shared by the console's page and the demo server.
// Not re-exported from index.ts, like people.ts: widget bundles that validate anything stay small.
import type { Schema } from './combine.ts';
import { formula } from './device-model.ts';
import { integerBetween, positiveInteger } from './numbers.ts';
import { descriptionLength, length, required } from './text.ts';

/** alarm/event-type: the original event number is a positive whole number (SPEC §5). */
export const eventTypeSchema = {
  number: [required(), positiveInteger()],
  name: [required(), length(1, 64)],
  description: [descriptionLength()],
} as const satisfies Schema;

/** alarm/config bounds, shared by the form below and the API contract (shared/contract/alarm-rule.ts). */
export const ALARM_RULE_BOUNDS = {
  paramCode: [1, 64],
  expression: [1, 200],
  content: [1, 200],
  noticeHours: [1, 720],
  banHours: [0, 720],
} as const;
const B = ALARM_RULE_BOUNDS;

/** alarm/search: the longest note of taking alarms in hand or handling them, shared by the form below and the API contract (shared/contract/alarm.ts). */
export const ALARM_NOTE_MAX = 500;

/** alarm/search: taking in hand or handling, with a note. */
export const alarmHandleSchema = {
  note: [length(0, ALARM_NOTE_MAX)],
} as const satisfies Schema;

/** alarm/config: the form's rules (numbers as typed text). */
export const alarmRuleSchema = {
  modelId: [required()],
  paramCode: [required(), length(...B.paramCode)],
  expression: [required(), length(...B.expression), formula()],
  level: [required()],
  content: [required(), length(...B.content)],
  noticeHours: [integerBetween(...B.noticeHours)],
  banHours: [integerBetween(...B.banHours)],
} as const satisfies Schema;
