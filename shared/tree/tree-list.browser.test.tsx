// The product's one tree in Chromium, used as a person would: by keyboard and by clicks, in both
// modes (choosing a node, and checking rights), with a filter and with nodes arriving later.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TreeList, type TreeNode } from './tree-list.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const leaf = (id: string, name = id): TreeNode => ({ id, name, children: [] });
const TREE: TreeNode[] = [
  { id: 'hq', name: 'Head office', children: [{ id: 'eng', name: 'Engineering', children: [leaf('hvac', 'HVAC'), leaf('lifts', 'Lifts')] }, leaf('sales', 'Sales')] },
  leaf('depot', 'Depot'),
];

let root: Root | null = null;
let host: HTMLElement;

async function render(node: ReactNode): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(node));
}

const items = () => [...host.querySelectorAll<HTMLElement>('[role=treeitem]')];
const names = () => items().map((i) => i.querySelector('[data-part=name]')!.textContent);
const item = (id: string) => host.querySelector<HTMLElement>(`[data-node-id="${id}"]`)!;
const box = (id: string) => host.querySelector<HTMLElement>(`[data-testid="check-${id}"]`)!;
const press = async (key: string) => act(async () => sendKeys({ press: key }));

function Choosing({ nodes = TREE, filter = '' }: { nodes?: TreeNode[]; filter?: string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <TreeList label="Areas" nodes={nodes} selected={chosen} onSelect={setChosen} allLabel="All areas" filter={filter} expandLabel="Expand" collapseLabel="Collapse" />
      <output>{chosen ?? 'all'}</output>
    </>
  );
}

function Checking({ initial }: { initial: string[] }) {
  const [checked, setChecked] = useState<string[]>(initial);
  return (
    <>
      <TreeList label="Rights" nodes={TREE} checked={checked} onChecked={setChecked} initiallyOpen="all" expandLabel="Expand" collapseLabel="Collapse" />
      <output>{[...checked].sort().join(',')}</output>
    </>
  );
}

describe('TreeList', () => {
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    host.remove();
  });

  it('opens the top level, moves and opens by keyboard with one tab stop, and chooses with Enter', async () => {
    await render(<Choosing />);
    expect(names()).to.deep.equal(['All areas', 'Head office', 'Engineering', 'Sales', 'Depot']);
    expect(items().filter((i) => i.tabIndex === 0)).to.have.length(1);
    item('').focus();
    await press('ArrowDown');
    await press('ArrowDown');
    expect(document.activeElement).to.equal(item('eng'));
    await press('ArrowRight');
    expect(names()).to.include('HVAC');
    await press('ArrowRight');
    expect(document.activeElement).to.equal(item('hvac'));
    await press('Enter');
    expect(host.querySelector('output')!.textContent).to.equal('hvac');
    expect(item('hvac').getAttribute('aria-selected')).to.equal('true');
    await press('ArrowLeft');
    expect(document.activeElement).to.equal(item('eng'));
    await press('ArrowLeft');
    expect(names()).not.to.include('HVAC');
    await press('Home');
    await press('Enter');
    expect(host.querySelector('output')!.textContent).to.equal('all');
  });

  it('shows only what matches a filter, with the way to it open', async () => {
    await render(<Choosing filter="lif" />);
    expect(names()).to.deep.equal(['All areas', 'Head office', 'Engineering', 'Lifts']);
  });

  it('opens the way to a node that arrives later', async () => {
    await render(<Choosing />);
    const grown: TreeNode[] = [{ ...TREE[0]!, children: [TREE[0]!.children[0]!, { ...leaf('sales', 'Sales'), children: [leaf('export', 'Export desk')] }] }, TREE[1]!];
    await act(async () => root!.render(<Choosing nodes={grown} />));
    expect(names()).to.include('Export desk');
  });

  it('checks a branch with all below it, shows a partly checked branch as mixed, and checks with Space', async () => {
    await render(<Checking initial={['hvac']} />);
    // Every branch open at first (a small tree).
    expect(names()).to.deep.equal(['Head office', 'Engineering', 'HVAC', 'Lifts', 'Sales', 'Depot']);
    expect(box('eng').getAttribute('aria-checked')).to.equal('mixed');
    expect(box('hq').getAttribute('aria-checked')).to.equal('mixed');
    await act(async () => box('eng').click());
    expect(host.querySelector('output')!.textContent).to.equal('hvac,lifts');
    expect(box('eng').getAttribute('aria-checked')).to.equal('true');
    await act(async () => box('hq').click());
    expect(host.querySelector('output')!.textContent).to.equal('eng,hvac,lifts,sales');
    await act(async () => box('hq').click());
    expect(host.querySelector('output')!.textContent).to.equal('');
    item('depot').focus();
    await press(' ');
    expect(host.querySelector('output')!.textContent).to.equal('depot');
    expect(box('depot').getAttribute('aria-checked')).to.equal('true');
  });
});
