// The area filter: an ARIA tree (flat treeitems with aria-level) with one tab stop, arrow-key
// navigation, expand/collapse, and an "all areas" entry on top.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaNode } from '../../shared/api/device-types.ts';
import type { Phase } from '../../shared/devices/device-list-store.ts';
import * as css from './device-list.css.ts';

export interface AreaTreeProps {
  areas: readonly AreaNode[];
  phase: Phase;
  selected: string | null;
  onSelect(areaId: string | null): void;
  onRetry(): void;
}

interface Item {
  /** '' stands for "all areas". */
  guid: string;
  name: string;
  level: number;
  parent: string | null;
  hasChildren: boolean;
}

const ALL = '';

function visibleItems(areas: readonly AreaNode[], expanded: ReadonlySet<string>, allLabel: string): Item[] {
  const items: Item[] = [{ guid: ALL, name: allLabel, level: 1, parent: null, hasChildren: false }];
  const walk = (nodes: readonly AreaNode[], level: number, parent: string | null): void => {
    for (const node of nodes) {
      items.push({ guid: node.rowGuid, name: node.areaName, level, parent, hasChildren: node.children.length > 0 });
      if (node.children.length && expanded.has(node.rowGuid)) walk(node.children, level + 1, node.rowGuid);
    }
  };
  walk(areas, 1, null);
  return items;
}

export function AreaTree({ areas, phase, selected, onSelect, onRetry }: AreaTreeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [seeded, setSeeded] = useState<readonly AreaNode[] | null>(null);
  const [focused, setFocused] = useState<string>(selected ?? ALL);
  const list = useRef<HTMLUListElement>(null);

  // Roots open the first time the tree arrives, so the first level of real areas is in sight.
  if (areas.length && seeded !== areas) {
    setSeeded(areas);
    setExpanded((prev) => new Set([...prev, ...areas.map((a) => a.rowGuid)]));
  }

  const items = useMemo(() => visibleItems(areas, expanded, t('device.list.allAreas')), [areas, expanded, t]);
  const current = selected ?? ALL;
  const tabStop = items.some((i) => i.guid === focused) ? focused : current;

  const focusItem = (guid: string): void => {
    setFocused(guid);
    list.current?.querySelector<HTMLElement>(`[data-guid="${CSS.escape(guid)}"]`)?.focus();
  };

  const toggle = (guid: string, open?: boolean): void =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(guid)) next.add(guid);
      else next.delete(guid);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    // The item the key was pressed on (focus may have moved there since the last render).
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-guid]')?.dataset.guid ?? tabStop;
    const at = items.findIndex((i) => i.guid === from);
    const item = items[at];
    if (!item) return;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (at < items.length - 1) focusItem(items[at + 1]!.guid);
        break;
      case 'ArrowUp':
        if (at > 0) focusItem(items[at - 1]!.guid);
        break;
      case 'Home':
        focusItem(items[0]!.guid);
        break;
      case 'End':
        focusItem(items[items.length - 1]!.guid);
        break;
      case 'ArrowRight':
        if (item.hasChildren && !expanded.has(item.guid)) toggle(item.guid, true);
        else if (item.hasChildren && items[at + 1]) focusItem(items[at + 1]!.guid);
        break;
      case 'ArrowLeft':
        if (item.hasChildren && expanded.has(item.guid)) toggle(item.guid, false);
        else if (item.parent !== null) focusItem(item.parent);
        break;
      case 'Enter':
      case ' ':
        onSelect(item.guid === ALL ? null : item.guid);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <nav className={css.side} aria-label={t('device.list.areas')}>
      <div className={css.sideTitle}>{t('device.list.areas')}</div>
      {phase === 'error' ? (
        <div className={css.state} style={{ position: 'static' }}>
          <span className={css.stateError}>{t('device.list.areasFailed')}</span>
          <button type="button" className={css.retry} onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <ul ref={list} role="tree" aria-label={t('device.list.areas')} className={css.tree} onKeyDown={onKeyDown} aria-busy={phase === 'loading'}>
          {items.map((item) => (
            <li
              key={item.guid || 'all'}
              role="treeitem"
              data-guid={item.guid}
              aria-level={item.level}
              aria-selected={item.guid === current}
              aria-expanded={item.hasChildren ? expanded.has(item.guid) : undefined}
              tabIndex={item.guid === tabStop ? 0 : -1}
              className={css.treeItem}
              style={{ paddingLeft: 8 + (item.level - 1) * 16 }}
              onFocus={() => setFocused(item.guid)}
              onClick={() => onSelect(item.guid === ALL ? null : item.guid)}
            >
              {item.hasChildren ? (
                <span
                  className={css.twisty}
                  aria-hidden="true"
                  title={expanded.has(item.guid) ? t('device.list.collapse') : t('device.list.expand')}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(item.guid);
                  }}
                >
                  {expanded.has(item.guid) ? '▾' : '▸'}
                </span>
              ) : (
                <span className={css.twisty} aria-hidden="true" />
              )}
              <span data-part="name">{item.name}</span>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
