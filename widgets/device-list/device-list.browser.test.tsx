import { expect } from 'chai';
import { frame, until } from '../../shared/element/testing.ts';
import type { AreaNode, Device, DevicePage } from '../../shared/api/device-types.ts';
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
  sn: `SN${String(id).padStart(10, '0')}`,
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
  modelId: null,
  modelName: '',
  dataGroupId: null,
  dataGroupName: '',
});

/** The device calls behind window.fetch; `answer` decides the list response. */
function fakeDevices(devices: Device[]) {
  const original = window.fetch;
  const lists: URLSearchParams[] = [];
  const state = { fail: null as string | null };
  window.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/device/area/tree') return ok(TREE);
    if (url.pathname === '/api/device/status/changes') return ok({ cursor: 1, changes: [], reset: false });
    if (url.pathname === '/api/device/list') {
      lists.push(url.searchParams);
      if (state.fail) return new Response(JSON.stringify({ code: -1, msg: state.fail }), { headers: { 'content-type': 'application/json' } });
      const area = url.searchParams.get('areaId');
      const inArea = (d: Device) => !area || d.areaId === area || (area === 'north' && d.areaId === 'north-1');
      const rows = devices.filter(inArea);
      return ok({ total: rows.length, rows, cursor: 1 } satisfies DevicePage);
    }
    return new Response('not found', { status: 404 });
  };
  return { lists, state, restore: () => (window.fetch = original) };
}

function signIn(): void {
  session.token = 'test-token-0123456789';
  session.username = 'tester';
}

function mount(attrs = ''): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = `<atrium-device-list style="display:block;height:420px" ${attrs}></atrium-device-list>`;
  const el = holder.firstElementChild as HTMLElement;
  document.body.append(el);
  return el;
}

const $ = (el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: HTMLElement, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: HTMLElement) => $$(el, '[role=row][data-code]');

describe('<atrium-device-list>', () => {
  let platform: ReturnType<typeof fakeDevices>;
  before(() => setLanguage('en'));
  afterEach(() => {
    document.querySelectorAll('atrium-device-list').forEach((n) => n.remove());
    platform.restore();
    session.token = null;
    session.username = null;
  });

  it('shows status as text and colour, with the tree, total and every column', async () => {
    platform = fakeDevices([device(1, 'north-1', 'online'), device(2, 'south', 'offline'), device(3, 'north', 'unknown')]);
    signIn();
    const el = mount();
    await until(() => rows(el).length === 3);
    expect($(el, '[data-part=total]')!.textContent).to.equal('Total 3');
    expect($$(el, '[role=columnheader]').map((h) => h.textContent)).to.deep.equal([
      'Device code▲ascending', 'Device name', 'Label', 'Address', 'SN', 'IP', 'Status', 'Gateway', 'Area',
    ]);
    const statuses = rows(el).map((r) => r.querySelector('[data-part=status]')!.textContent);
    expect(statuses).to.deep.equal(['Online', 'Offline', 'Unknown']);
    const dots = rows(el).map((r) => getComputedStyle(r.querySelector('[data-part=status] span span')!).backgroundColor);
    expect(new Set(dots).size).to.equal(3);
    const names = () => $$(el, '[role=treeitem] [data-part=name]').map((t) => t.textContent);
    expect(names()).to.deep.equal(['All areas', 'North wing', 'North 1F', 'South wing']);
    // The keyboard collapses a branch and selects with Enter.
    const north = $$(el, '[role=treeitem]').find((t) => t.dataset.nodeId === 'north')!;
    north.focus();
    north.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    await until(() => names().length === 3);
    expect(north.getAttribute('aria-expanded')).to.equal('false');
    north.click();
    await until(() => rows(el).length === 2);
    expect(platform.lists.at(-1)!.get('areaId')).to.equal('north');
  });

  it('area-id fixes the area and hides the tree', async () => {
    platform = fakeDevices([device(1, 'north-1', 'online'), device(2, 'south', 'offline')]);
    signIn();
    const el = mount('area-id="south"');
    await until(() => rows(el).length === 1);
    expect(rows(el)[0]!.dataset.code).to.equal('D-002');
    expect($(el, '[role=tree]')).to.equal(null);
    expect(platform.lists.every((q) => q.get('areaId') === 'south')).to.equal(true);
    el.setAttribute('area-id', 'north');
    await until(() => rows(el)[0]?.dataset.code === 'D-001');
  });

  it('emits atrium-device-select only when selectable', async () => {
    platform = fakeDevices([device(1, 'south', 'online'), device(2, 'south', 'offline')]);
    signIn();
    const plain = mount();
    await until(() => rows(plain).length === 2);
    let heard: Device | null = null;
    document.addEventListener('atrium-device-select', (e) => (heard = (e as CustomEvent<{ device: Device }>).detail.device));
    rows(plain)[1]!.click();
    await frame();
    expect(heard).to.equal(null);
    expect(rows(plain)[1]!.hasAttribute('aria-selected')).to.equal(false);
    plain.remove();

    const selectable = mount('selectable');
    await until(() => rows(selectable).length === 2);
    rows(selectable)[1]!.click();
    await until(() => heard);
    expect(heard!.code).to.equal('D-002');
    expect(rows(selectable)[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(rows(selectable)[0]!.getAttribute('aria-selected')).to.equal('false');
  });

  it('shows empty, filtered-empty, error and signed-out states', async () => {
    platform = fakeDevices([]);
    const out = mount();
    // Signed out, the element shows the kit's sign-in prompt (defineWidget) instead of the list.
    await until(() => $(out, '[data-atrium-sign-in]')?.textContent?.includes('Sign in to see this part'));
    out.remove();

    signIn();
    const empty = mount();
    await until(() => $(empty, '[role=status]')?.textContent === 'No devices');
    empty.remove();
    platform.restore();

    platform = fakeDevices([device(1, 'south', 'online')]);
    platform.state.fail = 'database on fire';
    const failing = mount();
    await until(() => $(failing, '[role=alert]')?.textContent === 'The device list could not be loaded: database on fire');
    platform.state.fail = null;
    [...failing.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click();
    await until(() => rows(failing).length === 1);

    const search = $(failing, 'input[type=search]') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'nothing like this');
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => $(failing, '[role=status]')?.textContent === 'No devices match the filters');
    expect($(failing, '[data-part=total]')!.textContent).to.equal('Total 0');
  });
});
