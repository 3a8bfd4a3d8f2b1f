// The console's one tree (Ark UI TreeView): departments, groups, function and data authority.
// Arrow keys move, Right/Left open and close, Enter/Space select; with `checked` every node has a
// checkbox whose state follows its children (a branch is checked when all below it are).
import { createTreeCollection } from '@ark-ui/react/collection';
import { TreeView } from '@ark-ui/react/tree-view';
import { useMemo, useState } from 'react';
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

export function Tree({ label, items, selected, onSelect, checked, onChecked, testId }: TreeProps) {
  const collection = useMemo(
    () =>
      createTreeCollection<TreeItem>({
        nodeToValue: (n) => n.id,
        nodeToString: (n) => n.name,
        nodeToChildren: (n) => (n.children as TreeItem[] | undefined) ?? [],
        rootNode: { id: ROOT, name: '', children: items },
      }),
    [items],
  );
  // Branches open when they first appear (trees here are small); the user's closing is kept.
  const [expansion, setExpansion] = useState<{ from: typeof collection | null; seen: ReadonlySet<string>; open: string[] }>({ from: null, seen: new Set(), open: [] });
  if (expansion.from !== collection) {
    const branches = collection.getBranchValues();
    const fresh = branches.filter((b) => !expansion.seen.has(b));
    setExpansion({ from: collection, seen: new Set([...expansion.seen, ...branches]), open: [...expansion.open.filter((b) => branches.includes(b)), ...fresh] });
  }
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
        {collection.rootNode.children?.map((node, index) => <Node key={node.id} node={node} indexPath={[index]} checkable={!!checked} />)}
      </TreeView.Tree>
    </TreeView.Root>
  );
}

function Node({ node, indexPath, checkable }: { node: TreeItem; indexPath: number[]; checkable: boolean }) {
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
            {node.children.map((child, index) => (
              <Node key={child.id} node={child} indexPath={[...indexPath, index]} checkable={checkable} />
            ))}
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
