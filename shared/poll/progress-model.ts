// What the progress dialog derives from a progress item (SPEC §3, §4) and how a delete press is
// decided (SPEC §2, §8): pure, so the rules are tested without a browser.
import { PROGRESS_DONE, PROGRESS_RUNNING, type ProgressDelete, type ProgressItem, type ProgressKey } from '../api/progress-types.ts';

export type ProgressColor = 'success' | 'info' | 'danger';

export interface ProgressRow extends ProgressItem {
  /** key plus hashKey: unique across kinds. */
  id: string;
  /** 0 to 100. */
  progr: number;
  color: ProgressColor;
  finished: boolean;
}

export const progressId = (item: ProgressKey): string => `${item.key}${item.hashKey}`;

/** Percent done; a task with total and current both 0 counts as 100 % (SPEC §4). */
export function percentOf(totalSize: number, currentSize: number): number {
  if (totalSize <= 0) return currentSize <= 0 ? 100 : 0;
  const ratio = Math.floor((currentSize / totalSize) * 100);
  return Math.min(100, Math.max(0, ratio));
}

/** Green for 0 (normal), blue for 1 (running), red for anything else. */
export function colorOf(status: number): ProgressColor {
  if (status === PROGRESS_DONE) return 'success';
  if (status === PROGRESS_RUNNING) return 'info';
  return 'danger';
}

export function toRow(item: ProgressItem): ProgressRow {
  return {
    ...item,
    id: progressId(item),
    progr: percentOf(item.totalSize, item.currentSize),
    color: colorOf(item.status),
    finished: item.status !== PROGRESS_RUNNING,
  };
}

export type DeletePlan = { kind: 'message'; key: string } | { kind: 'request'; body: ProgressDelete };

/**
 * The delete button: with 'delete finished progress' ticked, every finished item goes (tag 1);
 * otherwise the selected ones (tag 0); with neither, the SPEC §8 info message.
 */
export function planDelete(deleteFinished: boolean, selected: readonly ProgressKey[]): DeletePlan {
  if (deleteFinished) return { kind: 'request', body: { tag: 1, keys: [] } };
  if (selected.length === 0) return { kind: 'message', key: 'task.selectToDelete' };
  return { kind: 'request', body: { tag: 0, keys: selected.map(({ key, hashKey }) => ({ key, hashKey })) } };
}
