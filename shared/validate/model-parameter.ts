// Rules for device-model parameters (SPEC §5): min/default/max and the operators allowed in expressions.
import { KEYS } from './keys.ts';
import { asText, fail, isEmpty, type Result, type Rule, type ValidationMessage } from './message.ts';
import { toNumber } from './numbers.ts';
import { compile, OPERATORS } from './expression.ts';

export type RangePart = 'min' | 'max' | 'default';

export interface RangeInput {
  readonly min?: unknown;
  readonly max?: unknown;
  readonly default?: unknown;
}

export type RangeMessages = Partial<Record<RangePart, ValidationMessage>>;

/**
 * Checks min, default and max together and says which field is wrong: each given value must be
 * numeric, min must not exceed default or max, default must lie within [min, max]. Unset values are skipped.
 */
export function modelParameterRange(input: RangeInput): RangeMessages {
  const out: RangeMessages = {};
  const nums: Partial<Record<RangePart, number>> = {};
  for (const part of ['min', 'max', 'default'] as const) {
    const raw = input[part];
    if (isEmpty(raw)) continue;
    const n = toNumber(raw);
    if (n === null) out[part] = fail(KEYS.numeric);
    else nums[part] = n;
  }
  const { min, max, default: def } = nums;
  if (min !== undefined && ((max !== undefined && min > max) || (def !== undefined && min > def))) {
    out.min = fail(KEYS.modelMinTooLarge);
  }
  if (def !== undefined && ((min !== undefined && def < min) || (max !== undefined && def > max))) {
    out.default = fail(KEYS.modelDefaultOutOfRange);
  }
  return out;
}

export interface RangeFieldNames {
  readonly min: string;
  readonly max: string;
  readonly default: string;
}

/** Field form of modelParameterRange for one of the three fields, reading the other two from the object. */
export function modelRange(part: RangePart, names: RangeFieldNames = { min: 'min', max: 'max', default: 'defaultValue' }): Rule {
  return (_value, values) =>
    modelParameterRange({ min: values[names.min], max: values[names.max], default: values[names.default] })[part] ?? null;
}

export const EXPRESSION_OPERATORS = OPERATORS;

/**
 * An expression of numbers, variable names, parentheses and only the allowed operators, well formed
 * (a unary + or - may precede an operand); the message names the character where it goes wrong.
 * Empty passes; pair with required() when it is mandatory.
 */
export function checkExpression(text: string): Result {
  if (text.trim() === '') return null;
  const compiled = compile(text);
  if (compiled.ok) return null;
  return fail(compiled.kind === 'operator' ? KEYS.expressionOperator : KEYS.expressionSyntax, { position: compiled.position });
}

export function expression(): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const text = asText(value);
    return text === null ? fail(KEYS.text) : checkExpression(text);
  };
}
