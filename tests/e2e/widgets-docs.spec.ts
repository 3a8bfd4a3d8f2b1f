// Issue 41 "Types and docs for frameworks": the platform serves the kit's element reference at
// /widgets/docs/, generated from the custom-elements.json it ships, with a live example that runs
// against the platform (signed in through the console's session in the same browser).
import { expect, test } from './fixtures.ts';
import { signIn } from './console-helpers.ts';
import { waitForPlayback } from './video-helpers.ts';

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Array<{ name: string }>;
  events?: Array<{ name: string }>;
}

test('the element reference at /widgets/docs/ documents every element of the manifest, and its live bell and camera work', async ({ page }) => {
  await signIn(page, 'admin');
  const manifest = (await (await page.request.get('/widgets/custom-elements.json')).json()) as { modules: Array<{ declarations?: Declaration[] }> };
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
  expect(elements.length).toBeGreaterThanOrEqual(7);

  await page.goto('/widgets/docs/');
  await expect(page).toHaveTitle(/element reference/);
  for (const e of elements) {
    const section = page.locator(`section#${e.tagName}`);
    await expect(section.getByRole('heading', { level: 2 }), e.tagName!).toHaveText(`<${e.tagName}>`);
    for (const a of e.attributes ?? []) await expect(section.locator('td code', { hasText: new RegExp(`^${a.name}$`) }).first(), `${e.tagName} ${a.name}`).toBeVisible();
    for (const ev of e.events ?? []) await expect(section.locator('td code', { hasText: new RegExp(`^${ev.name}$`) }).first(), `${e.tagName} ${ev.name}`).toBeVisible();
  }
  await expect(page.locator('section#theme td code', { hasText: /^--atrium-color-primary$/ })).toBeVisible();

  // The live example: the tenant's alarm count in the bell and camera 1 playing.
  await expect(page.locator('#docs-bell [data-part=count]')).toHaveText(/^\d+\+?$/);
  await waitForPlayback(page, page.locator('#docs-player'));
});
