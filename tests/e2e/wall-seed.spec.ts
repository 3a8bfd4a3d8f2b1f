// Issue 5 "Checked by": 20000 cameras seeded in one group (ATRIUM_SEED_CAMERAS) load into the wall's
// list with limit 20000 and filter correctly by name and by label, with fewer than 300 rows in the DOM.
import { expect, test } from './fixtures.ts';
import { call, signIn } from './video-helpers.ts';
import { openWall, startPlatform } from './wall-helpers.ts';

const COUNT = 20000;
let platform: Awaited<ReturnType<typeof startPlatform>>;

test.beforeAll(async () => {
  test.setTimeout(120000);
  platform = await startPlatform({ ATRIUM_SEED_CAMERAS: String(COUNT) });
});
test.afterAll(async () => platform?.stop());

test('20000 seeded cameras filter by name and by label', async ({ page }) => {
  const admin = await signIn(platform.base, 'admin', 'admin123');
  const tree = (await call(platform.base, admin, 'GET', '/api/admin/dataGrp/tree/0', { query: { type: '7' } })).data as Array<{ id: number; name: string }>;
  const group = tree.find((g) => g.name === 'Bench 20000')!;
  expect(group).toBeTruthy();
  const wall = await openWall(page, admin, `?treeId=${group.id}`, platform.base);
  const count = wall.locator('[data-role=count]');
  await expect(count).toHaveText(`${COUNT} cameras`, { timeout: 20000 });
  expect(await wall.locator('[role=option]').count()).toBeLessThan(300);
  await expect(wall.locator(`[role=treeitem][data-node-id="${group.id}"]`)).toHaveAttribute('aria-selected', 'true');

  const keyword = wall.locator('[data-role=keyword]');
  // By label: BN012345 is exactly one camera.
  await keyword.fill('bn012345');
  await expect(count).toHaveText('1 cameras');
  await expect(wall.locator('[role=option]')).toHaveCount(1);
  await expect(wall.locator('[role=option]')).toContainText('BN012345');
  // By name: "North bay 1234" matches 12340 and 12341…12349 style ids only where the zone is North (id % 10 === 0).
  await keyword.fill('north bay 1234');
  const expected = Array.from({ length: COUNT }, (_, i) => i + 1).filter((i) => i % 10 === 0 && `north bay ${i}`.includes('north bay 1234'));
  await expect(count).toHaveText(`${expected.length} cameras`);
  const names = await wall.locator('[role=option] span:first-child').allTextContents();
  expect(names.every((n) => n.toLowerCase().includes('north bay 1234'))).toBe(true);
  // A prefix shared by every label: all 20000, still few rows in the DOM.
  await keyword.fill('BN0');
  await expect(count).toHaveText(`${COUNT} cameras`);
  expect(await wall.locator('[role=option]').count()).toBeLessThan(300);
  await keyword.fill('no such camera');
  await expect(count).toHaveText('0 cameras');
});
