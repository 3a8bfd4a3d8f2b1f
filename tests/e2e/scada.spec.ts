// Scada pages through the console: a page made in the list, designed in /appEditor (a floor plan, a
// camera, two point values and a switch bound to real devices; a drag undone and redone exactly),
// saved and published; the viewer plays the camera, follows the simulator's values and writes the
// switch through the gateway after a confirmation; a second tab's stale save is refused with the
// work kept; the embed page shows the published page with one script and one tag; a page made from
// a template binds the chosen device. (Limits, sanitising and the second tenant: demo/server/scada.test.ts.)
import { expect, test, type Page } from './fixtures.ts';
import { holdDeviceSimulator, signIn, zh } from './console-helpers.ts';
import { signIn as apiSignIn, videos } from './embed-helpers.ts';
import { call } from './video-helpers.ts';
import { firstOption, pick } from './picker-helpers.ts';

const post = (base: string, path: string, body: unknown = {}) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

holdDeviceSimulator();

async function fanCoils(base: string): Promise<Array<{ id: number; code: string; gatewayId: number }>> {
  const admin = await apiSignIn(base);
  const rows = (await call(base, admin, 'GET', '/api/device/list', { query: { keyword: 'FCU-', status: 'online', limit: '50' } })).data.rows as Array<{ id: number; code: string; gatewayId: number | null; modelName: string }>;
  return rows.filter((d) => d.gatewayId !== null && d.modelName === '风机盘管').map((d) => ({ id: d.id, code: d.code, gatewayId: d.gatewayId! }));
}

const PLAN = '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" onload="alert(1)"><rect x="20" y="20" width="1240" height="680" fill="none" stroke="#888" stroke-width="4"/><script>alert(2)</script></svg>';

/** Adds an element from the palette and waits until it is the selected one. */
async function place(page: Page, kind: string) {
  const before = await page.locator('[data-part=stage] [data-element]').count();
  await page.locator(`[data-part=palette] [data-tool=${kind}]`).click();
  await expect(page.locator('[data-part=stage] [data-element]')).toHaveCount(before + 1);
  await expect(page.locator('[data-part=element-properties]')).toHaveAttribute('data-kind', kind);
  return page.locator('[data-part=stage] [data-element][data-selected=true]');
}

const boxOf = (el: ReturnType<Page['locator']>) => el.evaluate((n: HTMLElement) => ({ left: n.style.left, top: n.style.top }));

test('design, publish and view a live scada page; a stale save keeps the work', async ({ page, context, baseURL }) => {
  const [fcu, other] = await fanCoils(baseURL!);
  await post(baseURL!, '/__test/gateway', { gatewayId: fcu!.gatewayId, mode: 'normal', status: 'online' });
  await post(baseURL!, '/__test/points/tick');
  const name = `Plant room ${Date.now() % 100000}`;
  await signIn(page, 'admin', { to: '/scada/index' });
  const list = page.locator('[data-page=scada]');
  await list.locator('[data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[name=name]').fill(name);
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = list.locator('tbody tr[data-row]', { hasText: name });
  await expect(row).toContainText(zh('scada.state.draft'));
  await row.locator('[data-action=edit-page]').click();

  const editor = page.locator('[data-page=app-editor]');
  await expect(editor).toBeVisible();
  // The floor plan: an SVG whose script and handler are stripped on upload.
  await editor.locator('[data-part=upload]').setInputFiles({ name: 'plan.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(PLAN) });
  await expect(editor.locator('[data-part=stage-bg]')).toHaveAttribute('src', /^\/upload\/scada\/.+\.svg$/);

  const camera = await place(page, 'camera');
  await pick(editor.locator('[name=camera]'), (await firstOption(editor.locator('[name=camera]'))).label);
  const props = editor.locator('[data-part=element-properties]');
  const point = await place(page, 'point');
  await pick(props.locator('[name=device]'), `${fcu!.code} · `);
  await props.locator('select[name=param]').selectOption('temp');
  await props.locator('input[name=x]').fill('500');
  // Position, size and rotation are readable: each number has the width of half the panel (beside its
  // label it had about 36 px).
  for (const field of ['x', 'y', 'w', 'h', 'rotate']) expect((await props.locator(`input[name=${field}]`).boundingBox())!.width, field).toBeGreaterThanOrEqual(100);
  await place(page, 'point');
  await pick(props.locator('[name=device]'), `${other!.code} · `);
  await props.locator('select[name=param]').selectOption('setpoint');
  await props.locator('input[name=y]').fill('400');
  await place(page, 'switch');
  await pick(props.locator('[name=device]'), `${fcu!.code} · `);
  await props.locator('select[name=param]').selectOption('fan');
  await props.locator('input[name=y]').fill('600');
  await expect(props.locator('select[name=param] option')).toHaveCount(3); // rw only: set point and fan, and none

  // Drag the camera with the mouse; undo puts it back exactly, redo moves it again.
  await camera.click();
  const start = await boxOf(camera);
  const box = (await camera.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  const moved = await boxOf(camera);
  expect(moved).not.toEqual(start);
  await editor.locator('[data-part=canvas]').focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => boxOf(camera)).toEqual(start);
  await page.keyboard.press('Control+y');
  await expect.poll(() => boxOf(camera)).toEqual(moved);
  // Arrow keys nudge by one pixel.
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => parseFloat((await boxOf(camera)).left)).toBeCloseTo(parseFloat(moved.left) + 1, 5);
  // The resize and rotate handles can be grabbed (react-moveable's styles apply under the console's
  // CSP: blocked, the handles have no size and no place, and a drag from where they belong does nothing).
  const grab = async (selector: string, dx: number, dy: number) => {
    const handle = editor.locator(selector).first();
    await expect(handle).toBeVisible();
    const b = (await handle.boundingBox())!;
    expect(b.width, `${selector} has a size`).toBeGreaterThan(4);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2 + dx, b.y + b.height / 2 + dy, { steps: 6 });
    await page.mouse.up();
  };
  const wide = await camera.evaluate((n: HTMLElement) => parseFloat(n.style.width));
  await grab('.moveable-control.moveable-direction.moveable-e', 40, 0);
  await expect.poll(() => camera.evaluate((n: HTMLElement) => parseFloat(n.style.width))).toBeGreaterThan(wide + 20);
  await grab('.moveable-rotation-control', 80, 40);
  await expect.poll(() => camera.evaluate((n: HTMLElement) => n.style.transform)).toMatch(/rotate\((?!0deg)-?[\d.]+deg\)/);
  await expect(point).toBeVisible();

  await editor.locator('[data-action=save]').click();
  await expect(editor).toHaveAttribute('data-dirty', 'false');
  const revision = Number(await editor.getAttribute('data-revision'));
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // A second tab edits the same draft and saves first: this tab's next save is refused, nothing lost.
  const other2 = await context.newPage();
  await other2.goto(`/appEditor?id=${id}`);
  await expect(other2.locator('[data-page=app-editor]')).toHaveAttribute('data-revision', String(revision));
  await other2.locator('[data-part=palette] [data-tool=text]').click();
  await other2.locator('[data-action=save]').click();
  await expect(other2.locator('[data-page=app-editor]')).toHaveAttribute('data-revision', String(revision + 1));
  await other2.close();
  await page.locator('[data-part=palette] [data-tool=bell]').click();
  await editor.locator('[data-action=save]').click();
  await expect(editor.locator('[data-part=problem]')).toHaveAttribute('data-stale', 'true');
  await expect(editor.locator('[data-part=problem]')).toContainText('另一个标签页');
  await expect(editor).toHaveAttribute('data-dirty', 'true');
  await expect(editor.locator('[data-part=stage] [data-element]')).toHaveCount(5);
  // Reload takes the newer version (the other tab's text), after confirming the loss.
  page.once('dialog', (d) => void d.accept());
  await editor.locator('[data-action=reload]').click();
  await expect(editor).toHaveAttribute('data-revision', String(revision + 1));
  await expect(editor.locator('[data-part=stage] [data-element]')).toHaveCount(5);
  await expect(editor.locator('[data-part=stage] [data-element][data-kind=text]')).toHaveCount(1);

  await editor.locator('[data-action=publish]').click();
  await expect(page.getByText(zh('editor.published'))).toBeVisible();

  // The viewer: the camera plays, the values follow the simulator, the switch writes after confirming.
  await page.goto(`/scada_view?id=${id}`);
  const view = page.locator('[data-page=scada-view]');
  const player = view.locator('atrium-video-player');
  await expect.poll(async () => (await videos(player))[0]?.width ?? 0, { timeout: 25000 }).toBeGreaterThan(0);
  const temp = view.locator(`[data-kind=point]`).first().locator('[data-value]');
  await expect(temp).not.toHaveAttribute('data-value', '');
  const first = await temp.getAttribute('data-value');
  await expect
    .poll(
      async () => {
        await post(baseURL!, '/__test/points/tick');
        return temp.getAttribute('data-value');
      },
      { timeout: 15000 },
    )
    .not.toBe(first);
  const fan = view.locator('[data-part=switch]');
  const was = await fan.getAttribute('aria-pressed');
  await fan.click();
  const confirm = view.getByRole('alertdialog');
  await expect(confirm).toContainText('fan');
  await confirm.locator('[data-action=confirm-write]').click();
  await expect(fan).toHaveAttribute('aria-pressed', was === 'true' ? 'false' : 'true');
});

async function publishedPage(base: string, token: string, deviceId: number): Promise<{ id: number; name: string }> {
  const made = (await call(base, token, 'POST', '/api/scada/page', { body: { name: `Embed ${Date.now() % 100000}`, description: '' } })).data as { id: number; name: string };
  const doc = { width: 800, height: 450, background: '', elements: [{ id: 'p1', kind: 'point', x: 20, y: 20, w: 160, h: 60, rotate: 0, deviceId, code: 'temp' }, { id: 's1', kind: 'state', x: 20, y: 100, w: 160, h: 32, rotate: 0, deviceId }] };
  expect((await call(base, token, 'PUT', `/api/scada/page/${made.id}/draft`, { body: { revision: 1, doc } })).code).toBe(0);
  expect((await call(base, token, 'POST', `/api/scada/page/${made.id}/publish`, { body: {} })).code).toBe(0);
  await post(base, '/__test/points/tick');
  return made;
}

test('the embed page shows a published page live with one poll per tab', async ({ page, baseURL }) => {
  const [fcu] = await fanCoils(baseURL!);
  const token = await apiSignIn(baseURL!);
  const made = await publishedPage(baseURL!, token, fcu!.id);

  await page.goto(`/embed/scada-page.html?page=${made.id}&token=${encodeURIComponent(token)}`);
  const el = page.locator('atrium-scada-page');
  await expect(el.locator('[data-kind=point] [data-value]')).not.toHaveAttribute('data-value', '', { timeout: 15000 });
  await expect(el.locator('[data-kind=state] [data-status]')).toHaveAttribute('data-status', /online|offline|unknown/);
  // One poll per page per tab, however many elements: the page's feed requests, read from the browser's
  // own record once three more have come, are one every 750 ms (never two at once, never faster).
  const feed = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/live')).map((e) => e.startTime));
  const before = (await feed()).length;
  await expect.poll(async () => (await feed()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 3);
  const starts = await feed();
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  expect(gaps.length).toBeGreaterThanOrEqual(3);
  expect(Math.min(...gaps), `gaps between feed requests: ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`).toBeGreaterThan(600);
  // A page of another tenant does not render here.
  const admin2 = await apiSignIn(baseURL!, 'admin2');
  await page.goto(`/embed/scada-page.html?page=${made.id}&token=${encodeURIComponent(admin2)}`);
  await expect(page.locator('atrium-scada-page [role=alert]')).toContainText('组态画面不存在');
});

test('a page saved as a template, and a new page from it bound to another device', async ({ page, baseURL }) => {
  const [fcu, other] = await fanCoils(baseURL!);
  const token = await apiSignIn(baseURL!);
  const made = await publishedPage(baseURL!, token, fcu!.id);
  await signIn(page, 'admin', { to: '/scada/index' });
  const row = page.locator('[data-page=scada] tbody tr[data-row]', { hasText: made.name });
  await row.locator('[data-action=template]').click();
  const prompt = page.getByTestId('scada-template-prompt');
  await prompt.locator('input').fill(`T ${made.name}`);
  await prompt.locator('button[type=submit]').click();
  await expect(prompt).toBeHidden();
  await page.goto('/scada/template');
  const trow = page.locator('[data-page=scada-template] tbody tr[data-row]', { hasText: `T ${made.name}` });
  await trow.locator('[data-action=use]').click();
  const dialog = page.getByTestId('scada-from-template');
  await pick(dialog.locator(`[data-map-device="${fcu!.id}"]`), `${other!.code} · `);
  await dialog.locator('[data-field=name]').fill(`${made.name} copy`);
  await dialog.locator('[data-action=create-from-template]').click();
  await expect(dialog).toBeHidden();
  const pages = (await call(baseURL!, token, 'POST', '/api/scada/page/page', { body: { page: 1, limit: 50, keyword: `${made.name} copy` } })).data.rows as Array<{ id: number }>;
  const copy = (await call(baseURL!, token, 'GET', `/api/scada/page/${pages[0]!.id}`)).data as { doc: { elements: Array<{ deviceId?: number }> } };
  expect(copy.doc.elements.map((e) => e.deviceId)).toEqual([other!.id, other!.id]);
});
