// One accessibility check for every journey: axe over the page (shadow roots included), failing on
// serious or critical violations with a message that names each rule and the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Third-party canvases axe cannot read and the product does not draw: their pixels carry no text or
 * control axe could judge, and what they show is named by the product's own element around them.
 *  - echarts draws its charts into a <canvas> of its own (the chart's container is named, see
 *    console/charts/chart.tsx);
 *  - pdf.js renders a document's pages into <canvas> elements (its text layer stays in);
 *  - a <video> element's picture (the player's controls around it stay in).
 */
export const THIRD_PARTY_CANVASES = ['canvas', 'video'];

export interface A11yOptions {
  /** Limit the check to this selector (e.g. the content area); the whole page by default. */
  include?: string;
  /** Selectors axe should skip, each with a reason in the caller (e.g. a third-party canvas). */
  exclude?: string[];
  /**
   * a11yFindingsInPlace only: let axe fetch the page's stylesheets (its CSSOM preload, which only
   * css-orientation-lock needs). A pass of many scans in one page asks for it once, at its last scan,
   * when every page's chunk of CSS is in.
   */
  stylesheets?: boolean;
  /** Also judge WCAG 2.5.3 (axe's experimental label-content-name-mismatch rule); on in the whole-page pass. */
  nameMatch?: boolean;
  /**
   * a11yFindingsInPlace only: judge only the rules a theme can change (COLOUR_RULES), for a page
   * already judged on every rule in another theme.
   */
  coloursOnly?: boolean;
}

/**
 * The WCAG A/AA rules of axe whose outcome depends on colours: text contrast (1.4.3) and a link told
 * from the text around it (1.4.1). The console's themes change colours only (the theme's name on
 * <html> and its two colour variables, console/state/theme-sync.ts), so every other rule comes out the
 * same in each theme.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe (WCAG 2.0/2.1 A and AA rules only) and fails on any serious or critical violation. With
 * `nameMatch`, label-content-name-mismatch (WCAG 2.5.3, experimental in axe and off by default) is
 * switched on: a control that shows a text must carry it in its accessible name.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: A11yOptions = {}): Promise<void> {
  expect(await a11yFindings(page, options), `axe on ${label}`).toEqual([]);
}

/** The serious and critical violations axe finds, one line per rule with the first elements it names. */
export async function a11yFindings(page: Page, options: A11yOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.nameMatch) builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch');
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n  ')}`);
}

/**
 * The same check for a pass of many scans in one page: axe is put into the page once (again only after
 * a full load) and run in place, instead of @axe-core/playwright's fresh injection into every frame and
 * its extra blank page per scan. The console has no frames; open shadow roots (the kit's elements)
 * are walked by axe itself.
 */
export async function a11yFindingsInPlace(page: Page, options: A11yOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, exclude, include, nameMatch, stylesheets, colourRules }) => {
      const w = window as unknown as { axe: typeof axe };
      const context = { include: include ? [include] : [document], exclude } as unknown as axe.ElementContext;
      const result = await w.axe.run(context, {
        runOnly: colourRules ? { type: 'rule', values: colourRules } : { type: 'tag', values: tags },
        rules: nameMatch && !colourRules ? { 'label-content-name-mismatch': { enabled: true } } : {},
        resultTypes: ['violations'],
        preload: stylesheets,
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? '' })) }));
    },
    {
      tags: WCAG_TAGS,
      exclude: options.exclude ?? [],
      include: options.include,
      nameMatch: Boolean(options.nameMatch),
      stylesheets: Boolean(options.stylesheets),
      colourRules: options.coloursOnly ? COLOUR_RULES : null,
    },
  );
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch');
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.summary.split('\n')[1]?.trim() ?? ''}`).join('\n  ')}`);
}
