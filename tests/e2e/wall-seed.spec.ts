// Issue 5 "Checked by", behaviour at a size a journey can afford: 2000 cameras seeded in one group
// (ATRIUM_SEED_CAMERAS) load into the wall's list in one answer and filter correctly by name and by
// label, with fewer than 300 rows in the DOM. The 20000-camera list and its timings are the wall
// benchmark's (`npm run bench`, tests/bench/wall.ts).
import { expect, test } from './fixtures.ts';
import { call, signIn } from './video-helpers.ts';
import { openWall } from './wall-helpers.ts';

const COUNT = 2000;
// This file's own platform is seeded with them (platformEnv).
test.use({ platformEnv: { ATRIUM_SEED_CAMERAS: String(COUNT) } });

test(`${COUNT} seeded cameras filter by name and by label`, async ({ page, platform }) => {
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
  // By label: BN001234 is exactly one camera.
  await keyword.fill('bn001234');
  await expect(count).toHaveText('1 camera');
  await expect(wall.locator('[role=option]')).toHaveCount(1);
  await expect(wall.locator('[role=option]')).toContainText('BN001234');
  // By name: "North bay 12" matches 120, 1200, 1210 … 1290 only (the zone is North where id % 10 === 0).
  await keyword.fill('north bay 12');
  const expected = Array.from({ length: COUNT }, (_, i) => i + 1).filter((i) => i % 10 === 0 && `north bay ${i}`.startsWith('north bay 12'));
  expect(expected.length).toBe(11);
  await expect(count).toHaveText(`${expected.length} cameras`);
  const names = await wall.locator('[role=option] span:first-child').allTextContents();
  expect(names.length).toBe(expected.length);
  expect(names.every((n) => n.toLowerCase().includes('north bay 12'))).toBe(true);
  // A prefix shared by every label: all of them, still few rows in the DOM.
  await keyword.fill('BN0');
  await expect(count).toHaveText(`${COUNT} cameras`);
  expect(await wall.locator('[role=option]').count()).toBeLessThan(300);
  await keyword.fill('no such camera');
  await expect(count).toHaveText('0 cameras');
});
