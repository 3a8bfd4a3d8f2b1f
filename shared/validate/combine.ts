// Declaring a field as a list of rules, and an object as a field→rules map; forms and the demo server share it.
import type { Result, Rule, ValidationMessage, Values } from './message.ts';

export type Rules = readonly Rule[];
export type Schema = Readonly<Record<string, Rules>>;

/** The first message per failing field; a field that passes is absent. */
export type FieldErrors<S extends Schema> = { [K in keyof S]?: ValidationMessage };

/** Runs the rules in order and stops at the first failure, so the user sees one message per field. */
export function validateField(value: unknown, rules: Rules, values: Values = {}): Result {
  for (const rule of rules) {
    const result = rule(value, values);
    if (result !== null) return result;
  }
  return null;
}

/** Checks every field of the schema; anything that is not a plain object is checked as an empty one. */
export function validateObject<S extends Schema>(input: unknown, schema: S): FieldErrors<S> {
  const values: Values = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Values) : {};
  const errors: FieldErrors<S> = {};
  for (const field of Object.keys(schema) as (keyof S & string)[]) {
    const result = validateField(values[field], schema[field]!, values);
    if (result !== null) errors[field] = result;
  }
  return errors;
}

export function hasErrors(errors: Readonly<Record<string, ValidationMessage | undefined>>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}

/** The first failing field and its message, in schema order: what a server puts into one readable msg. */
export function firstError<S extends Schema>(errors: FieldErrors<S>, schema: S): { field: keyof S & string; message: ValidationMessage } | null {
  for (const field of Object.keys(schema) as (keyof S & string)[]) {
    const message = errors[field];
    if (message) return { field, message };
  }
  return null;
}
