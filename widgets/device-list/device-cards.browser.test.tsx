// <atrium-device-list view="cards">: the monitoring cards drawn by the element itself, with its own
// store — filters applied with the search button, 24 cards a page, the element's total (the SPEC §9
// marker above 20000), each card's live readings and open alarms, a card that fires
// atrium-device-select when the list is selectable. Against window.fetch answering the device calls.
import { expect } from 'chai';
import { frame, until } from '../../shared/element/testing.ts';
import type { AreaNode, Device, DevicePage } from '../../shared/api/device-types.ts';
import type { DeviceReadings } from '../../shared/api/point-types.ts';
import { setLanguage } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/store.ts';
import './device-list.element.ts';

const TREE: AreaNode[] = [
  { rowGuid: 'north', parentId: null, areaName: 'North wing', children: [{ rowGuid: 'north-1', parentId: 'north', areaName: 'North 1F', children: [] }] },
  { rowGuid: 'south', parentId: null, areaName: 'South wing', children: [] },
];

const device = (id: number, areaId: string, status: Device['status']): Device => ({
  id,
  code: `D-${String(id).padStart(3, '0')}`,
  name: `Device-${id}`,
  label: `l${id}`,
  address: `1-${id}`,
  sn: `SN${id}`,
  ip: `10.0.0.${id}`,
  mac: '',
  busNo: 1,
  port: 502,
  version: '1',
  status,
  statusSeq: 1,
  statusAt: 0,
  gatewayId: 1,
  gatewayName: 'GW-1',
  areaId,
  areaName: areaId,
  modelId: id % 2 === 0 ? 7 : null,
  modelName: '',
  dataGroupId: null,
  dataGroupName: '',
});

/** 30 devices: every third offline, the first ten in the north wing's first floor, the rest in the south. */
const THIRTY = Array.from({ length: 30 }, (_, i) => device(i + 1, i < 10 ? 'north-1' : 'south', i % 3 === 2 ? 'offline' : 'online'));

/** The device and readings calls behind window.fetch; `total` overrides the list's total (a tenant above one page). */
function fakePlatform(devices: Device[], options: { total?: number } = {}) {
  const original = window.fetch;
  const lists: URLSearchParams[] = [];
  const readings: number[][] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/device/area/tree') return ok(TREE);
    if (url.pathname === '/api/device/status/changes') return ok({ cursor: 1, changes: [], reset: false });
    if (url.pathname === '/api/device/list') {
      lists.push(url.searchParams);
      const area = url.searchParams.get('areaId');
      const rows = devices.filter((d) => !area || d.areaId === area || (area === 'north' && d.areaId === 'north-1'));
      return ok({ total: options.total ?? rows.length, rows, cursor: 1 } satisfies DevicePage);
    }
    if (url.pathname === '/api/device/readings') {
      const ids = (JSON.parse(String(init?.body)) as { ids: number[] }).ids;
      readings.push(ids);
      const answer: DeviceReadings[] = ids.map((id) => ({
        id,
        readings: id % 2 === 0 ? [{ code: 'temp', name: 'Temperature', unit: '°C', dataType: 'float', value: id + 0.25, at: 1 }] : [],
        openAlarms: id === 4 ? 2 : 0,
      })) as DeviceReadings[];
      return ok(answer);
    }
    return new Response('not found', { status: 404 });
  };
  return { lists, readings, restore: () => (window.fetch = original) };
}

function signIn(): void {
  session.token = 'test-token-0123456789';
  session.username = 'tester';
}

function mount(attrs: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = `<atrium-device-list style="display:block;height:600px;width:900px" ${attrs}></atrium-device-list>`;
  const el = holder.firstElementChild as HTMLElement;
  document.body.append(el);
  return el;
}

const $ = (el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const cards = (el: HTMLElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-device-card]')];
const codes = (el: HTMLElement) => cards(el).map((c) => c.dataset.deviceCard);
const text = (el: HTMLElement, part: string) => $(el, `[data-part=${part}]`)?.textContent;

/** Sets a form control's value as typing or choosing would (React listens for input/change). */
function setValue(control: HTMLInputElement | HTMLSelectElement, value: string): void {
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const search = (el: HTMLElement) => ($(el, 'form[role=search] button[type=submit]') as HTMLButtonElement).click();

describe('<atrium-device-list view="cards">', () => {
  let platform: ReturnType<typeof fakePlatform>;
  before(() => setLanguage('en'));
  afterEach(() => {
    document.querySelectorAll('atrium-device-list').forEach((n) => n.remove());
    platform.restore();
    session.token = null;
    session.username = null;
  });

  it('draws 24 cards a page with the total, their readings and alarms, and pages through the rest', async () => {
    platform = fakePlatform(THIRTY);
    signIn();
    const el = mount('view="cards"');
    await until(() => cards(el).length === 24);
    // The element's cards, not its table.
    expect($(el, '[role=grid]')).to.equal(null);
    expect(codes(el)[0]).to.equal('D-001');
    expect(codes(el)[23]).to.equal('D-024');
    expect(text(el, 'total')).to.equal('Total 30');
    expect(text(el, 'page')).to.equal('Page 1 of 2');
    // Readings for the cards in sight, in one call.
    await until(() => cards(el)[3]!.querySelector('[data-reading=temp]'));
    expect(platform.readings[0]).to.deep.equal(THIRTY.slice(0, 24).map((d) => d.id));
    const fourth = cards(el)[3]!;
    expect(fourth.querySelector('[data-reading=temp]')!.textContent).to.equal('4.25 °C');
    expect(fourth.querySelector('[data-part=alarms]')!.textContent).to.equal('2 open alarms');
    expect(fourth.dataset.alarm).to.equal('true');
    expect(cards(el)[0]!.textContent).to.contain('No model, so no points');
    expect(cards(el)[2]!.querySelector('[data-part=status]')!.textContent).to.equal('Offline');

    ($(el, '[data-part=next]') as HTMLButtonElement).click();
    await until(() => cards(el).length === 6);
    expect(codes(el)).to.deep.equal(['D-025', 'D-026', 'D-027', 'D-028', 'D-029', 'D-030']);
    expect(text(el, 'page')).to.equal('Page 2 of 2');
    expect(($(el, '[data-part=next]') as HTMLButtonElement).disabled).to.equal(true);
    await until(() => platform.readings.some((ids) => ids[0] === 25));
    ($(el, '[data-part=prev]') as HTMLButtonElement).click();
    await until(() => cards(el).length === 24);
  });

  it('filters by area, status and keyword with the search button, back on page one', async () => {
    platform = fakePlatform(THIRTY);
    signIn();
    const el = mount('view="cards"');
    await until(() => cards(el).length === 24);
    ($(el, '[data-part=next]') as HTMLButtonElement).click();
    await until(() => text(el, 'page') === 'Page 2 of 2');

    const area = $(el, 'select[name=areaId]') as HTMLSelectElement;
    expect([...area.options].map((o) => o.textContent)).to.deep.equal(['All areas', 'North wing', '\u00a0\u00a0North 1F', 'South wing']);
    setValue($(el, 'select[name=status]') as HTMLSelectElement, 'offline');
    await frame();
    // Nothing changes before the search.
    expect(text(el, 'total')).to.equal('Total 30');
    search(el);
    await until(() => text(el, 'total') === 'Total 10');
    expect(text(el, 'page')).to.equal('Page 1 of 1');
    expect(new Set(cards(el).map((c) => c.dataset.status))).to.deep.equal(new Set(['offline']));

    setValue(area, 'north');
    search(el);
    await until(() => text(el, 'total') === 'Total 3');
    expect(codes(el)).to.deep.equal(['D-003', 'D-006', 'D-009']);
    expect(platform.lists.at(-1)!.get('areaId')).to.equal('north');

    setValue($(el, 'input[name=keyword]') as HTMLInputElement, 'd-00');
    setValue($(el, 'select[name=status]') as HTMLSelectElement, '');
    search(el);
    await until(() => text(el, 'total') === 'Total 9');
    setValue($(el, 'input[name=keyword]') as HTMLInputElement, 'nothing like this');
    search(el);
    await until(() => $(el, '[role=status]')?.textContent === 'No devices match the filters');
    expect(text(el, 'total')).to.equal('Total 0');
  });

  it('reflows in a 320 px column: nothing scrolls sideways (WCAG 1.4.10)', async () => {
    platform = fakePlatform(THIRTY);
    signIn();
    const el = mount('view="cards"');
    el.style.width = '320px';
    await until(() => cards(el).length === 24);
    const root = $(el, '[data-view=cards]')!;
    const wide = [root, ...root.querySelectorAll<HTMLElement>('*')].filter((n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'hidden');
    expect(wide.map((n) => n.tagName + '.' + n.className)).to.deep.equal([]);
    expect(root.getBoundingClientRect().width).to.be.at.most(320);
    for (const card of cards(el)) expect(card.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
  });

  it('shows the element’s marker when the tenant holds more than 20000 devices', async () => {
    platform = fakePlatform(THIRTY, { total: 25_000 });
    signIn();
    const el = mount('view="cards"');
    await until(() => cards(el).length === 24);
    expect(text(el, 'total')).to.equal('Total 20000+');
  });

  it('a card fires atrium-device-select only when selectable; area-id hides the area filter', async () => {
    platform = fakePlatform(THIRTY);
    signIn();
    const plain = mount('view="cards" area-id="south"');
    await until(() => cards(plain).length === 20);
    expect(cards(plain)[0]!.tagName).to.equal('DIV');
    expect($(plain, 'select[name=areaId]')).to.equal(null);
    plain.remove();

    const el = mount('view="cards" selectable');
    await until(() => cards(el).length === 24);
    let heard: Device | null = null;
    el.addEventListener('atrium-device-select', (e) => (heard = (e as CustomEvent<{ device: Device }>).detail.device));
    expect(cards(el)[4]!.tagName).to.equal('BUTTON');
    cards(el)[4]!.click();
    await until(() => heard);
    expect(heard!.code).to.equal('D-005');
    // The same element shows its table when the attribute goes, with the same rows.
    el.removeAttribute('view');
    await until(() => el.shadowRoot!.querySelectorAll('[role=row][data-code]').length > 0);
    expect(cards(el)).to.have.length(0);
  });
});
