// The widgets' one tree (the device list's areas, the wall's camera groups): an ARIA tree of flat
// treeitems with aria-level, one tab stop, arrow keys to move, Right/Left to open and close, Home/End,
// Enter/Space to choose, and an optional "all" entry on top. Small on purpose: it ships inside the
// widget kit, where the console's Ark UI tree (console/resource/tree.tsx) would not fit the budgets.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import * as css from './tree-list.css.ts';

export interface TreeNode {
  id: string;
  name: string;
  children: readonly TreeNode[];
}

export interface TreeListProps {
  label: string;
  nodes: readonly TreeNode[];
  selected: string | null;
  onSelect(id: string | null): void;
  /** An entry above the nodes that chooses none of them (null): "all areas". */
  allLabel?: string;
  /** Only nodes whose name, or a name below them, contains this (any case); their branches open. */
  filter?: string;
  busy?: boolean;
  expandLabel: string;
  collapseLabel: string;
}

interface Item {
  /** '' stands for the "all" entry. */
  id: string;
  name: string;
  level: number;
  parent: string | null;
  hasChildren: boolean;
}

const ALL = '';

const matches = (node: TreeNode, k: string): boolean => node.name.toLowerCase().includes(k) || node.children.some((c) => matches(c, k));

function visibleItems(nodes: readonly TreeNode[], expanded: ReadonlySet<string>, allLabel: string | undefined, k: string): Item[] {
  const items: Item[] = allLabel === undefined ? [] : [{ id: ALL, name: allLabel, level: 1, parent: null, hasChildren: false }];
  const walk = (list: readonly TreeNode[], level: number, parent: string | null): void => {
    for (const node of list) {
      if (k && !matches(node, k)) continue;
      items.push({ id: node.id, name: node.name, level, parent, hasChildren: node.children.length > 0 });
      if (node.children.length && (k || expanded.has(node.id))) walk(node.children, level + 1, node.id);
    }
  };
  walk(nodes, 1, null);
  return items;
}

export function TreeList({ label, nodes, selected, onSelect, allLabel, filter = '', busy = false, expandLabel, collapseLabel }: TreeListProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [seeded, setSeeded] = useState<readonly TreeNode[] | null>(null);
  const [focused, setFocused] = useState<string>(selected ?? ALL);
  const list = useRef<HTMLUListElement>(null);
  const k = filter.trim().toLowerCase();

  // The first level opens the first time the tree arrives, so the level below it is in sight.
  if (nodes.length && seeded !== nodes) {
    setSeeded(nodes);
    setExpanded((prev) => new Set([...prev, ...nodes.map((n) => n.id)]));
  }

  const items = useMemo(() => visibleItems(nodes, expanded, allLabel, k), [nodes, expanded, allLabel, k]);
  const current = selected ?? ALL;
  const tabStop = items.some((i) => i.id === focused) ? focused : items.some((i) => i.id === current) ? current : (items[0]?.id ?? ALL);
  const isOpen = (item: Item) => item.hasChildren && (Boolean(k) || expanded.has(item.id));

  const focusItem = (id: string): void => {
    setFocused(id);
    list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`)?.focus();
  };

  const toggle = (id: string, open?: boolean): void =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const choose = (item: Item) => onSelect(item.id === ALL ? null : item.id);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    // The item the key was pressed on (focus may have moved there since the last render).
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-id]')?.dataset.id ?? tabStop;
    const at = items.findIndex((i) => i.id === from);
    const item = items[at];
    if (!item) return;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (at < items.length - 1) focusItem(items[at + 1]!.id);
        break;
      case 'ArrowUp':
        if (at > 0) focusItem(items[at - 1]!.id);
        break;
      case 'Home':
        focusItem(items[0]!.id);
        break;
      case 'End':
        focusItem(items[items.length - 1]!.id);
        break;
      case 'ArrowRight':
        if (item.hasChildren && !isOpen(item)) toggle(item.id, true);
        else if (item.hasChildren && items[at + 1]) focusItem(items[at + 1]!.id);
        break;
      case 'ArrowLeft':
        if (item.hasChildren && isOpen(item) && !k) toggle(item.id, false);
        else if (item.parent !== null) focusItem(item.parent);
        break;
      case 'Enter':
      case ' ':
        choose(item);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <ul ref={list} role="tree" aria-label={label} className={css.tree} onKeyDown={onKeyDown} aria-busy={busy}>
      {items.map((item) => (
        <li
          key={item.id || '\u0000all'}
          role="treeitem"
          data-id={item.id}
          aria-level={item.level}
          aria-selected={item.id === current}
          aria-expanded={item.hasChildren ? isOpen(item) : undefined}
          tabIndex={item.id === tabStop ? 0 : -1}
          className={css.item}
          style={{ paddingLeft: 8 + (item.level - 1) * 16 }}
          onFocus={() => setFocused(item.id)}
          onClick={() => choose(item)}
        >
          {item.hasChildren ? (
            <span
              className={css.twisty}
              aria-hidden="true"
              title={isOpen(item) ? collapseLabel : expandLabel}
              onClick={(event) => {
                event.stopPropagation();
                if (!k) toggle(item.id);
              }}
            >
              {isOpen(item) ? '▾' : '▸'}
            </span>
          ) : (
            <span className={css.twisty} aria-hidden="true" />
          )}
          <span data-part="name">{item.name}</span>
        </li>
      ))}
    </ul>
  );
}
