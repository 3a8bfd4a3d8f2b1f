import { describe, expect, it } from 'vitest';
import { compile, evaluate, evaluateText } from './expression.ts';

describe('expression language', () => {
  it('evaluates with C-like precedence, unary signs and 1/0 truth', () => {
    expect(evaluateText('x / 10', { x: 25 })).toBe(2.5);
    expect(evaluateText('1 + 2 * 3 - 4 / 2', {})).toBe(5);
    expect(evaluateText('(1 + 2) * 3', {})).toBe(9);
    expect(evaluateText('-x * -2', { x: 4 })).toBe(8);
    expect(evaluateText('a*-1', { a: 3 })).toBe(-3);
    expect(evaluateText('x >> 2 << 1', { x: 20 })).toBe(10);
    expect(evaluateText('6 & 3 | 8', {})).toBe(10);
    expect(evaluateText('temp >= 35.5 && hum < 80 || alarm == 1', { temp: 36, hum: 90, alarm: 1 })).toBe(1);
    expect(evaluateText('temp >= 35.5 && hum < 80', { temp: 36, hum: 90 })).toBe(0);
    expect(evaluateText('1 + 2 < 4', {})).toBe(1);
    expect(evaluateText('温度 > 30', { 温度: 31 })).toBe(1);
    expect(evaluateText('x % 0', { x: 1 })).toBeNaN();
    expect(evaluateText('y + 1', { x: 1 })).toBeNull();
  });

  it('never runs code: names are only looked up in the given values', () => {
    const compiled = compile('constructor + __proto__');
    expect(compiled.ok && compiled.variables).toEqual(['constructor', '__proto__']);
    expect(compiled.ok && (() => evaluate(compiled.tree, {}))).toThrow();
  });

  it('names the character where an expression goes wrong', () => {
    expect(compile('x ** 2')).toMatchObject({ ok: false, kind: 'operator', position: 3 });
    expect(compile('a = b')).toMatchObject({ ok: false, kind: 'operator', position: 3 });
    expect(compile('f(a)')).toMatchObject({ ok: false, kind: 'syntax', position: 2 });
    expect(compile('f(a, b)')).toMatchObject({ ok: false, kind: 'operator', position: 4 });
    expect(compile('a +')).toMatchObject({ ok: false, kind: 'syntax', position: 4 });
    expect(compile('(a + b')).toMatchObject({ ok: false, kind: 'syntax', position: 7 });
    expect(compile('a + b)')).toMatchObject({ ok: false, kind: 'syntax', position: 6 });
    expect(compile('a b')).toMatchObject({ ok: false, kind: 'syntax', position: 3 });
    expect(compile('a <=- b')).toMatchObject({ ok: true });
    expect(compile('a && || b')).toMatchObject({ ok: false, kind: 'syntax', position: 6 });
  });
});
