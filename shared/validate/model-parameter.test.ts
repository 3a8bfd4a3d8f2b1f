import { describe, expect, it } from 'vitest';
import { checkExpression, expression, modelParameterRange, modelRange } from './model-parameter.ts';
import { expectAccepts, expectRejects, run } from './test-helpers.ts';

describe('model parameter range', () => {
  it('accepts min ≤ default ≤ max and unset parts', () => {
    expect(modelParameterRange({ min: '0', default: '5', max: '10' })).toEqual({});
    expect(modelParameterRange({ min: 5, default: 5, max: 5 })).toEqual({});
    expect(modelParameterRange({ min: '', default: '3', max: '' })).toEqual({});
    expect(modelParameterRange({ min: '-2.5', max: '-1' })).toEqual({});
  });
  it('says which field is wrong', () => {
    expect(modelParameterRange({ min: '10', max: '5' })).toEqual({ min: { key: 'validate.model.minTooLarge' } });
    expect(modelParameterRange({ min: '6', default: '5', max: '10' })).toEqual({
      min: { key: 'validate.model.minTooLarge' },
      default: { key: 'validate.model.defaultOutOfRange' },
    });
    expect(modelParameterRange({ min: '0', default: '11', max: '10' })).toEqual({ default: { key: 'validate.model.defaultOutOfRange' } });
    expect(modelParameterRange({ min: '0', default: 'abc', max: '10' })).toEqual({ default: { key: 'validate.numeric' } });
  });
  it('works as field rules reading the sibling fields', () => {
    const values = { min: '0', max: '10', defaultValue: '20' };
    expect(run(modelRange('default'), values.defaultValue, values)).toBe('validate.model.defaultOutOfRange');
    expect(run(modelRange('min'), values.min, values)).toBeNull();
  });
});

describe('expressions', () => {
  it('accepts every allowed operator', () => {
    expectAccepts(expression(), [
      'a + b - c * d / e % f', 'x >> 2 << 1', 'a & b | c', 'a < b', 'a > b', 'a <= b', 'a >= b',
      'a == 1 && b != 2 || c', '(value * 10 + 3) / 2', '-x + 1', 'a*-1', 'temp.value >= 35.5', '温度 > 30', '',
    ]);
  });
  it('refuses other operators', () => {
    expectRejects(expression(), ['a = b', '!a', 'a ^ b', '~a', 'a === b', 'a >>> 1', 'a ** 2', 'a ? b : c', 'f(a, b)', 'a; b'], 'validate.expression.operator');
  });
  it('refuses malformed expressions', () => {
    expectRejects(expression(), ['a +', '* a', '(a + b', 'a + b)', 'a b', '()', 'a && || b'], 'validate.expression.syntax');
    expect(checkExpression('(a)')).toBeNull();
  });
});
