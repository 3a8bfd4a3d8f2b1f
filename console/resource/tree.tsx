// The console's one tree (Ark UI TreeView): departments, groups, function and data authority.
// Arrow keys move, Right/Left open and close, Enter/Space select; with `checked` every node has a
// checkbox whose state follows its children (a branch is checked when all below it are). A closed
// branch mounts nothing below it, and a large tree (an area tree of thousands) starts with its first
// level closed, so drawing it costs what is shown, not what exists.
import { createTreeCollection } from '@ark-ui/react/collection';
import { TreeView } from '@ark-ui/react/tree-view';
import { createContext, useContext, useMemo, useState } from 'react';
import * as css from './resource.css.ts';

export interface TreeItem {
  id: string;
  name: string;
  children?: readonly TreeItem[];
  /** A mark after the name, e.g. "inherited". */
  note?: string;
}

export interface TreeProps {
  label: string;
  items: readonly TreeItem[];
  selected?: string | null;
  onSelect?: (id: string) => void;
  /** Checkbox mode: the checked leaf and branch ids. */
  checked?: readonly string[];
  onChecked?: (ids: string[]) => void;
  testId?: string;
}

const ROOT = '\u0000root';

/** Trees with more nodes than this open only their first level at first. */
const LARGE_TREE = 300;

const size = (items: readonly TreeItem[]): number => items.reduce((n, i) => n + 1 + size(i.children ?? []), 0);

/** Every node's parent id (null at the top). */
function parentsOf(items: readonly TreeItem[], parent: string | null = null, out = new Map<string, string | null>()): Map<string, string | null> {
  for (const i of items) {
    out.set(i.id, parent);
    if (i.children) parentsOf(i.children, i.id, out);
  }
  return out;
}

/** The tree as far as it is open: a closed branch keeps a single placeholder child. */
const prune = (items: readonly TreeItem[], open: ReadonlySet<string>): TreeItem[] =>
  items.map((i) => (i.children && i.children.length > 0 ? { ...i, children: open.has(i.id) ? prune(i.children, open) : [{ id: `${i.id}\u0000closed`, name: '' }] } : i));

/** The open branches, for nodes to mount their children only while open. */
const OpenBranches = createContext<ReadonlySet<string>>(new Set());

export function Tree({ label, items, selected, onSelect, checked, onChecked, testId }: TreeProps) {
  // A large tree without checkboxes hands the tree view only what is open (a closed branch keeps one
  // placeholder child, never drawn), so its work follows what is shown. Checkbox trees keep every
  // node: a branch's state is worked out from all below it.
  const large = useMemo(() => !checked && size(items) > LARGE_TREE, [checked, items]);
  // At first every branch is open (a large tree shows its first level closed); later, a node seen for
  // the first time opens the way to it (a department just added shows under its parent). The user's
  // opening and closing are kept.
  const [expansion, setExpansion] = useState<{ from: readonly TreeItem[] | null; seen: ReadonlySet<string>; hadBranches: boolean; open: string[] }>({ from: null, seen: new Set(), hadBranches: false, open: [] });
  if (expansion.from !== items) {
    const parents = parentsOf(items);
    const branches = new Set([...parents.values()].filter((p): p is string => p !== null));
    const open = new Set(expansion.open.filter((b) => branches.has(b)));
    if (!expansion.hadBranches) {
      if (!large) for (const b of branches) open.add(b);
    } else {
      for (const id of parents.keys()) {
        if (expansion.seen.has(id)) continue;
        for (let p = parents.get(id) ?? null; p !== null && !open.has(p); p = parents.get(p) ?? null) open.add(p);
      }
    }
    setExpansion({ from: items, seen: new Set(parents.keys()), hadBranches: expansion.hadBranches || branches.size > 0, open: [...open] });
  }
  const openSet = useMemo(() => new Set(expansion.open), [expansion.open]);
  const shown = useMemo(() => (large ? prune(items, openSet) : items), [large, items, openSet]);
  const collection = useMemo(
    () =>
      createTreeCollection<TreeItem>({
        nodeToValue: (n) => n.id,
        nodeToString: (n) => n.name,
        nodeToChildren: (n) => (n.children as TreeItem[] | undefined) ?? [],
        rootNode: { id: ROOT, name: '', children: shown },
      }),
    [shown],
  );
  return (
    <TreeView.Root
      collection={collection}
      expandedValue={expansion.open}
      onExpandedChange={(d) => setExpansion((e) => ({ ...e, open: d.expandedValue }))}
      selectionMode="single"
      {...(selected !== undefined ? { selectedValue: selected ? [selected] : [] } : {})}
      onSelectionChange={(d) => {
        const id = d.selectedValue[0];
        if (id) onSelect?.(id);
      }}
      {...(checked ? { checkedValue: [...checked], onCheckedChange: (d: { checkedValue: string[] }) => onChecked?.(d.checkedValue) } : {})}
      data-testid={testId}
    >
      <TreeView.Label className={css.muted}>{label}</TreeView.Label>
      <TreeView.Tree className={css.tree}>
        <OpenBranches.Provider value={openSet}>
          {collection.rootNode.children?.map((node, index) => <Node key={node.id} node={node} indexPath={[index]} checkable={!!checked} />)}
        </OpenBranches.Provider>
      </TreeView.Tree>
    </TreeView.Root>
  );
}

function Node({ node, indexPath, checkable }: { node: TreeItem; indexPath: number[]; checkable: boolean }) {
  const open = useContext(OpenBranches).has(node.id);
  const indent = { paddingLeft: `${(indexPath.length - 1) * 16 + 4}px` };
  const box = checkable ? (
    <TreeView.NodeCheckbox className={css.treeBox} data-testid={`check-${node.id}`}>
      <TreeView.NodeCheckboxIndicator indeterminate="–">✓</TreeView.NodeCheckboxIndicator>
    </TreeView.NodeCheckbox>
  ) : null;
  const text = (
    <>
      {node.name}
      {node.note ? <span className={css.muted}> · {node.note}</span> : null}
    </>
  );
  return (
    <TreeView.NodeProvider node={node} indexPath={indexPath}>
      {node.children && node.children.length > 0 ? (
        <TreeView.Branch>
          <TreeView.BranchControl className={css.treeNode} style={indent} data-node-id={node.id}>
            <TreeView.BranchIndicator className={css.treeIndicator}>›</TreeView.BranchIndicator>
            {box}
            <TreeView.BranchText>{text}</TreeView.BranchText>
          </TreeView.BranchControl>
          <TreeView.BranchContent className={css.treeGroup}>
            {open ? node.children.map((child, index) => <Node key={child.id} node={child} indexPath={[...indexPath, index]} checkable={checkable} />) : null}
          </TreeView.BranchContent>
        </TreeView.Branch>
      ) : (
        <TreeView.Item className={css.treeNode} style={indent} data-node-id={node.id}>
          <span className={css.treeIndicator} />
          {box}
          <TreeView.ItemText>{text}</TreeView.ItemText>
        </TreeView.Item>
      )}
    </TreeView.NodeProvider>
  );
}
