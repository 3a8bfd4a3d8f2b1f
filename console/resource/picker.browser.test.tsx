// The long-list picker in Chromium, chosen with a real mouse: several values, inside a <label> as
// filters and editors place it. A click on an option must not also reach the label, whose activation
// would click its first control (a chosen value's remove chip) and undo the choice.
import { expect } from 'chai';
import { sendMouse } from '@web/test-runner-commands';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { frame, until } from '../../shared/element/testing.ts';
import '../../shared/i18n/index.ts';
import { Picker } from './picker.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const OPTIONS = Array.from({ length: 30 }, (_, i) => ({ value: String(i + 1), label: `Person ${i + 1}` }));

let root: Root | null = null;
let host: HTMLElement;

function InLabel() {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <label>
        <span>CC</span>
        <Picker name="cc" multiple options={OPTIONS} value={chosen} onChange={(v) => setChosen(v as string[])} />
      </label>
      <output>{chosen.join(',')}</output>
    </>
  );
}

async function clickOn(el: Element): Promise<void> {
  // The list is positioned under the input: wait until it stops moving (a new chip row moves it).
  let box = el.getBoundingClientRect();
  for (;;) {
    await frame();
    const next = el.getBoundingClientRect();
    if (next.top === box.top && next.left === box.left) break;
    box = next;
  }
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

const output = () => host.querySelector('output')!.textContent;
const option = (label: string) => [...document.querySelectorAll('[data-scope=combobox][data-part=item]')].find((o) => o.textContent === label);

describe('Picker', () => {
  beforeEach(async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<InLabel />));
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    host.remove();
  });

  it('keeps every value chosen by mouse inside a label', async () => {
    const input = host.querySelector<HTMLInputElement>('input[name=cc]')!;
    await clickOn(input);
    await until(() => option('Person 3') !== undefined);
    await clickOn(option('Person 3')!);
    await until(() => output() === '3');
    await until(() => option('Person 5') !== undefined);
    await clickOn(option('Person 5')!);
    await until(() => output() === '3,5');
    // Nothing undoes the choice afterwards (a label's activation comes after the click).
    await new Promise((r) => setTimeout(r, 100));
    expect(output()).to.equal('3,5');
    expect([...host.querySelectorAll('[data-chip]')].map((c) => c.getAttribute('data-chip'))).to.deep.equal(['3', '5']);
  });
});
