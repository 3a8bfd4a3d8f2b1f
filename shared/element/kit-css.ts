// One constructable stylesheet holding the kit's compiled CSS, adopted by every widget's shadow root
// (no <style> tags, so a strict CSP holds). vanilla-extract only writes CSS files, so the build
// inlines that text here (vite-kit-css.ts); in dev, Vite's injected <style> tags are mirrored.
import kitCssText from 'virtual:atrium-kit-css';
import { singleton } from '../kit.ts';

interface SheetState {
  sheet: CSSStyleSheet | null;
  observer: MutationObserver | null;
}

const state = singleton<SheetState>('kit-sheet', () => ({ sheet: null, observer: null }));

function devCssText(): string {
  return [...document.querySelectorAll<HTMLStyleElement>('style[data-vite-dev-id]')]
    .map((el) => el.textContent ?? '')
    .join('\n');
}

export function kitSheet(): CSSStyleSheet {
  if (state.sheet) return state.sheet;
  const sheet = new CSSStyleSheet();
  if (kitCssText !== null) {
    sheet.replaceSync(kitCssText);
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
