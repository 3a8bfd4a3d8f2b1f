import { describe, expect, it } from 'vitest';
import type { ProgressItem } from '../api/progress-types.ts';
import { colorOf, percentOf, planDelete, toRow } from './progress-model.ts';

const item = (over: Partial<ProgressItem> = {}): ProgressItem => ({
  key: 'demo',
  hashKey: 'a1',
  title: 'Export',
  startTime: '2025-01-01 10:00:00',
  endTime: '',
  totalSize: 200,
  currentSize: 50,
  status: 1,
  msg: '',
  ...over,
});

describe('progress rows', () => {
  it('computes the percent from current and total, within 0 to 100', () => {
    expect(percentOf(200, 50)).toBe(25);
    expect(percentOf(3, 1)).toBe(33);
    expect(percentOf(10, 12)).toBe(100);
    expect(percentOf(10, -1)).toBe(0);
  });

  it('counts a task with total and current both 0 as 100 %', () => {
    expect(percentOf(0, 0)).toBe(100);
    expect(toRow(item({ totalSize: 0, currentSize: 0 })).progr).toBe(100);
  });

  it('colours green for status 0, blue for 1 and red for anything else', () => {
    expect(colorOf(0)).toBe('success');
    expect(colorOf(1)).toBe('info');
    expect(colorOf(2)).toBe('danger');
    expect(colorOf(-1)).toBe('danger');
  });

  it('derives the id from key and hashKey, and finished from the status', () => {
    const row = toRow(item({ status: 0, endTime: '2025-01-01 10:01:00' }));
    expect(row.id).toBe('demoa1');
    expect(row.finished).toBe(true);
    expect(toRow(item()).finished).toBe(false);
  });
});

describe('planDelete', () => {
  it('asks the user to select something when nothing is selected and the box is unticked', () => {
    expect(planDelete(false, [])).toEqual({ kind: 'message', key: 'task.selectToDelete' });
  });

  it('deletes every finished item with tag 1 when the box is ticked', () => {
    expect(planDelete(true, [])).toEqual({ kind: 'request', body: { tag: 1, keys: [] } });
  });

  it('deletes the selected items with tag 0 and their key and hashKey only', () => {
    const plan = planDelete(false, [item({ hashKey: 'x' }), item({ key: 'cameraExport', hashKey: 'y' })]);
    expect(plan).toEqual({
      kind: 'request',
      body: { tag: 0, keys: [{ key: 'demo', hashKey: 'x' }, { key: 'cameraExport', hashKey: 'y' }] },
    });
  });
});
