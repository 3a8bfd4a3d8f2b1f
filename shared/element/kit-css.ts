// One constructable stylesheet holding the kit's compiled CSS, adopted by every widget's shadow root
// (no <style> tags, so a strict CSP holds). vanilla-extract only writes CSS files, so the build
// hands that text over (vite-kit-css.ts): the console build inlines all of it here; the kit build
// lets each chunk add its own part when it loads (addKitCss), so a bell does not carry the video
// player's styles. Every root adopts the same sheet, so a part added later reaches every widget.
// In dev, Vite's injected <style> tags are mirrored.
import kitCssText from 'virtual:atrium-kit-css';
import { singleton } from '../kit.ts';

interface SheetState {
  sheet: CSSStyleSheet | null;
  observer: MutationObserver | null;
  parts: string[];
  /** Called by each kit chunk with its CSS (through the page-wide registry, see vite-kit-css.ts). */
  add(css: string): void;
}

const state = singleton<SheetState>('kit-sheet', () => ({
  sheet: null,
  observer: null,
  parts: [],
  add(css: string) {
    if (this.parts.includes(css)) return;
    this.parts.push(css);
    this.sheet?.replaceSync(this.parts.join('\n'));
  },
}));

function devCssText(): string {
  return [...document.querySelectorAll<HTMLStyleElement>('style[data-vite-dev-id]')]
    .map((el) => el.textContent ?? '')
    .join('\n');
}

export function kitSheet(): CSSStyleSheet {
  if (state.sheet) return state.sheet;
  const sheet = new CSSStyleSheet();
  if (kitCssText !== null) {
    if (kitCssText) state.parts.unshift(kitCssText);
    sheet.replaceSync(state.parts.join('\n'));
  } else {
    sheet.replaceSync(devCssText());
    // Dev only: styles arrive module by module and change on hot update.
    state.observer = new MutationObserver(() => sheet.replaceSync(devCssText()));
    state.observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  }
  state.sheet = sheet;
  return sheet;
}

export function adoptKitStyles(root: ShadowRoot): void {
  const sheet = kitSheet();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
