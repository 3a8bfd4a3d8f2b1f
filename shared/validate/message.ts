// The one result shape of every rule, and the small helpers the rule files share.
import type { MessageKey } from './keys.ts';

export type MessageParams = Readonly<Record<string, string | number>>;

/** A failed rule: a message key for i18n plus the values its text interpolates ({{min}}, {{max}} …). */
export interface ValidationMessage {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/** null means valid. */
export type Result = ValidationMessage | null;

export type Values = Readonly<Record<string, unknown>>;

/** A rule sees the field value and, for cross-field rules (password match, min/default/max), the whole object. */
export type Rule = (value: unknown, values: Values) => Result;

/**
 * The bounds a length or range rule checks, readable from the rule (`boundsOf`): 'length' counts
 * characters (JSON Schema minLength / maxLength), 'value' the number (minimum / maximum). A test
 * compares them with the API contract's (console/resource/form-contract.test.ts).
 */
export interface Bounds {
  readonly of: 'length' | 'value';
  readonly min: number;
  readonly max: number;
}

/** The rule, carrying the bounds it checks. */
export function bounded(rule: Rule, bounds: Bounds): Rule {
  return Object.assign(rule, { bounds });
}

/** The bounds a rule checks (length(), integerBetween(), password() and the rules built on them), or null. */
export function boundsOf(rule: Rule): Bounds | null {
  return (rule as Rule & { bounds?: Bounds }).bounds ?? null;
}

export function fail(key: MessageKey, params?: MessageParams): ValidationMessage {
  return params ? { key, params } : { key };
}

/** Empty means "not filled in": format rules pass on it so that only required() decides about presence. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Forms hand strings, request bodies may hand numbers; anything else is not text. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Length in characters as a reader counts them: one per code point, so a Chinese character is one. */
export function charLength(text: string): number {
  return [...text].length;
}
