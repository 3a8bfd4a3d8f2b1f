// Numeric rules of SPEC §5: numbers, integers and the bounded counts (batches, delays, fill-in, pan-tilt speed).
import { KEYS, type MessageKey } from './keys.ts';
import { bounded, fail, isEmpty, type Rule } from './message.ts';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

/** The number a form string or a body value stands for, or null when it is not a plain decimal number. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return null;
}

function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && INTEGER.test(value.trim())) return Number(value.trim());
  return null;
}

export function numeric(): Rule {
  return (value) => (isEmpty(value) || toNumber(value) !== null ? null : fail(KEYS.numeric));
}

export function integer(): Rule {
  return (value) => (isEmpty(value) || toInteger(value) !== null ? null : fail(KEYS.integer));
}

/** 1, 2, 3 …: used for the original event number of a model parameter. */
export function positiveInteger(): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const n = toInteger(value);
    return n !== null && n > 0 ? null : fail(KEYS.positiveInteger);
  };
}

/** An integer in [min, max]; `key` names the text to show when it is outside (it gets min and max). */
export function integerBetween(min: number, max: number, key: MessageKey = KEYS.range): Rule {
  return bounded((value) => {
    if (isEmpty(value)) return null;
    const n = toInteger(value);
    if (n === null) return fail(KEYS.integer);
    return n >= min && n <= max ? null : fail(key, { min, max });
  }, { of: 'value', min, max });
}

export const LIMITS = {
  batch: [1, 1000],
  quickSceneDelay: [1, 300],
  attendanceFillIn: [0, 99],
  panTiltSpeed: [1, 7],
} as const satisfies Record<string, readonly [number, number]>;

/** How many devices or cameras one batch (or a device range) may create. */
export const batchSize = (): Rule => integerBetween(...LIMITS.batch, KEYS.batchRange);
/** Delay of a quick-scene action, in seconds. */
export const quickSceneDelay = (): Rule => integerBetween(...LIMITS.quickSceneDelay, KEYS.quickSceneDelay);
/** Attendance time fill-in, in minutes. */
export const attendanceFillIn = (): Rule => integerBetween(...LIMITS.attendanceFillIn, KEYS.attendanceFillIn);
export const panTiltSpeed = (): Rule => integerBetween(...LIMITS.panTiltSpeed, KEYS.panTiltSpeed);
