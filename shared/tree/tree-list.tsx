// The one tree of the product: the device list's areas and the wall's camera groups in the widget kit,
// and every tree of the console (departments, groups, function and data authority) through
// console/resource/tree.tsx. An ARIA tree of flat treeitems with aria-level and one tab stop: arrow
// keys move, Right/Left open and close, Home/End, Enter chooses, and in checkbox mode Space checks.
// Only what is open is drawn, so a tree of thousands costs what is shown. Small on purpose: it ships
// inside the widget kit, whose budgets a general tree library would not fit.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import * as css from './tree-list.css.ts';

export interface TreeNode {
  id: string;
  name: string;
  children: readonly TreeNode[];
  /** A mark after the name, e.g. "inherited". */
  note?: string;
}

export interface TreeListProps {
  label: string;
  nodes: readonly TreeNode[];
  /** The chosen node (null: none, or the "all" entry); left out, the tree keeps its own choice. */
  selected?: string | null;
  onSelect?(id: string | null): void;
  /** An entry above the nodes that chooses none of them (null): "all areas". */
  allLabel?: string;
  /** Only nodes whose name, or a name below them, contains this (any case); their branches open. */
  filter?: string;
  busy?: boolean;
  expandLabel: string;
  collapseLabel: string;
  /**
   * Which branches are open at first: 'first' the top level's, 'all' every one (a tree of more than
   * 300 nodes then starts closed, so the first draw stays small). Later, a node seen for the first
   * time opens the way to it (a department just added shows under its parent).
   */
  initiallyOpen?: 'first' | 'all';
  /**
   * Checkbox mode: the checked ids. A branch shows checked when everything below it is, mixed when
   * some is; checking it checks everything below it (unchecking, the reverse).
   */
  checked?: readonly string[];
  onChecked?(ids: string[]): void;
  testId?: string;
}

interface Item {
  /** '' stands for the "all" entry. */
  id: string;
  name: string;
  note: string | undefined;
  level: number;
  parent: string | null;
  hasChildren: boolean;
}

const ALL = '';
const LARGE_TREE = 300;

const matches = (node: TreeNode, k: string): boolean => node.name.toLowerCase().includes(k) || node.children.some((c) => matches(c, k));
const size = (nodes: readonly TreeNode[]): number => nodes.reduce((n, node) => n + 1 + size(node.children), 0);

function index(nodes: readonly TreeNode[], parent: string | null = null, into = { parents: new Map<string, string | null>(), below: new Map<string, string[]>() }) {
  for (const node of nodes) {
    into.parents.set(node.id, parent);
    index(node.children, node.id, into);
    into.below.set(node.id, node.children.flatMap((c) => [c.id, ...(into.below.get(c.id) ?? [])]));
  }
  return into;
}

function visibleItems(nodes: readonly TreeNode[], open: ReadonlySet<string>, allLabel: string | undefined, k: string): Item[] {
  const items: Item[] = allLabel === undefined ? [] : [{ id: ALL, name: allLabel, note: undefined, level: 1, parent: null, hasChildren: false }];
  const walk = (list: readonly TreeNode[], level: number, parent: string | null): void => {
    for (const node of list) {
      if (k && !matches(node, k)) continue;
      items.push({ id: node.id, name: node.name, note: node.note, level, parent, hasChildren: node.children.length > 0 });
      if (node.children.length && (k || open.has(node.id))) walk(node.children, level + 1, node.id);
    }
  };
  walk(nodes, 1, null);
  return items;
}

export function TreeList(props: TreeListProps) {
  const { label, nodes, onSelect, allLabel, filter = '', busy = false, expandLabel, collapseLabel, initiallyOpen = 'first', checked, onChecked, testId } = props;
  const tree = useMemo(() => index(nodes), [nodes]);
  const [expansion, setExpansion] = useState<{ from: readonly TreeNode[] | null; seen: ReadonlySet<string>; open: ReadonlySet<string> }>({ from: null, seen: new Set(), open: new Set() });
  if (expansion.from !== nodes && nodes.length) {
    const open = new Set([...expansion.open].filter((id) => tree.parents.has(id)));
    if (expansion.seen.size === 0) {
      if (initiallyOpen === 'first') for (const n of nodes) open.add(n.id);
      else if (size(nodes) <= LARGE_TREE) for (const [id, below] of tree.below) if (below.length) open.add(id);
    } else {
      for (const id of tree.parents.keys()) {
        if (expansion.seen.has(id)) continue;
        for (let p = tree.parents.get(id) ?? null; p !== null && !open.has(p); p = tree.parents.get(p) ?? null) open.add(p);
      }
    }
    setExpansion({ from: nodes, seen: new Set(tree.parents.keys()), open });
  }
  const [ownChoice, setOwnChoice] = useState<string | null>(null);
  const current = (props.selected !== undefined ? props.selected : ownChoice) ?? ALL;
  const [focused, setFocused] = useState<string>(current);
  const list = useRef<HTMLUListElement>(null);
  const k = filter.trim().toLowerCase();

  const items = useMemo(() => visibleItems(nodes, expansion.open, allLabel, k), [nodes, expansion.open, allLabel, k]);
  const tabStop = items.some((i) => i.id === focused) ? focused : items.some((i) => i.id === current) ? current : (items[0]?.id ?? ALL);
  const isOpen = (item: Item) => item.hasChildren && (Boolean(k) || expansion.open.has(item.id));

  const checkedSet = useMemo(() => new Set(checked ?? []), [checked]);
  const checkState = (id: string): boolean | 'mixed' => {
    const below = tree.below.get(id) ?? [];
    if (!below.length) return checkedSet.has(id);
    const on = below.filter((b) => checkedSet.has(b)).length;
    return on === below.length ? true : on > 0 ? 'mixed' : false;
  };
  const toggleCheck = (id: string): void => {
    if (!checked || !onChecked || id === ALL) return;
    const below = tree.below.get(id) ?? [];
    const next = new Set(checkedSet);
    if (!below.length) {
      if (next.has(id)) next.delete(id);
      else next.add(id);
    } else if (below.every((b) => next.has(b))) for (const b of below) next.delete(b);
    else for (const b of below) next.add(b);
    onChecked([...next]);
  };

  const focusItem = (id: string): void => {
    setFocused(id);
    list.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus();
  };

  const toggle = (id: string, open?: boolean): void =>
    setExpansion((prev) => {
      const next = new Set(prev.open);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return { ...prev, open: next };
    });

  const choose = (item: Item) => {
    const id = item.id === ALL ? null : item.id;
    setOwnChoice(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    // The item the key was pressed on (focus may have moved there since the last render).
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-node-id]')?.dataset.nodeId ?? tabStop;
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
        choose(item);
        break;
      case ' ':
        if (checked) toggleCheck(item.id);
        else choose(item);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <ul ref={list} role="tree" aria-label={label} className={css.tree} onKeyDown={onKeyDown} aria-busy={busy} data-testid={testId}>
      {items.map((item) => {
        const state = checked && item.id !== ALL ? checkState(item.id) : null;
        return (
          <li
            key={item.id || '\u0000all'}
            role="treeitem"
            data-node-id={item.id}
            aria-level={item.level}
            aria-selected={item.id === current}
            aria-expanded={item.hasChildren ? isOpen(item) : undefined}
            tabIndex={item.id === tabStop ? 0 : -1}
            className={css.item}
            style={{ paddingLeft: 8 + (item.level - 1) * 16 }}
            onFocus={() => setFocused(item.id)}
            // With checkboxes, a click on the row (its name included) ticks it, as Space does.
            onClick={() => (state !== null ? toggleCheck(item.id) : choose(item))}
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
            {state !== null && (
              <span
                role="checkbox"
                aria-checked={state}
                aria-label={item.name}
                className={css.box}
                data-state={state === 'mixed' ? 'indeterminate' : state ? 'checked' : 'unchecked'}
                data-testid={`check-${item.id}`}
                onClick={(event) => {
                  event.stopPropagation();
                  toggleCheck(item.id);
                }}
              >
                {state === 'mixed' ? '–' : state ? '✓' : ''}
              </span>
            )}
            <span data-part="name">
              {item.name}
              {item.note ? <span className={css.note}> · {item.note}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
