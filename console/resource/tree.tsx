// The console's trees (departments, groups, function and data authority) are the product's one tree
// (shared/tree/tree-list.tsx) under a label: arrow keys move, Right/Left open and close, Enter
// chooses; with `checked` every node has a checkbox whose state follows its children (a branch is
// checked when all below it are) and Space checks. Only what is open is drawn, and a large tree (an
// area tree of thousands) starts closed, so drawing it costs what is shown, not what exists.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeList, type TreeNode } from '../../shared/tree/tree-list.tsx';
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

const toNodes = (items: readonly TreeItem[]): TreeNode[] =>
  items.map((i) => ({ id: i.id, name: i.name, children: toNodes(i.children ?? []), ...(i.note ? { note: i.note } : {}) }));

export function Tree({ label, items, selected, onSelect, checked, onChecked, testId }: TreeProps) {
  const { t } = useTranslation();
  const nodes = useMemo(() => toNodes(items), [items]);
  return (
    <div data-testid={testId}>
      <div className={css.muted}>{label}</div>
      <TreeList
        label={label}
        nodes={nodes}
        {...(selected !== undefined ? { selected } : {})}
        onSelect={(id) => {
          if (id !== null) onSelect?.(id);
        }}
        initiallyOpen="all"
        expandLabel={t('resource.tree.expand')}
        collapseLabel={t('resource.tree.collapse')}
        {...(checked ? { checked, onChecked: (ids: string[]) => onChecked?.(ids) } : {})}
      />
    </div>
  );
}
