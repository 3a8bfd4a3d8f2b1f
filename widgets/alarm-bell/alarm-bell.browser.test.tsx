import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { passTime, until } from '../../shared/element/testing.ts';
import { setLanguage } from '../../shared/i18n/index.ts';
import { fakePlatform, signInAs, type FakePlatform } from '../../shared/poll/fake-platform.ts';
import { ALARM_POLL_MS, alarmPoller } from '../../shared/poll/alarm-total.ts';
import { settings } from '../../shared/session/settings.ts';
import './alarm-bell.element.ts';


let nextUser = 100;
let platform: FakePlatform;

function mount(html = '<atrium-alarm-bell></atrium-alarm-bell>'): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const el = holder.firstElementChild as HTMLElement;
  document.body.append(el);
  return el;
}

const countOf = (el: HTMLElement) => el.shadowRoot?.querySelector('[data-part=count]')?.textContent ?? null;
const control = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('a, button')!;

describe('<atrium-alarm-bell>', () => {
  before(() => setLanguage('en'));
  beforeEach(() => {
    platform = fakePlatform();
  });
  afterEach(() => {
    document.querySelectorAll('atrium-alarm-bell').forEach((n) => n.remove());
    platform.restore();
    signInAs(null);
  });

  it('shows the unhandled count and mirrors it in the app settings', async () => {
    platform.alarm = { total: 37, latestId: 5, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch'] });
    const el = mount();
    await until(() => countOf(el) === '37');
    expect(control(el).getAttribute('aria-label')).to.equal('37 unhandled alarms');
    expect(settings.alarmTotal).to.equal(37);
  });

  it('caps the count at 20000+', async () => {
    platform.alarm = { total: 25000, latestId: 9, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch', 'alarmManager'] });
    const el = mount();
    await until(() => countOf(el) === '20000+');
  });

  it('sends no poll and shows no count without the alarmSearch menu', async () => {
    const clock = FakeTimers.install({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      platform.alarm = { total: 3, latestId: 1, latest: null };
      const user = nextUser++;
      signInAs({ id: user, menus: ['alarmManager'] });
      const el = mount();
      // The bell is there (a control without a count), so the absence below is not an empty page.
      await until(() => el.shadowRoot?.querySelector('a, button'));
      // Two whole poll intervals on the controlled clock: a poll that was coming has come.
      await passTime(clock, ALARM_POLL_MS * 2);
      expect(platform.count('/api/alarm/total/tenant')).to.equal(0);
      expect(countOf(el)).to.equal(null);
      expect(alarmPoller.state.leader).to.equal(false);
      // Given the menu, the same bell polls and counts: the silence above was the rule at work.
      signInAs({ id: user, menus: ['alarmManager', 'alarmSearch'] });
      await until(() => countOf(el) === '3');
    } finally {
      clock.uninstall();
    }
  });

  it('polls once for many bells on the page', async () => {
    platform.alarm = { total: 4, latestId: 1, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch'] });
    const bells = [mount(), mount(), mount()];
    // Each bell shows the count only once a poll has answered, so a bell polling on its own would
    // already have been counted here: no waiting needed.
    await until(() => bells.every((b) => countOf(b) === '4'));
    expect(platform.count('/api/alarm/total/tenant')).to.equal(1);
  });

  it('without alarmManager: a click fires atrium-alarm-open but goes nowhere', async () => {
    platform.alarm = { total: 2, latestId: 1, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch'] });
    const el = mount('<atrium-alarm-bell href="/elsewhere"></atrium-alarm-bell>');
    await until(() => countOf(el) === '2');
    const seen = new Promise<CustomEvent>((resolve) => el.addEventListener('atrium-alarm-open', (e) => resolve(e), { once: true }));
    const button = control(el);
    expect(button.localName).to.equal('button');
    button.click();
    expect((await seen).detail.count).to.equal(2);
  });

  it('with alarmManager: a link to /alarm/search (or the href given), and the host may cancel', async () => {
    platform.alarm = { total: 2, latestId: 1, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch', 'alarmManager'] });
    const plain = mount();
    const custom = mount('<atrium-alarm-bell href="https://portal.example/alarms"></atrium-alarm-bell>');
    const hostile = mount('<atrium-alarm-bell href="javascript:alert(1)"></atrium-alarm-bell>');
    await until(() => countOf(plain) === '2');
    expect(control(plain).getAttribute('href')).to.equal('/alarm/search');
    expect(control(custom).getAttribute('href')).to.equal('https://portal.example/alarms');
    expect(control(hostile).getAttribute('href')).to.equal('/alarm/search');

    // The host cancels the event (a SPA routing itself): the link must not be followed.
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('atrium-alarm-open', cancel, { once: true });
    let followed: boolean | null = null;
    const watch = (e: Event) => {
      followed = !e.defaultPrevented;
      e.preventDefault(); // keep the test page where it is either way
    };
    window.addEventListener('click', watch, { once: true });
    control(plain).click();
    expect(followed).to.equal(false);

    window.addEventListener('click', watch, { once: true });
    control(plain).click();
    expect(followed).to.equal(true);
  });

  it('pulses when a poll brings a new alarm, and only then', async () => {
    platform.alarm = { total: 2, latestId: 10, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch'] });
    const el = mount();
    await until(() => countOf(el) === '2');
    expect(control(el).dataset.pulses).to.equal('0');
    const fresh = new Promise<CustomEvent>((resolve) => el.addEventListener('atrium-alarm-new', (e) => resolve(e), { once: true }));
    platform.alarm = {
      total: 3,
      latestId: 11,
      latest: { id: 11, level: 'critical', content: 'Smoke detected', deviceName: 'Detector 3', time: '2025-03-01 10:00:00' },
    };
    alarmPoller.refresh();
    await until(() => countOf(el) === '3');
    // The pulse is started by an effect after the count renders: waited for, then exactly one.
    await until(() => control(el).dataset.pulses !== '0');
    expect(control(el).dataset.pulses).to.equal('1');
    const icon = el.shadowRoot!.querySelector('[data-part=icon]')!;
    expect(getComputedStyle(icon).animationName).to.not.equal('none');
    expect((await fresh).detail.latestId).to.equal(11);
  });

  it('can be reached with Tab and activated with Enter and with Space', async () => {
    platform.alarm = { total: 3, latestId: 1, latest: null };
    signInAs({ id: nextUser++, menus: ['alarmSearch'] });
    // A focusable control before the bell: Tab from it must land on the bell's button.
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.append(before);
    const el = mount();
    // And one after, so a Tab that skips the bell stays in the page (and the check below fails cleanly).
    const after = document.createElement('button');
    after.textContent = 'after';
    document.body.append(after);
    try {
      await until(() => countOf(el) === '3');
      const opened: number[] = [];
      el.addEventListener('atrium-alarm-open', (e) => opened.push((e as CustomEvent<{ count: number }>).detail.count));
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(control(el));
      await sendKeys({ press: 'Enter' });
      await until(() => opened.length === 1);
      await sendKeys({ press: 'Space' });
      await until(() => opened.length === 2);
      expect(opened).to.deep.equal([3, 3]);
    } finally {
      before.remove();
      after.remove();
    }
  });
});
