import { describe, expect, it } from 'vitest';
import { attendanceFillIn, batchSize, integer, integerBetween, numeric, panTiltSpeed, positiveInteger, quickSceneDelay, toNumber } from './numbers.ts';
import { expectAccepts, expectRejects } from './test-helpers.ts';

describe('numbers', () => {
  it('numeric accepts decimal numbers as text or number', () => {
    expectAccepts(numeric(), ['12', '-3.5', '+0.25', '.5', 7, '', null]);
    expectRejects(numeric(), ['12a', '1,000', '0x10', '1e3', 'NaN', Number.NaN, Infinity, true], 'validate.numeric');
    expect(toNumber(' 4.5 ')).toBe(4.5);
  });
  it('integer', () => {
    expectAccepts(integer(), ['0', '-12', 42]);
    expectRejects(integer(), ['1.5', 1.5, 'abc'], 'validate.integer');
  });
  it('positive integer (original event number)', () => {
    expectAccepts(positiveInteger(), ['1', '250', 3]);
    expectRejects(positiveInteger(), ['0', '-1', '1.5', 'x', 0], 'validate.positiveInteger');
  });
  it('integerBetween reports its bounds', () => {
    expect(integerBetween(2, 4)('5', {})).toEqual({ key: 'validate.range', params: { min: 2, max: 4 } });
    expect(integerBetween(2, 4)('2.5', {})).toEqual({ key: 'validate.integer' });
  });
});

describe('bounded counts of SPEC §5', () => {
  it('batches create 1 to 1000', () => {
    expectAccepts(batchSize(), ['1', 1000]);
    expectRejects(batchSize(), ['0', '1001', -5], 'validate.batch.range');
    expect(batchSize()('1001', {})).toEqual({ key: 'validate.batch.range', params: { min: 1, max: 1000 } });
  });
  it('quick scene delay 1-300 s', () => {
    expectAccepts(quickSceneDelay(), ['1', '300']);
    expectRejects(quickSceneDelay(), ['0', '301'], 'validate.quickScene.delay');
  });
  it('attendance fill-in 0-99 min', () => {
    expectAccepts(attendanceFillIn(), ['0', 99]);
    expectRejects(attendanceFillIn(), ['-1', '100'], 'validate.attendance.fillIn');
  });
  it('pan-tilt speed 1-7', () => {
    expectAccepts(panTiltSpeed(), [1, 7, '4']);
    expectRejects(panTiltSpeed(), [0, 8], 'validate.panTilt.speed');
    expectRejects(panTiltSpeed(), [3.5], 'validate.integer');
  });
});
