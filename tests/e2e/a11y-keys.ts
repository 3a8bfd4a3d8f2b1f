// Keyboard-only helpers for the journeys of issue 40: where the focus is (through the kit's shadow
// roots), whether it can be seen (WCAG 2.4.7, with the indicator's contrast against what is next to it
// ≥ 3:1 as WCAG 1.4.11 asks of it), and moving it with Tab alone. No mouse call anywhere.
import { expect, type Page } from '@playwright/test';

export interface Focused {
  /** Tag, id, name attribute, role, accessible text: enough to recognise the element in a message. */
  tag: string;
  name: string;
  role: string;
  label: string;
  text: string;
  testId: string;
  action: string;
  /** The focus indicator's colour against the colour next to it; 0 when there is no indicator. */
  contrast: number;
  indicator: string;
  /** Inside an open modal dialog, or no modal is open. */
  insideModal: boolean;
  visible: boolean;
}

/** What has the focus now, and how its focus indicator reads. */
export function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    if (!el || el === document.body) return null;

    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA | null => {
      const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:,?\s*\/?\s*([\d.]+))?\)/.exec(c);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const over = (top: RGBA, below: RGBA): RGBA => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as RGBA;
    const parentOf = (n: Element): Element | null => n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
    /** The colour behind `start`: its own background (or its ancestors'), layered over white. */
    const backdrop = (start: Element | null): RGBA => {
      const layers: RGBA[] = [];
      for (let n = start; n; n = parentOf(n)) {
        const bg = parse(getComputedStyle(n).backgroundColor);
        if (bg && bg[3] > 0) {
          layers.push(bg);
          if (bg[3] >= 1) break;
        }
      }
      return layers.reduceRight<RGBA>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const lum = ([r, g, b]: RGBA) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };

    const cs = getComputedStyle(el);
    let contrast = 0;
    let indicator = 'none';
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) {
      // An outline drawn inside the element (negative offset) sits on its own background, else on the parent's.
      const next = parseFloat(cs.outlineOffset) < 0 ? backdrop(el) : backdrop(parentOf(el));
      const colour = parse(cs.outlineColor);
      if (colour) {
        contrast = ratio(over(colour, next), next);
        indicator = `outline ${cs.outlineWidth} ${cs.outlineColor}`;
      }
    }
    if (contrast < 3 && cs.boxShadow !== 'none') {
      const colour = parse(cs.boxShadow);
      const inset = cs.boxShadow.includes('inset');
      const next = inset ? backdrop(el) : backdrop(parentOf(el));
      if (colour) {
        const c = ratio(over(colour, next), next);
        if (c > contrast) {
          contrast = c;
          indicator = `box-shadow ${cs.boxShadow}`;
        }
      }
    }
    const modal = [...document.querySelectorAll('dialog[open], [aria-modal=true]')].filter((d) => (d as HTMLElement).offsetParent !== null || d.tagName === 'DIALOG').pop();
    const rect = el.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('name') ?? '',
      role: el.getAttribute('role') ?? '',
      label: el.getAttribute('aria-label') ?? '',
      text: (el.textContent ?? '').trim().slice(0, 60),
      testId: el.getAttribute('data-testid') ?? '',
      action: el.getAttribute('data-action') ?? '',
      contrast: Math.round(contrast * 100) / 100,
      indicator,
      insideModal: !modal || modal.contains(el) || (el.getRootNode() as ShadowRoot).host?.closest?.('dialog, [aria-modal=true]') === modal,
      visible: rect.width > 0 && rect.height > 0,
    };
  });
}

const describe = (f: Focused | null) => (f ? `<${f.tag}${f.testId ? ` data-testid=${f.testId}` : ''}${f.name ? ` name=${f.name}` : ''}> "${f.label || f.text}"` : 'nothing');

/** The focused element shows a focus indicator with ≥ 3:1 contrast to what is next to it. */
export async function expectFocusVisible(page: Page): Promise<Focused> {
  const f = await focused(page);
  expect(f, 'something has the focus').not.toBeNull();
  expect(f!.visible, `${describe(f)} is on screen`).toBe(true);
  expect(f!.contrast, `focus indicator of ${describe(f)} (${f!.indicator}) contrasts ≥ 3:1`).toBeGreaterThanOrEqual(3);
  expect(f!.insideModal, `${describe(f)} is not behind an open modal`).toBe(true);
  return f!;
}

/**
 * Presses `key` (Tab by default) until the focused element matches `want`, checking at every stop on
 * the way that the focus can be seen and is not behind a modal. Fails after `max` presses.
 */
export async function tabTo(page: Page, want: (f: Focused) => boolean, what: string, options: { key?: string; max?: number } = {}): Promise<Focused> {
  const key = options.key ?? 'Tab';
  const max = options.max ?? 40;
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await expectFocusVisible(page);
    if (want(f)) return f;
    seen.push(describe(f));
  }
  throw new Error(`${what} not reached with ${key} in ${max} presses; passed: ${seen.join(', ')}`);
}
