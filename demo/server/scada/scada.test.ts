// Scada pages: a draft saved and published, the later of two saves on one revision refused with
// nothing lost, foreign bindings dropped, the live answer carrying every binding's value, sanitised
// SVG backgrounds, at most ten templates, a page made from a template re-bound to other devices,
// and another tenant seeing none of it.
import { describe, expect, it } from 'vitest';
import { MAX_ELEMENTS, type ScadaDoc, type ScadaElement } from '../../../shared/scada/doc.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { usePlatform } from '../test-platform.ts';
import { api } from '../testing.ts';
import { insertPage, listPages, liveValues, nameTaken, ownedBindings, pageOf } from './scada-data.ts';

describe('scada pages', () => {
  const p = usePlatform();
  const { call } = p;
  const db = () => p.s.app.atrium.db;
  const device = (tenantId: number, offset = 0) => db().prepare('SELECT id, code FROM device WHERE tenant_id = ? AND model_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET ?').get(tenantId, offset) as { id: number; code: string };
  const camera = (tenantId: number) => (db().prepare('SELECT id FROM camera WHERE tenant_id = ? ORDER BY id LIMIT 1').get(tenantId) as { id: number }).id;
  const paramOf = (deviceId: number) =>
    (db().prepare('SELECT mp.code FROM model_param mp JOIN device d ON d.model_id = mp.model_id WHERE d.id = ? ORDER BY mp.id LIMIT 1').get(deviceId) as { code: string }).code;
  const el = (id: string, extra: Partial<ScadaElement>): ScadaElement => ({ id, kind: 'text', x: 10, y: 10, w: 100, h: 40, rotate: 0, ...extra });
  const doc = (elements: ScadaElement[]): ScadaDoc => ({ width: 1280, height: 720, background: '', elements });

  it('saves a draft, refuses the later of two saves on one revision, publishes, and answers live values', async () => {
    const made = await call(p.admin, 'POST', '/api/scada/page', { name: 'Plant room', description: 'level B1' });
    expect(made.data).toMatchObject({ name: 'Plant room', elements: 0, publishedAt: '', unpublished: true });
    const id = made.data.id as number;
    expect((await call(p.admin, 'POST', '/api/scada/page', { name: 'Plant room' })).msg).toBe('This name is already taken');

    const d = device(1);
    const foreign = device(2);
    const code = paramOf(d.id);
    const body = doc([
      el('a', { kind: 'point', deviceId: d.id, code, thresholds: [{ from: 30, color: '#ff0000' }] }),
      el('b', { kind: 'state', deviceId: foreign.id }),
      el('c', { kind: 'camera', cameraId: camera(1), w: 320, h: 180 }),
      el('d', { kind: 'text', text: '<img src=x onerror=alert(1)>' }),
    ]);
    const draft = (await call(p.admin, 'GET', `/api/scada/page/${id}`)).data;
    const saved = await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision: draft.revision, doc: body });
    expect(saved.data).toMatchObject({ revision: draft.revision + 1, dropped: 1 });
    // A second tab still on the old revision: refused, and the first save stands.
    const stale = await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision: draft.revision, doc: doc([]) });
    expect(stale.code).toBe(40901);
    expect(stale.msg).toMatch(/saved elsewhere/);
    expect(stale.data).toEqual({ field: 'revision' });
    const now = (await call(p.admin, 'GET', `/api/scada/page/${id}`)).data;
    expect(now.doc.elements).toHaveLength(4);
    expect(now.doc.elements[1].deviceId).toBeUndefined();
    expect(now.doc.elements[3].text).toBe('<img src=x onerror=alert(1)>');

    expect((await call(p.admin, 'GET', `/api/scada/page/${id}/view`)).msg).toBe('This page has not been published yet');
    expect((await call(p.admin, 'POST', `/api/scada/page/${id}/publish`)).data).toMatchObject({ unpublished: false });
    const view = (await call(p.admin, 'GET', `/api/scada/page/${id}/view`)).data;
    expect(view.doc.elements).toHaveLength(4);

    await api(p.s.base, 'POST', '/__test/points/tick', {});
    const live = (await call(p.admin, 'GET', `/api/scada/page/${id}/live`)).data;
    expect(live.points).toEqual([expect.objectContaining({ deviceId: d.id, code, value: expect.any(Number) })]);
    expect(live.devices.map((x: { id: number }) => x.id)).toEqual([d.id]);

    // A draft change is not what viewers see until published again.
    const again = await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision: now.revision, doc: doc([]) });
    expect(again.code).toBe(0);
    expect((await call(p.admin, 'GET', `/api/scada/page/${id}/view`)).data.doc.elements).toHaveLength(4);

    // Another tenant: the page does not exist for it.
    for (const path of [`/api/scada/page/${id}`, `/api/scada/page/${id}/view`, `/api/scada/page/${id}/live`]) expect((await call(p.admin2, 'GET', path)).msg).toBe('No such scada page');
    expect((await call(p.admin2, 'POST', '/api/scada/page/page', { page: 1, limit: 10 })).data.total).toBe(0);
    expect((await call(p.admin2, 'POST', '/api/scada/page/delete', { ids: [id] })).msg).toBe('No such scada page');
  });

  it('refuses bad documents with a message naming the element, and more than the element limit', async () => {
    const id = (await call(p.admin, 'POST', '/api/scada/page', { name: 'Bad input' })).data.id as number;
    const revision = (await call(p.admin, 'GET', `/api/scada/page/${id}`)).data.revision as number;
    const cases: Array<[unknown, RegExp]> = [
      [doc([el('a', { kind: 'image', src: 'https://evil.example/x.png' })]), /Element 1: src is not valid/],
      [doc([el('a', {}), el('b', { color: 'red;background:url(x)' })]), /Element 2: color is not valid/],
      [doc([el('a', { kind: 'script' as never })]), /Element 1: kind is not valid/],
      [doc([el('a', {}), el('a', {})]), /Element 2 has the same id/],
      [{ ...doc([]), background: 'javascript:alert(1)' }, /background/],
      [doc(Array.from({ length: MAX_ELEMENTS + 1 }, (_x, i) => el(`e${i}`, {}))), new RegExp(`at most ${MAX_ELEMENTS} elements`)],
    ];
    for (const [body, message] of cases) {
      const answer = await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision, doc: body });
      expect(answer.msg).toMatch(message);
    }
    expect((await call(p.admin, 'GET', `/api/scada/page/${id}`)).data.revision).toBe(revision);
  });

  it('refuses a malformed request naming the field, and stores nothing (the contract)', async () => {
    const before = (await call(p.admin, 'POST', '/api/scada/page/page', { page: 1, limit: 100 })).data.total as number;
    // An undeclared field, a name over 50 characters, a missing name: each named, no page made.
    for (const [body, field] of [
      [{ name: 'Extra field', owner: 2 }, 'owner'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ description: 'no name' }, 'name'],
    ] as const) {
      const answer = await call(p.admin, 'POST', '/api/scada/page', body);
      expect(answer.code).toBe(-1);
      expect(answer.data).toEqual({ field });
    }
    expect((await call(p.admin, 'POST', '/api/scada/page/page', { page: 1, limit: 100 })).data.total).toBe(before);
    // A draft whose revision is text, and a template mapping to a non-id: named.
    const id = (await call(p.admin, 'POST', '/api/scada/page', { name: 'Contract' })).data.id as number;
    expect((await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision: '1', doc: doc([]) })).data).toEqual({ field: 'revision' });
    const template = (await call(p.admin, 'POST', '/api/scada/template', { pageId: id, name: 'Contract' })).data.id as number;
    const mapped = await call(p.admin, 'POST', `/api/scada/template/${template}/instantiate`, { name: 'Mapped', devices: { '1': 'all' }, cameras: {} });
    expect(mapped.data.field).toMatch(/^devices/);
    expect((await call(p.admin, 'POST', '/api/scada/template/delete', { ids: [template] })).data).toEqual({ deleted: 1 });
  });

  it('stores an SVG background without its script, handlers or outside references, and refuses an HTML file named .png', async () => {
    const upload = async (name: string, content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      return (await api(p.s.base, 'POST', '/api/scada/background', { token: p.admin, form, headers: { lang: 'en' } })).body;
    };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" onclick="x()"/><image xlink:href="https://evil.example/t.png"/><foreignObject><div>hi</div></foreignObject><a href="javascript:alert(3)"><text>t</text></a><use href="#r"/></svg>';
    const up = await upload('plan.svg', svg);
    expect(up.data.url).toMatch(/^\/upload\/scada\/1-[\w-]+\.svg$/);
    const stored = await (await fetch(`${p.s.base}${up.data.url}`)).text();
    expect(stored).toContain('<rect');
    expect(stored).toContain('href="#r"');
    for (const bad of ['onload', 'onclick', '<script', 'evil.example', 'foreignObject', 'javascript:']) expect(stored).not.toContain(bad);
    expect((await upload('plan.png', '<!doctype html><script>alert(1)</script>')).msg).toBe('A background must be a PNG, JPG or SVG image');
  });

  it('keeps at most ten templates and makes a page from one with its devices re-bound', async () => {
    const [a, b] = [device(1, 0), device(1, 1)];
    const id = (await call(p.admin, 'POST', '/api/scada/page', { name: 'Template source' })).data.id as number;
    await call(p.admin, 'PUT', `/api/scada/page/${id}/draft`, { revision: 1, doc: doc([el('p', { kind: 'point', deviceId: a.id, code: paramOf(a.id) }), el('s', { kind: 'state', deviceId: a.id })]) });
    const first = await call(p.admin, 'POST', '/api/scada/template', { pageId: id, name: 'T1' });
    expect(first.data).toMatchObject({ name: 'T1', elements: 2, source: 'Template source' });
    const template = (await call(p.admin, 'GET', `/api/scada/template/${first.data.id}`)).data;
    expect(template.devices).toEqual([{ id: a.id, name: expect.any(String) }]);

    const made = await call(p.admin, 'POST', `/api/scada/template/${first.data.id}/instantiate`, { name: 'From template', devices: { [a.id]: b.id }, cameras: {} });
    expect(made.code).toBe(0);
    const copy = (await call(p.admin, 'GET', `/api/scada/page/${made.data.id}`)).data;
    expect(copy.doc.elements.map((e: ScadaElement) => e.deviceId)).toEqual([b.id, b.id]);
    // Mapping to another tenant's device binds nothing.
    const stolen = await call(p.admin, 'POST', `/api/scada/template/${first.data.id}/instantiate`, { name: 'Stolen', devices: { [a.id]: device(2).id }, cameras: {} });
    const stolenElements = (await call(p.admin, 'GET', `/api/scada/page/${stolen.data.id}`)).data.doc.elements as ScadaElement[];
    expect(stolenElements.length).toBeGreaterThan(0);
    expect(stolenElements.every((e) => e.deviceId === undefined)).toBe(true);

    for (let i = 2; i <= 10; i++) expect((await call(p.admin, 'POST', '/api/scada/template', { pageId: id, name: `T${i}` })).code).toBe(0);
    const eleventh = await call(p.admin, 'POST', '/api/scada/template', { pageId: id, name: 'T11' });
    expect(eleventh.msg).toBe('A tenant keeps at most 10 templates; delete one you no longer need first');
    expect((await call(p.admin, 'POST', '/api/scada/template/page', { page: 1, limit: 20 })).data.total).toBe(10);
    expect((await call(p.admin2, 'POST', '/api/scada/template/page', { page: 1, limit: 20 })).data.total).toBe(0);
    expect((await call(p.admin2, 'GET', `/api/scada/template/${first.data.id}`)).msg).toBe('No such template');
  });

  it("the data module (scada-data.ts) works on a tenant's data without HTTP and never reaches another tenant's rows", () => {
    const [one, two] = [tenantDataOf(db(), 1), tenantDataOf(db(), 2)];
    const d1 = device(1);
    const d2 = device(2);
    const theirs = insertPage(two, 'Only tenant two', 'data module', doc([el('p', { kind: 'point', deviceId: d2.id, code: paramOf(d2.id) })]));
    expect(theirs).toMatchObject({ name: 'Only tenant two', elements: 1, unpublished: true });
    expect(pageOf(two, theirs.id)?.name).toBe('Only tenant two');
    // Tenant 1's data neither finds, lists nor counts tenant 2's page.
    expect(pageOf(one, theirs.id)).toBeUndefined();
    expect(nameTaken(one, 'scada_page', 'Only tenant two')).toBe(false);
    expect(nameTaken(two, 'scada_page', 'Only tenant two')).toBe(true);
    expect(listPages(one, 'Only tenant two', 20, 0)).toEqual({ rows: [], total: 0 });
    expect(listPages(two, 'Only tenant two', 20, 0)).toMatchObject({ total: 1, rows: [{ id: theirs.id }] });
    // A document naming both tenants' devices: each tenant owns (and reads live values of) its own only.
    const both = doc([el('a', { kind: 'state', deviceId: d1.id }), el('b', { kind: 'state', deviceId: d2.id })]);
    expect([...ownedBindings(one, both).devices]).toEqual([d1.id]);
    expect([...ownedBindings(two, both).devices]).toEqual([d2.id]);
    expect(liveValues(one, both).devices.map((d) => d.id)).toEqual([d1.id]);
  });
});
