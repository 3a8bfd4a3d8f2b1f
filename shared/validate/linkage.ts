// Field rules of the linkage forms (strategies, quick scenes), shared by the console's pages and the
// demo server. A form holds the action list as JSON text; a request body holds it as a list — both
// pass through the same rule. Not re-exported from index.ts (widget bundles stay small).
import type { Schema } from './combine.ts';
import { expression } from './model-parameter.ts';
import { KEYS } from './keys.ts';
import { asText, fail, isEmpty, type Rule } from './message.ts';
import { integerBetween, LIMITS, quickSceneDelay, toNumber } from './numbers.ts';
import { length, nameLength, required } from './text.ts';
import { ALARM_LEVELS } from '../api/alarm-types.ts';
import { LINK_ACTION_KINDS, MAX_ACTIONS, SCENE_ACTION_KINDS, type LinkActionKind } from '../api/linkage-types.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** HH:mm (00:00–23:59) or empty. */
export const timeOfDay = (): Rule => (value) => (isEmpty(value) ? null : TIME.test(asText(value)?.trim() ?? '') ? null : fail(KEYS.timeFormat));

/** The period's end: both times or neither, and the end after the start. */
export const periodEnd = (startField: string): Rule => (value, values) => {
  const start = asText(values[startField])?.trim() ?? '';
  const end = asText(value)?.trim() ?? '';
  if (!start && !end) return null;
  if (!start || !end) return fail(KEYS.timeBoth);
  if (!TIME.test(start) || !TIME.test(end)) return null;
  return end > start ? null : fail(KEYS.timeOrder);
};

/** A list given as JSON text (a form) or as the list itself (a request body); null when it is neither. */
export function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const positiveId = (v: unknown) => {
  const n = toNumber(v);
  return n !== null && Number.isInteger(n) && n > 0;
};

/** Whether one action is complete for its kind (the platform then checks that what it names exists). */
export function actionComplete(action: unknown, kinds: readonly LinkActionKind[]): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as Record<string, unknown>;
  if (!kinds.includes(a.kind as LinkActionKind)) return false;
  switch (a.kind) {
    case 'write':
      return positiveId(a.deviceId) && typeof a.code === 'string' && a.code.trim() !== '' && toNumber(a.value) !== null;
    case 'alarm':
      return positiveId(a.deviceId) && (ALARM_LEVELS as readonly unknown[]).includes(a.level) && typeof a.content === 'string' && a.content.trim() !== '' && [...a.content].length <= 200;
    case 'scene':
      return positiveId(a.sceneId);
    default:
      return false;
  }
}

/** A strategy's actions: 1 to MAX_ACTIONS, each complete. */
export const actionList = (kinds: readonly LinkActionKind[] = LINK_ACTION_KINDS): Rule => (value) => {
  const list = listOf(value);
  if (!list || list.length === 0 || list.length > MAX_ACTIONS) return fail(KEYS.actionCount, { max: MAX_ACTIONS });
  const bad = list.findIndex((a) => !actionComplete(a, kinds));
  return bad < 0 ? null : fail(KEYS.actionIncomplete, { index: bad + 1 });
};

/** A scene's steps: 1 to MAX_ACTIONS, each a complete write or alarm with a delay of 1–300 s (SPEC §5). */
export const stepList = (): Rule => {
  const delay = quickSceneDelay();
  return (value, values) => {
    const list = listOf(value);
    if (!list || list.length === 0 || list.length > MAX_ACTIONS) return fail(KEYS.actionCount, { max: MAX_ACTIONS });
    for (const [i, step] of list.entries()) {
      const s = (typeof step === 'object' && step !== null ? step : {}) as Record<string, unknown>;
      const problem = isEmpty(s.delaySeconds) ? fail(KEYS.quickSceneDelay, { min: LIMITS.quickSceneDelay[0], max: LIMITS.quickSceneDelay[1] }) : delay(s.delaySeconds, values);
      if (problem) return problem;
      if (!actionComplete(s.action, SCENE_ACTION_KINDS)) return fail(KEYS.actionIncomplete, { index: i + 1 });
    }
    return null;
  };
};

export const linkGroupSchema = {
  name: [required(), nameLength()],
  note: [length(0, 200)],
} as const satisfies Schema;

export const strategySchema = {
  name: [required(), nameLength()],
  groupId: [required()],
  deviceId: [required()],
  expression: [required(), length(1, 200), expression()],
  hits: [required(), integerBetween(1, 100)],
  level: [required()],
  retrySeconds: [integerBetween(1, 3600)],
  periodStart: [timeOfDay()],
  periodEnd: [timeOfDay(), periodEnd('periodStart')],
  actions: [actionList()],
} as const satisfies Schema;

export const sceneSchema = {
  name: [required(), nameLength()],
  note: [length(0, 200)],
  steps: [stepList()],
} as const satisfies Schema;
