// Vite plugin for `vite build --mode kit`: the kit's entries, its once-per-page loading, and which
// texts ride with which widget.
//
// Entries. dist/widgets/<name>.js (and atrium-kit.js) are tiny stubs; the real code is
// dist/widgets/chunks/<name>.js plus hashed shared chunks. The first stub to run records its folder
// on globalThis[Symbol.for('atrium')]; every later stub — even one loaded from another URL or with a
// cache-busting query — imports the real module from that first folder. So a page that loads the kit
// twice runs one module graph: one React, one valtio, one session, one poller, each tag defined once.
// (Two graphs could not share state anyway: valtio keeps its proxies in a module-private WeakMap.)
//
// Texts. The core chunk carries only the texts every widget shows (common, http); the lazily loaded sign-in prompt brings login and the date field date; a
// widget's own domains are added to the i18next instance by its chunk, so a bell does not carry the
// device list's or the video player's texts, and the console-only domains never enter the kit.
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** Text domains in the core chunk. */
export const CORE_TEXTS = ['common', 'http'];
/** Domains that arrive with a lazily loaded module of the kit (the sign-in prompt, the date field). */
const LAZY_TEXTS: Record<string, string> = { 'shared/element/sign-in.tsx': 'login', 'shared/forms/date-range-field.tsx': 'date' };
/**
 * Modules a widget imports lazily that use the core's libraries (React, i18next, the theme). Each is
 * made to import boot.ts too: a lazy chunk that reaches only part of the core would make the bundler
 * split the core into two chunks (about 1.5 KB more gzip for every page), although the widget that
 * loads it has the whole core already.
 */
const LAZY_ON_CORE = ['widgets/video-player/range-panel.tsx', 'shared/element/notices-view.tsx'];
/** Console-only domains: never in the kit. */
const CONSOLE_TEXTS = ['shell', 'admin'];
/** Each widget's own domains; a widget not listed gets every kit domain (safe, only larger). */
const WIDGET_TEXTS: Record<string, string[]> = {
  'alarm-bell': ['alarm'],
  'progress-panel': ['progress', 'tasks', 'status'],
  'device-list': ['device', 'validate', 'status'],
  'video-player': ['video', 'media'],
  'video-wall': ['video', 'media', 'wall'],
  'scada-page': ['scada'],
};

const STUB = '\0atrium-stub:';
const REAL = '\0atrium-entry:';
const TEXTS = '\0atrium-texts:';

export function widgetNames(root: string): string[] {
  return readdirSync(resolve(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(root, 'widgets', d.name, `${d.name}.element.ts`)))
    .map((d) => d.name)
    .sort();
}

/** Rollup input: public stubs at the top, real entries under chunks/. */
export function kitInput(root: string): Record<string, string> {
  const input: Record<string, string> = {};
  for (const name of ['atrium-kit', ...widgetNames(root)]) {
    input[name] = `${STUB}${name}`;
    input[`chunks/${name}`] = `${REAL}${name}`;
  }
  return input;
}

function stubCode(name: string): string {
  return `// Loads the kit's ${name} once per page, from the folder of the first Atrium script that ran.
const reg = globalThis[Symbol.for('atrium')] || (globalThis[Symbol.for('atrium')] = { singletons: new Map() });
const own = new URL(/* @vite-ignore */ './', import.meta.url).href;
if (!reg.singletons.has('kit-base')) reg.singletons.set('kit-base', own);
const base = reg.singletons.get('kit-base');
if (!window.Atrium) { const queue = []; window.Atrium = { configure(options) { queue.push(options); }, setToken(token, expiresIn) { queue.push(expiresIn ? { token, expiresIn } : { token }); }, __queue: queue }; }
const load = (from) => import(/* @vite-ignore */ from + 'chunks/${name}.js');
// Another kit version loaded first and lacks this widget: fall back to this copy's own modules.
export const ready = load(base).catch((error) => (base === own ? Promise.reject(error) : load(own)));
export default ready;
`;
}

export function atriumKit(options: { root: string }): Plugin {
  const root = options.root;
  const path = (p: string) => resolve(root, p).replaceAll('\\', '/');
  const kitDomains = readdirSync(path('shared/i18n/resources'))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && f !== 'index.ts' && f !== 'define.ts')
    .map((f) => f.replace(/\.ts$/, ''))
    .filter((d) => !CONSOLE_TEXTS.includes(d) && !CORE_TEXTS.includes(d));
  return {
    name: 'atrium-kit',
    enforce: 'pre',
    resolveId(id) {
      if (id === 'react-i18next') return path('shared/element/react-i18n-lite.tsx');
      return id.startsWith(STUB) || id.startsWith(REAL) || id.startsWith(TEXTS) ? id : null;
    },
    load(id) {
      if (id.startsWith(STUB)) return stubCode(id.slice(STUB.length));
      if (id.startsWith(REAL)) {
        const name = id.slice(REAL.length);
        if (name === 'atrium-kit') return `export * from ${JSON.stringify(path('widgets/index.ts'))};`;
        const element = JSON.stringify(path(`widgets/${name}/${name}.element.ts`));
        return `import ${JSON.stringify(path('shared/element/boot.ts'))};\nexport * from ${element};`;
      }
      if (id.startsWith(TEXTS)) {
        const domain = id.slice(TEXTS.length);
        return `import { i18n } from ${JSON.stringify(path('shared/i18n/index.ts'))};
import texts from ${JSON.stringify(path(`shared/i18n/resources/${domain}.ts`))};
i18n.addResourceBundle('zh', 'translation', texts.zh, true, false);
i18n.addResourceBundle('en', 'translation', texts.en, true, false);`;
      }
      return null;
    },
    transform(code, id) {
      const file = id.replaceAll('\\', '/').replace(/\?.*$/, '');
      if (file === path('shared/i18n/resources/index.ts')) {
        // A whole new module: nothing of the original to map back to.
        return { code: CORE_TEXTS.map((d) => `export { default as ${d} } from './${d}.ts';`).join('\n'), map: { mappings: '' } };
      }
      if (LAZY_ON_CORE.some((module) => file === path(module))) {
        const out = new MagicString(code).append(`\nimport ${JSON.stringify(path('shared/element/boot.ts'))};`);
        return { code: out.toString(), map: out.generateMap({ hires: true }) };
      }
      const lazyDomain = Object.entries(LAZY_TEXTS).find(([module]) => file === path(module))?.[1];
      if (lazyDomain) {
        const out = new MagicString(code).append(`\nimport ${JSON.stringify(TEXTS + lazyDomain)};`);
        return { code: out.toString(), map: out.generateMap({ hires: true }) };
      }
      const element = /\/widgets\/([^/]+)\/\1\.element\.ts$/.exec(file);
      if (element && file.startsWith(path('widgets'))) {
        const domains = WIDGET_TEXTS[element[1]!] ?? kitDomains;
        // Appended: imports are hoisted (the texts are in before defineWidget runs) and lines keep their place.
        const out = new MagicString(code);
        out.append('\n' + domains.map((d) => `import ${JSON.stringify(TEXTS + d)};`).join('\n'));
        return { code: out.toString(), map: out.generateMap({ hires: true }) };
      }
      return null;
    },
  };
}
