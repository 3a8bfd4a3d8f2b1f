// Field rules of the device model forms (devmng/config), shared by the console's page and the demo
// server. Not re-exported from index.ts (widget bundles stay small).
import type { Schema } from './combine.ts';
import { compile } from './expression.ts';
import { KEYS } from './keys.ts';
import { asText, fail, isEmpty, type Rule } from './message.ts';
import { modelRange, expression } from './model-parameter.ts';
import { integerBetween, numeric } from './numbers.ts';
import { alphanumeric, descriptionLength, length, pointCode, required } from './text.ts';

/** The one variable a formula or a parameter's alarm expression may use: the value itself. */
export const FORMULA_VARIABLE = 'x';

/** A well-formed expression that uses no variable but x. */
export function formula(): Rule {
  const wellFormed = expression();
  return (value, values) => {
    const problem = wellFormed(value, values);
    if (problem || isEmpty(value)) return problem;
    const compiled = compile(asText(value) ?? '');
    const other = compiled.ok ? compiled.variables.find((v) => v !== FORMULA_VARIABLE) : undefined;
    return other ? fail(KEYS.expressionVariable, { name: other, allowed: FORMULA_VARIABLE }) : null;
  };
}

export const categorySchema = {
  name: [required(), length(1, 64)],
} as const satisfies Schema;

export const modelSchema = {
  code: [required(), length(1, 32), alphanumeric()],
  name: [required(), length(1, 64)],
  categoryId: [required()],
  description: [descriptionLength()],
} as const satisfies Schema;

export const paramSchema = {
  name: [required(), length(1, 64)],
  code: [required(), length(1, 64), pointCode()],
  dataType: [required()],
  access: [required()],
  uiType: [required()],
  unit: [length(0, 16)],
  precision: [integerBetween(0, 6)],
  collectFormula: [length(0, 200), formula()],
  controlFormula: [length(0, 200), formula()],
  alarmExpression: [length(0, 200), formula()],
  min: [numeric(), modelRange('min')],
  max: [numeric(), modelRange('max')],
  step: [numeric()],
  defaultValue: [numeric(), modelRange('default')],
} as const satisfies Schema;

/** A gateway's resource point (devmng/gw): code as device codes (no braces, brackets or caret), a name. */
export const gatewayPointSchema = {
  code: [required(), length(1, 32), pointCode()],
  name: [required(), length(1, 30)],
} as const satisfies Schema;
