import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { frame, passTime, until } from '../../shared/element/testing.ts';
import { setLanguage } from '../../shared/i18n/index.ts';
import { PROGRESS_POLL_MS, progressPoller } from '../../shared/poll/progress.ts';
import { fakePlatform, progressItem, signInAs, type FakePlatform } from '../../shared/poll/fake-platform.ts';
import { settings } from '../../shared/session/settings.ts';
import './progress-panel.element.ts';


let nextUser = 500;
let platform: FakePlatform;

function mount(): HTMLElement {
  const el = document.createElement('atrium-progress-panel');
  document.body.append(el);
  return el;
}

const $ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => el.shadowRoot?.querySelector<T>(selector) ?? null;
const $$ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => [...(el.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
const buttonByText = (el: HTMLElement, text: string) => $$<HTMLButtonElement>(el, 'button').find((b) => b.textContent === text) ?? null;

async function openDialog(el: HTMLElement): Promise<HTMLDialogElement> {
  const badge = await until(() => $<HTMLButtonElement>(el, 'button[aria-haspopup=dialog]'));
  badge.click();
  // The dialog opens at once and its rows follow the next answer: wait for both, as a user would.
  return until(() => {
    const dialog = $<HTMLDialogElement>(el, 'dialog');
    const drawn = $$(el, 'tbody [data-part=name]').length === platform.progress.length;
    return dialog?.open && drawn ? dialog : null;
  });
}

describe('<atrium-progress-panel>', () => {
  before(() => setLanguage('en'));
  beforeEach(() => {
    platform = fakePlatform();
  });
  afterEach(() => {
    document.querySelectorAll('atrium-progress-panel').forEach((n) => n.remove());
    platform.restore();
    signInAs(null);
  });

  it('shows nothing and polls nothing without progress:view', async () => {
    // The clock runs on its own (so frames and answers still come) and can be jumped ahead.
    const clock = FakeTimers.install({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      platform.progress = [progressItem()];
      const user = nextUser++;
      signInAs({ id: user, elements: ['progress:del'] });
      const el = mount();
      // The panel draws nothing here; that it has mounted shows in its hold on the shared poller.
      await until(() => el.shadowRoot && progressPoller.users > 0);
      // Two whole poll intervals: a poll that was going to come at all has come by now.
      await passTime(clock, PROGRESS_POLL_MS * 2);
      expect(platform.count('/api/admin/progress')).to.equal(0);
      expect($(el, 'button')).to.equal(null);
      // The same element polls and shows its badge once the right arrives, so the silence above
      // was the rule at work and not an element that never started.
      signInAs({ id: user, elements: ['progress:view'] });
      await until(() => platform.count('/api/admin/progress') === 1 && $(el, 'button'));
    } finally {
      clock.uninstall();
    }
  });

  it('shows the badge only when tasks exist, with the count capped at 99+', async () => {
    signInAs({ id: nextUser++, elements: ['progress:view'] });
    const el = mount();
    await until(() => platform.count('/api/admin/progress') === 1);
    await frame();
    expect($(el, '[data-part=count]')).to.equal(null);
    el.remove();

    platform.progress = Array.from({ length: 120 }, () => progressItem());
    signInAs({ id: nextUser++, elements: ['progress:view'] });
    const again = mount();
    await until(() => $(again, '[data-part=count]')?.textContent === '99+');
    expect(settings.progressTotal).to.equal(120);
  });

  it('lists each task with times, a coloured bar, status and detail', async () => {
    platform.progress = [
      progressItem({ hashKey: 'run', title: 'Camera export', endTime: '', totalSize: 200, currentSize: 50, status: 1, msg: '' }),
      progressItem({ hashKey: 'ok', title: 'Empty import', totalSize: 0, currentSize: 0, status: 0, msg: 'nothing to do' }),
      progressItem({ hashKey: 'bad', title: 'Device import', totalSize: 10, currentSize: 3, status: 2, msg: 'row 4: bad code' }),
    ];
    signInAs({ id: nextUser++, elements: ['progress:view'] });
    const el = mount();
    await openDialog(el);
    const rows = $$(el, 'tbody tr');
    expect(rows.map((r) => r.querySelector('[data-part=name]')!.textContent)).to.deep.equal(['Camera export', 'Empty import', 'Device import']);

    const [running, empty, failed] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(running.querySelector('[role=img]')!.getAttribute('aria-label')).to.equal('Running');
    expect(running.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).to.equal('25');
    expect(running.textContent).to.contain('Loading');
    expect(empty.querySelector('[data-part=percent]')!.textContent).to.equal('100%');
    expect(empty.textContent).to.contain('2025-03-01 10:01:00');
    expect(empty.textContent).to.contain('Normal');
    expect(failed.textContent).to.contain('Abnormal');
    expect(failed.textContent).to.contain('row 4: bad code');

    const fill = (row: HTMLElement) => getComputedStyle(row.querySelector('[role=progressbar] > div')!).backgroundColor;
    expect(fill(running)).to.equal('rgb(64, 158, 255)'); // blue
    expect(fill(empty)).to.equal('rgb(103, 194, 58)'); // green
    expect(fill(failed)).to.equal('rgb(245, 108, 108)'); // red
  });

  it('has no delete button without progress:del, and cancel closes the dialog', async () => {
    platform.progress = [progressItem()];
    signInAs({ id: nextUser++, elements: ['progress:view'] });
    const el = mount();
    const dialog = await openDialog(el);
    expect(buttonByText(el, 'Delete')).to.equal(null);
    expect(dialog.textContent).to.contain('delete finished progress');
    buttonByText(el, 'Cancel')!.click();
    await until(() => !dialog.open);
  });

  it('asks to select something when delete is pressed with nothing chosen', async () => {
    platform.progress = [progressItem()];
    signInAs({ id: nextUser++, elements: ['progress:view', 'progress:del'] });
    const el = mount();
    await openDialog(el);
    buttonByText(el, 'Delete')!.click();
    await until(() => $(el, '[data-part=message]')?.textContent === 'please select the options to delete');
    expect(platform.count('/api/admin/progress', 'DELETE')).to.equal(0);
  });

  it('deletes the selected finished items with tag 0, or every finished one with tag 1', async () => {
    const done = progressItem({ key: 'demo', hashKey: 'd1', title: 'Done one' });
    const running = progressItem({ hashKey: 'r1', title: 'Still running', status: 1, endTime: '', currentSize: 1 });
    platform.progress = [done, running];
    signInAs({ id: nextUser++, elements: ['progress:view', 'progress:del'] });
    const el = mount();
    await openDialog(el);
    const boxes = $$<HTMLInputElement>(el, 'tbody input[type=checkbox]');
    expect(boxes[1]!.disabled).to.equal(true); // a running task cannot be deleted
    boxes[0]!.click();
    buttonByText(el, 'Delete')!.click();
    await until(() => platform.deletes.length === 1);
    expect(platform.deletes[0]).to.deep.equal({ tag: 0, keys: [{ key: 'demo', hashKey: 'd1' }] });
    await until(() => $(el, '[data-part=message]')?.textContent === 'Delete success');

    const finishedBox = $$<HTMLInputElement>(el, 'label input[type=checkbox]')[0]!;
    finishedBox.click();
    buttonByText(el, 'Delete')!.click();
    await until(() => platform.deletes.length === 2);
    expect(platform.deletes[1]).to.deep.equal({ tag: 1, keys: [] });
  });

  it('follows a close by the browser (Escape) and opens again from the badge with Enter', async () => {
    platform.progress = [progressItem()];
    signInAs({ id: nextUser++, elements: ['progress:view'] });
    const el = mount();
    const dialog = await openDialog(el);
    // The browser closes a modal dialog on Escape by itself; the panel must follow, not fight it.
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open);
    const badge = $<HTMLButtonElement>(el, 'button[aria-haspopup=dialog]')!;
    // Back on the badge, Enter opens the dialog again: the panel's own state followed the close.
    badge.focus();
    expect(el.shadowRoot!.activeElement).to.equal(badge);
    await sendKeys({ press: 'Enter' });
    await until(() => dialog.open);
    expect(dialog.textContent).to.contain('delete finished progress');
  });
});
