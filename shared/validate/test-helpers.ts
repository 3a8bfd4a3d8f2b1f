// Test helpers: run a rule alone and return just its key, checking the key is a registered one.
import { expect } from 'vitest';
import { MESSAGE_KEYS } from './keys.ts';
import type { Result, Rule, Values } from './message.ts';

export function keyOf(result: Result): string | null {
  if (result === null) return null;
  expect(MESSAGE_KEYS).toContain(result.key);
  return result.key;
}

export function run(rule: Rule, value: unknown, values: Values = {}): string | null {
  return keyOf(rule(value, values));
}

export function expectAccepts(rule: Rule, values: readonly unknown[]): void {
  for (const value of values) expect(run(rule, value), `accepts ${JSON.stringify(value)}`).toBeNull();
}

export function expectRejects(rule: Rule, values: readonly unknown[], key: string): void {
  for (const value of values) expect(run(rule, value), `rejects ${JSON.stringify(value)}`).toBe(key);
}
