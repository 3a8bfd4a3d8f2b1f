// The keyboard model of the console's lists: Up/Down move to the same control in the previous/next
// row, Home/End to the first/last row; Tab still walks the controls of a row.
import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'input, button, a[href], select, [tabindex]:not([tabindex="-1"])';

export function onListKeyDown(event: KeyboardEvent<HTMLElement>, rowSelector = '[data-row]'): void {
  if (!['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'SELECT' || (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')) return;
  const row = target.closest<HTMLElement>(rowSelector);
  if (!row) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>(rowSelector)];
  const at = rows.indexOf(row);
  const next = event.key === 'Home' ? rows[0] : event.key === 'End' ? rows.at(-1) : rows[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next || next === row) return;
  const column = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(target);
  const controls = [...next.querySelectorAll<HTMLElement>(FOCUSABLE)];
  (controls[Math.max(0, column)] ?? controls[0] ?? next).focus();
  event.preventDefault();
}
