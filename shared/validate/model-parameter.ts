// Rules for device-model parameters (SPEC §5): min/default/max and the operators allowed in expressions.
import { KEYS } from './keys.ts';
import { asText, fail, isEmpty, type Result, type Rule, type ValidationMessage } from './message.ts';
import { toNumber } from './numbers.ts';

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

export const EXPRESSION_OPERATORS = ['+', '-', '*', '/', '%', '>>', '<<', '&', '|', '<', '>', '<=', '>=', '==', '!=', '&&', '||'] as const;

const ALLOWED = new Set<string>(EXPRESSION_OPERATORS);
const OPERAND = /^(\d+(\.\d+)?|[\p{Script=Han}A-Za-z_$][\p{Script=Han}\w$.]*)/u;
const OPERATOR_RUN = /^[+\-*/%<>=!&|^~?:]+/;

type Token = { kind: 'operand' } | { kind: 'op'; op: string } | { kind: 'open' } | { kind: 'close' };

/**
 * Splits a run of operator characters into one allowed operator followed only by unary signs
 * ("*-" in a*-1, "<=-" in a<=-1); anything else (=, !, ^, ===, >>>, **) is a forbidden operator.
 */
function splitOperatorRun(run: string): string[] | null {
  for (let k = Math.min(2, run.length); k >= 1; k -= 1) {
    const head = run.slice(0, k);
    const tail = run.slice(k);
    if (ALLOWED.has(head) && /^[+-]*$/.test(tail)) return [head, ...tail];
  }
  return null;
}

function tokenize(text: string): Token[] | ValidationMessage {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = rest[0]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close' });
      i += 1;
    } else {
      const operand = OPERAND.exec(rest);
      const run = operand ? null : OPERATOR_RUN.exec(rest);
      const ops = run ? splitOperatorRun(run[0]) : null;
      if (operand) {
        tokens.push({ kind: 'operand' });
        i += operand[0].length;
      } else if (run && ops) {
        for (const op of ops) tokens.push({ kind: 'op', op });
        i += run[0].length;
      } else {
        return fail(KEYS.expressionOperator);
      }
    }
  }
  return tokens;
}

/**
 * An expression of numbers, variable names, parentheses and only the allowed operators, well formed
 * (a unary + or - may precede an operand). Empty passes; pair with required() when it is mandatory.
 */
export function checkExpression(text: string): Result {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return tokens;
  let expectOperand = true;
  let depth = 0;
  for (const token of tokens) {
    if (expectOperand) {
      if (token.kind === 'operand') expectOperand = false;
      else if (token.kind === 'open') depth += 1;
      else if (token.kind === 'op' && (token.op === '-' || token.op === '+')) continue;
      else return fail(KEYS.expressionSyntax);
    } else if (token.kind === 'op') expectOperand = true;
    else if (token.kind === 'close' && depth > 0) depth -= 1;
    else return fail(KEYS.expressionSyntax);
  }
  return expectOperand || depth !== 0 ? fail(KEYS.expressionSyntax) : null;
}

export function expression(): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const text = asText(value);
    return text === null ? fail(KEYS.text) : checkExpression(text);
  };
}
