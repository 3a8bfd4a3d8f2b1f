// One accessibility check for every journey: axe over the page (shadow roots included), failing on
// serious or critical violations with a message that names each rule and the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yOptions {
  /** Limit the check to this selector (e.g. the content area); the whole page by default. */
  include?: string;
  /** Selectors axe should skip, each with a reason in the caller (e.g. a third-party canvas). */
  exclude?: string[];
}

/** Runs axe (WCAG 2 A/AA rules) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, `axe on ${label}`).toEqual([]);
}
