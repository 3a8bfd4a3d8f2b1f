// Issue 5 "Checked by": a camera dragged into pane 3 plays there and survives a reload, marked
// active; closing it survives a reload too; the stored value has the SPEC shape; keyboard placement;
// moving a camera between panes keeps its stream; two tabs keep each other's panes; no video:play.
import { expect, test } from './fixtures.ts';
import { clearRequests, REQUEST_PATH, requestsTo, SHUT_PATH, signIn } from './video-helpers.ts';
import { openWall, pane, paneIsPlaying, resetWall, row, storedWall } from './wall-helpers.ts';

test.describe('video wall', () => {
  test('drag into pane 3, reload, close, reload; the stored value has the SPEC shape', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await resetWall(baseURL!, admin);
    let wall = await openWall(page, admin);
    const camera = row(wall, 3);
    await expect(camera).toBeVisible();
    const name = (await camera.locator('span').first().textContent())!;
    await camera.dragTo(pane(wall, 3).locator('[data-role=drop]'));

    await expect(pane(wall, 3)).toHaveAttribute('data-camera-id', '3');
    await expect.poll(() => paneIsPlaying(wall, 3), { timeout: 15000 }).toBe(true);
    await expect(row(wall, 3)).toHaveAttribute('data-active', 'true');
    // The list row went back where it was (React still owns it) and no copy was left behind.
    await expect(wall.locator('[role=option][data-camera-id="3"]')).toHaveCount(1);

    await expect.poll(async () => (await storedWall(baseURL!, admin))?.customValue ?? '').toContain('"type":3');
    const stored = (await storedWall(baseURL!, admin))!;
    expect(stored.customKey).toBe('videoWallConfig');
    expect(typeof stored.id).toBe('number');
    const slots = JSON.parse(stored.customValue) as unknown[];
    expect(slots).toEqual([
      { id: 3, name: expect.stringContaining(name), label: 'CAM-003', type: 3, params: { disableYunControl: expect.any(Boolean) } },
    ]);
    // name = camera name plus its group path.
    expect((slots[0] as { name: string }).name).toMatch(/\((总部园区 \/ A栋|Headquarters campus \/ Building A)\)$/);

    await page.reload();
    wall = await openWall(page, admin);
    await expect(pane(wall, 3)).toHaveAttribute('data-camera-id', '3');
    await expect.poll(() => paneIsPlaying(wall, 3), { timeout: 15000 }).toBe(true);
    await expect(row(wall, 3)).toHaveAttribute('data-active', 'true');
    for (const n of [1, 2, 4]) await expect(pane(wall, n)).toHaveAttribute('data-camera-id', '');

    await clearRequests(baseURL!);
    await pane(wall, 3).locator('[data-action=close]').click();
    await expect(pane(wall, 3)).toHaveAttribute('data-status', 'empty');
    await expect(row(wall, 3)).toHaveAttribute('data-active', 'false');
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length).toBe(1);
    await expect.poll(async () => (await storedWall(baseURL!, admin))!.customValue).toBe('[]');

    await page.reload();
    wall = await openWall(page, admin);
    await expect(row(wall, 3)).toBeVisible();
    await expect(pane(wall, 3)).toHaveAttribute('data-status', 'empty');
    await expect(pane(wall, 3).locator('video')).toHaveCount(0);
  });

  test('keyboard placement, and a move between panes keeps the stream', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await resetWall(baseURL!, admin);
    const wall = await openWall(page, admin);
    const list = wall.locator('[data-role=camera-list]');
    await expect(row(wall, 1)).toBeVisible();
    await list.focus();
    // Row 1 is focused first; ArrowDown twice reaches camera 3; "2" puts it in pane 2. Each key waits
    // for the list to show where it stands, as a user watching the highlight would.
    await expect(row(wall, 1)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(row(wall, 2)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(row(wall, 3)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('2');
    await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', '3');
    // Enter then a pane button.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await pane(wall, 4).locator('[data-action=place]').click();
    await expect(pane(wall, 4)).toHaveAttribute('data-camera-id', '4');
    await expect.poll(() => paneIsPlaying(wall, 2), { timeout: 15000 }).toBe(true);
    await expect.poll(() => paneIsPlaying(wall, 4), { timeout: 15000 }).toBe(true);

    await clearRequests(baseURL!);
    // Camera 3 is on the wall already: placing it in pane 1 moves it, the same player with it.
    await list.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('1');
    await expect(pane(wall, 1)).toHaveAttribute('data-camera-id', '3');
    await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', '');
    await expect.poll(() => paneIsPlaying(wall, 1), { timeout: 10000 }).toBe(true);
    expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(0);
    expect(await requestsTo(baseURL!, SHUT_PATH)).toHaveLength(0);

    // Replacing pane 4's camera shuts the old stream and requests one new one.
    await row(wall, 5).click();
    await list.focus();
    await page.keyboard.press('4');
    await expect(pane(wall, 4)).toHaveAttribute('data-camera-id', '5');
    await expect.poll(async () => (await requestsTo(baseURL!, SHUT_PATH)).length).toBe(1);
    await expect.poll(() => paneIsPlaying(wall, 4), { timeout: 15000 }).toBe(true);
    expect(await requestsTo(baseURL!, REQUEST_PATH)).toHaveLength(1);
    const slots = JSON.parse((await storedWall(baseURL!, admin))!.customValue) as Array<{ id: number; type: number }>;
    expect(slots.map((s) => [s.id, s.type])).toEqual([[3, 1], [5, 4]]);
  });

  test('two tabs editing the wall keep each other\'s panes', async ({ browser, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await resetWall(baseURL!, admin);
    const context = await browser.newContext({ baseURL });
    const [a, b] = [await context.newPage(), await context.newPage()];
    const wallA = await openWall(a, admin);
    const wallB = await openWall(b, admin);
    await expect(row(wallA, 1)).toBeVisible();
    await expect(row(wallB, 2)).toBeVisible();

    await a.bringToFront();
    await row(wallA, 1).dragTo(pane(wallA, 1).locator('[data-role=drop]'));
    await expect.poll(async () => (await storedWall(baseURL!, admin))!.customValue).toContain('"id":1');
    // Tab B still shows the wall as it was; its change is saved on top of A's, not over it.
    await b.bringToFront();
    await row(wallB, 2).dragTo(pane(wallB, 2).locator('[data-role=drop]'));
    await expect.poll(async () => JSON.parse((await storedWall(baseURL!, admin))!.customValue).map((s: { id: number }) => s.id)).toEqual([1, 2]);
    await expect(pane(wallB, 1)).toHaveAttribute('data-camera-id', '1');
    await expect(b.getByText(/changed in another tab/)).toBeVisible();

    // And A, now stale, keeps B's pane when it saves again.
    await a.bringToFront();
    await row(wallA, 4).dragTo(pane(wallA, 4).locator('[data-role=drop]'));
    await expect.poll(async () => JSON.parse((await storedWall(baseURL!, admin))!.customValue).map((s: { id: number; type: number }) => [s.id, s.type])).toEqual([[1, 1], [2, 2], [4, 4]]);
    await expect(pane(wallA, 2)).toHaveAttribute('data-camera-id', '2');
    await context.close();
  });

  test('without video:play the wall explains instead of showing broken panes', async ({ page, baseURL }) => {
    // viewer has no video menu or right at all; the wall says why instead of opening panes.
    const viewer = await signIn(baseURL!, 'viewer', 'viewer123');
    const wall = await openWall(page, viewer);
    await expect(wall.locator('[data-status=no-play-right]')).toContainText('video:play');
    await expect(wall.locator('[data-pane]')).toHaveCount(0);
  });
});
