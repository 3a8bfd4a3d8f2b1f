// Stands in for the `css-styled` package (aliased in vite.config.ts) that react-moveable's styles go
// through. The package writes each component's CSS into a new <style> element, which the console's
// CSP (`style-src 'self'`, no inline styles) blocks — the scada editor's resize and rotate handles
// then have no size or place and cannot be grabbed. Here the same CSS is a constructed style sheet
// adopted by the document (or the shadow root the element lives in): the page's own script builds it
// through the CSSOM, which the CSP does not govern, so the console's policy stays as strict as it is.
// Same interface as the package: styled(css) answers a class name and inject(element) → destroy().

function hash(text: string): string {
  let h = 5381;
  for (let i = text.length - 1; i >= 0; i--) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
}

/** Splits a selector list on its top-level commas (not those inside brackets). */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(from, i));
      from = i + 1;
    }
  }
  out.push(list.slice(from));
  return out;
}

/** The package's scoping: each rule applies inside `.className`; `:host` is the element, `:global` unscoped. */
export function scopeCss(className: string, css: string): string {
  return css.replace(/([^};{\s}][^};{]*|^\s*){/gm, (_, selector: string) => {
    const trimmed = selector.trim();
    const parts = trimmed ? splitSelectors(trimmed) : [''];
    const scoped = parts.map((part) => {
      const s = part.trim();
      if (s.startsWith('@')) return s;
      if (s.includes(':global')) return s.replace(/:global/g, '');
      if (s.includes(':host')) return s.replace(/:host/g, `.${className}`);
      return s ? `.${className} ${s}` : `.${className}`;
    });
    return `${scoped.join(', ')} {`;
  });
}

type Root = Document | ShadowRoot;

/** One sheet per scoped CSS and root, shared by every element using it, dropped with the last. */
const adopted = new Map<string, { sheet: CSSStyleSheet; users: number }>();
const roots = new WeakMap<Root, number>();
let nextRoot = 1;

function rootOf(el: Element): Root {
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root : el.ownerDocument;
}

function keyFor(root: Root, className: string): string {
  if (!roots.has(root)) roots.set(root, nextRoot++);
  return `${roots.get(root)}:${className}`;
}

export default function styled(css: string) {
  const className = `rCS${hash(css)}`;
  return {
    className,
    inject(el: Element, options: { nonce?: string; original?: boolean } = {}) {
      const root = rootOf(el);
      const key = keyFor(root, className);
      let entry = adopted.get(key);
      if (!entry) {
        const view = el.ownerDocument.defaultView ?? window;
        const sheet = new view.CSSStyleSheet();
        sheet.replaceSync(options.original ? css : scopeCss(className, css));
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        entry = { sheet, users: 0 };
        adopted.set(key, entry);
      }
      entry.users++;
      const held = entry;
      let done = false;
      return {
        destroy() {
          if (done) return;
          done = true;
          held.users--;
          if (held.users > 0) return;
          adopted.delete(key);
          root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== held.sheet);
        },
      };
    },
  };
}
