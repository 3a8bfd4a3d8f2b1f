// The kit's custom-elements manifest and element types, generated from the JSDoc block on each
// widgets/<name>/<name>.element.ts (STYLE.md: the element file's JSDoc is the public API):
//   @summary text · @attr name - text · @prop name - text · @event atrium-x - text ·
//   @method name() - text · @cssproperty --atrium-x - text
// Attribute kinds come from the defineWidget `props` literal, event details from AtriumEventMap,
// and the theme variables every widget reads from the theme's token tree.
//   node widgets/manifest.ts          rewrites widgets/custom-elements.d.ts (a unit test keeps it current)
//   vite build --mode kit             also emits dist/widgets/custom-elements.json and atrium.d.ts
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatten } from '../shared/theme/contract.ts';
import { blueTheme } from '../shared/theme/tokens.ts';

export interface Doc {
  name: string;
  description: string;
  type?: string;
}

export interface ElementDoc {
  tag: string;
  className: string;
  module: string;
  summary: string;
  attributes: Array<Doc & { prop: string; kind: string }>;
  properties: Array<Doc & { kind: string }>;
  events: Doc[];
  methods: Doc[];
  cssProperties: Doc[];
}

const TS_TYPE: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', json: 'unknown' };
const camel = (s: string) => s.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The kit's public CSS variables with their blue-theme defaults. */
export function themeVariables(): Doc[] {
  return Object.entries(flatten(blueTheme)).map(([name, value]) => ({ name, description: `Theme token (blue theme: ${value})` }));
}

function eventTypes(root: string): Record<string, string> {
  const text = readFileSync(join(root, 'shared/element/events.ts'), 'utf8');
  const map = /interface AtriumEventMap \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const m of map.matchAll(/'(atrium-[\w-]+)':\s*(\{[^}]*\}|[^;]+);/g)) out[m[1]!] = m[2]!.trim().replace(/\s+/g, ' ');
  return out;
}

function parseTags(block: string): Array<{ tag: string; text: string }> {
  const lines = block
    .split('\n')
    .map((l) => l.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\*\/\s*$/, ''));
  const tags: Array<{ tag: string; text: string }> = [];
  let current: { tag: string; text: string } | null = null;
  for (const line of lines) {
    const m = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (m) {
      current = { tag: m[1]!, text: m[2]! };
      tags.push(current);
    } else if (current && line.trim()) current.text += ' ' + line.trim();
  }
  return tags;
}

/** "name - text" or "name text" → [name, text]. */
function nameAndText(text: string): [string, string] {
  const m = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(text.trim());
  return [m?.[1] ?? '', (m?.[2] ?? '').trim()];
}

export function readElements(root: string): ElementDoc[] {
  const events = eventTypes(root);
  const out: ElementDoc[] = [];
  for (const dir of readdirSync(join(root, 'widgets'), { withFileTypes: true })) {
    const module = `widgets/${dir.name}/${dir.name}.element.ts`;
    if (!dir.isDirectory() || !existsSync(join(root, module))) continue;
    const code = readFileSync(join(root, module), 'utf8');
    const def = /(\/\*\*[\s\S]*?\*\/)\s*export const (\w+)\s*=\s*defineWidget/.exec(code);
    const tag = /tag:\s*'([\w-]+)'/.exec(code)?.[1];
    if (!tag) continue;
    const kinds: Record<string, string> = {};
    const props = /props:\s*\{([^}]*)\}/.exec(code)?.[1] ?? '';
    for (const m of props.matchAll(/(\w+):\s*'(\w+)'/g)) kinds[m[1]!] = m[2]!;
    const doc: ElementDoc = {
      tag,
      className: def?.[2] ?? camel(`-${tag}`),
      module,
      summary: '',
      attributes: [],
      properties: [],
      events: [],
      methods: [],
      cssProperties: [],
    };
    for (const { tag: t, text } of def ? parseTags(def[1]!) : []) {
      const [name, description] = nameAndText(text);
      if (t === 'summary') doc.summary = text.trim();
      else if (t === 'attr') {
        const prop = camel(name);
        doc.attributes.push({ name, prop, kind: name === 'theme' ? 'string' : (kinds[prop] ?? 'string'), description });
      } else if (t === 'prop') doc.properties.push({ name, kind: kinds[name] ?? 'json', description });
      else if (t === 'event') doc.events.push({ name, description, type: events[name] ?? 'unknown' });
      else if (t === 'method') doc.methods.push({ name: name.replace(/\(\)$/, ''), description });
      else if (t === 'cssproperty') doc.cssProperties.push({ name, description });
    }
    out.push(doc);
  }
  return out.sort((a, b) => a.tag.localeCompare(b.tag));
}

/** The custom-elements.json (schema 2.0.0) editors read to complete tags and attributes. */
export function manifest(elements: ElementDoc[]): object {
  const vars = themeVariables();
  return {
    schemaVersion: '2.0.0',
    readme: 'docs/embedding.md',
    modules: [SESSION_MODULE, ...elements.map((e) => ({
      kind: 'javascript-module',
      path: `${e.tag.replace(/^atrium-/, '')}.js`,
      declarations: [
        {
          kind: 'class',
          name: e.className,
          tagName: e.tag,
          customElement: true,
          summary: e.summary,
          attributes: e.attributes.map((a) => ({ name: a.name, fieldName: a.prop, type: { text: TS_TYPE[a.kind] }, description: a.description })),
          members: [
            ...e.attributes.filter((a) => a.name !== 'theme').map((a) => ({ kind: 'field', name: a.prop, type: { text: `${TS_TYPE[a.kind]} | undefined` }, attribute: a.name, description: a.description })),
            ...e.properties.map((p) => ({ kind: 'field', name: p.name, type: { text: TS_TYPE[p.kind] }, description: p.description })),
            ...e.methods.map((m) => ({ kind: 'method', name: m.name, description: m.description })),
          ],
          events: e.events.map((ev) => ({ name: ev.name, type: { text: `CustomEvent<${ev.type}>` }, description: ev.description })),
          cssProperties: [...e.cssProperties, ...vars],
        },
      ],
      exports: [
        { kind: 'js', name: e.className, declaration: { name: e.className } },
        { kind: 'custom-element-definition', name: e.tag, declaration: { name: e.className } },
      ],
    }))],
  };
}

/** <atrium-session>: Atrium.configure() in markup (shared/element/session-element.ts), not a widget file. */
const SESSION_ATTRIBUTES: Array<[string, string, string]> = [
  ['api-base', 'string', "the platform's address ('' or none: the page's own origin)"],
  ['media-base', 'string', "the media server's address"],
  ['token', 'string', "a user's platform token (from POST /jwt/portal/token on the portal's backend)"],
  ['lang', "'zh' | 'en'", 'the widgets\' language (zh by default)'],
  ['theme', "'blue-theme' | 'dark-theme' | 'light-theme'", "the widgets' theme (defaults that --atrium-* variables override)"],
  ['reload-on-logout', 'boolean', 'reload the page after a forced logout'],
];
const SESSION_MODULE = {
  kind: 'javascript-module',
  path: 'atrium-kit.js',
  declarations: [
    {
      kind: 'class',
      name: 'AtriumSessionElement',
      tagName: 'atrium-session',
      customElement: true,
      summary: 'Points every widget of the page at a platform, in markup: the same names as Atrium.configure(). Hidden; changing an attribute applies it.',
      attributes: SESSION_ATTRIBUTES.map(([name, text, description]) => ({ name, type: { text }, description })),
      events: [
        { name: 'atrium-session-expired', type: { text: 'CustomEvent<{ reason: string }>' }, description: 'on document: the platform ended the session (cancellable: cancel it and call Atrium.setToken)' },
        { name: 'atrium-signed-out', type: { text: 'CustomEvent<{ reason: string }>' }, description: 'on document: the session ended here (Atrium.signOut, another tab, or an expiry the page did not take over)' },
      ],
    },
  ],
  exports: [{ kind: 'custom-element-definition', name: 'atrium-session', declaration: { name: 'AtriumSessionElement' } }],
};

/**
 * Element types for TypeScript. `standalone` (for dist/widgets) inlines event details and turns
 * names it cannot import into `unknown`; the in-repo file imports AtriumEventMap instead.
 */
export function declarations(elements: ElementDoc[], standalone: boolean): string {
  const lines = [
    '// Generated by widgets/manifest.ts from the JSDoc of widgets/*/*.element.ts. Do not edit.',
    standalone ? '' : "import type { AtriumEventMap } from '../shared/element/events.ts';",
    '',
  ];
  const iface = (e: ElementDoc) => `Atrium${e.className}`;
  for (const e of elements) {
    lines.push(`/** <${e.tag}>: ${e.summary.replaceAll('*/', '*\\/')} */`);
    const members: string[] = [];
    for (const a of e.attributes) if (a.name !== 'theme') members.push(`  /** \`${a.name}\` attribute. ${a.description} */`, `  ${a.prop}?: ${TS_TYPE[a.kind]};`);
    for (const p of e.properties) members.push(`  /** ${p.description} */`, `  ${p.name}?: ${TS_TYPE[p.kind]};`);
    for (const m of e.methods) members.push(`  /** ${m.description} */`, `  ${m.name}(): unknown;`);
    if (e.events.length) {
      // addEventListener('atrium-play', (e) => e.detail.cameraId) is typed on the element itself.
      const map = `${iface(e)}EventMap`;
      for (const verb of ['addEventListener', 'removeEventListener']) {
        const options = verb === 'addEventListener' ? 'AddEventListenerOptions' : 'EventListenerOptions';
        members.push(
          `  ${verb}<K extends keyof ${map}>(type: K, listener: (this: ${iface(e)}, event: ${map}[K]) => unknown, options?: boolean | ${options}): void;`,
          `  ${verb}<K extends keyof HTMLElementEventMap>(type: K, listener: (this: ${iface(e)}, event: HTMLElementEventMap[K]) => unknown, options?: boolean | ${options}): void;`,
          `  ${verb}(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | ${options}): void;`,
        );
      }
    }
    if (members.length) lines.push(`export interface ${iface(e)} extends HTMLElement {`, ...members, '}', '');
    else lines.push(`export type ${iface(e)} = HTMLElement;`, '');
    if (e.events.length) {
      lines.push(`export interface ${iface(e)}EventMap {`);
      for (const ev of e.events) {
        const detail = standalone ? (ev.type ?? 'unknown').replace(/\b[A-Z]\w*\b/g, 'unknown') : `AtriumEventMap['${ev.name}']`;
        lines.push(`  /** ${ev.description} */`, `  '${ev.name}': CustomEvent<${detail}>;`);
      }
      lines.push('}', '');
    }
  }
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const e of elements) lines.push(`    '${e.tag}': ${iface(e)};`);
  lines.push('  }', '}', '');
  if (!standalone) return lines.join('\n');
  lines.push(
    'export interface AtriumOptions { apiBase?: string; mediaBase?: string; token?: string | null; expiresIn?: number; lang?: "zh" | "en"; theme?: "blue-theme" | "dark-theme" | "light-theme"; reloadOnLogout?: boolean }',
    '/** Why a session ended: `detail` of atrium-session-expired and atrium-signed-out on document. */',
    'export interface AtriumSessionEndDetail { reason: "expired" | "sign-out" | "other-tab" | "logged-elsewhere" }',
    'declare global {',
    '  interface Window {',
    '    Atrium?: {',
    '      configure(options: AtriumOptions): void;',
    '      /** Hands the kit a (fresh) token; expiresIn in seconds (expires_in of the platform\'s answer). */',
    '      setToken(token: string | null, expiresIn?: number): void;',
    '      /** Signs out on the platform, here and in the page\'s other tabs. */',
    '      signOut(): Promise<void>;',
    '      version: string;',
    '    };',
    '  }',
    '  interface DocumentEventMap {',
    '    /** The platform ended the session (cancellable: cancel it and call Atrium.setToken). */',
    "    'atrium-session-expired': CustomEvent<AtriumSessionEndDetail>;",
    '    /** The session ended here (Atrium.signOut, another tab, or an expiry the page did not take over). */',
    "    'atrium-signed-out': CustomEvent<AtriumSessionEndDetail>;",
    '  }',
    '}',
    '',
  );
  return lines.join('\n');
}

/** An attribute's type in markup: numbers may be written as text. */
const markupType = (kind: string): string => (kind === 'number' ? 'number | `${number}`' : (TS_TYPE[kind] ?? 'unknown'));

/**
 * React 19 (`JSX.IntrinsicElements`) or Vue (`GlobalComponents`) declarations of the kit's tags, from
 * the same element docs: each tag with its attributes (kebab-case, typed) and, for React, a ref to the
 * typed element. `from` is where the element types are imported from.
 */
export function frameworkDeclarations(elements: ElementDoc[], framework: 'react' | 'vue', from: string): string {
  const iface = (e: ElementDoc) => `Atrium${e.className}`;
  const attrs = (e: ElementDoc) =>
    [...e.attributes.map((a) => `'${a.name}'?: ${markupType(a.kind)}`), ...(e.attributes.some((a) => a.name === 'theme') ? [] : ["theme?: 'blue-theme' | 'dark-theme' | 'light-theme'"])]
      .map((line) => line.replace("'theme'?: string", "theme?: 'blue-theme' | 'dark-theme' | 'light-theme'"))
      .join('; ');
  const lines = [
    `// Generated by widgets/manifest.ts from the JSDoc of widgets/*/*.element.ts. Do not edit.`,
    `// ${framework === 'react' ? 'React 19: the kit\'s tags in JSX (import type {} from this file, or list it in "types").' : 'Vue 3: the kit\'s tags in templates. Tell the compiler they are custom elements: compilerOptions.isCustomElement = (tag) => tag.startsWith(\'atrium-\').'}`,
    `import type { ${(framework === 'react' ? elements.map(iface) : elements.flatMap((e) => (e.events.length ? [`${iface(e)}EventMap`] : []))).join(', ')} } from '${from}';`,
    framework === 'react' ? "import type { DetailedHTMLProps, HTMLAttributes } from 'react';" : "import type { DefineComponent } from 'vue';",
    '',
  ];
  if (framework === 'react') {
    lines.push("declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
    for (const e of elements) lines.push(`      '${e.tag}': DetailedHTMLProps<HTMLAttributes<${iface(e)}>, ${iface(e)}> & { ${attrs(e)}; class?: string };`);
    lines.push('    }', '  }', '}', '');
  } else {
    // Vue normalizes a component's props to camelCase (`:camera-id` is `cameraId`) and a listener
    // `@atrium-play` to the prop `onAtriumPlay`: the declarations use those names, so vue-tsc checks
    // both spellings of an attribute and the event's detail (tests/types/vue/portal.vue).
    const vueProps = (e: ElementDoc) =>
      [
        ...attrs(e).split('; ').map((line) => line.replace(/^'([^']+)'\?/, (_m, name: string) => `${camel(name)}?`)),
        ...e.events.map((ev) => `on${camel(`-${ev.name}`)}?: (event: ${iface(e)}EventMap['${ev.name}']) => void`),
      ].join('; ');
    lines.push("declare module 'vue' {", '  interface GlobalComponents {');
    for (const e of elements) lines.push(`    '${e.tag}': DefineComponent<{ ${vueProps(e)} }>;`);
    lines.push('  }', '}', '');
  }
  return lines.join('\n');
}

const cell = (s: string) => s.replaceAll('|', '\\|');

/** The reference part of docs/embedding.md: every element, attribute, property, event and variable. */
export function reference(elements: ElementDoc[]): string {
  const out: string[] = [];
  for (const e of elements) {
    out.push(`### \`<${e.tag}>\``, '', e.summary, '');
    const example = e.attributes.filter((a) => a.name !== 'theme').slice(0, 3).map((a) => (a.kind === 'boolean' ? ` ${a.name}` : ` ${a.name}="…"`)).join('');
    out.push('```html', `<script type="module" src="https://atrium.example.com/widgets/${e.tag.replace(/^atrium-/, '')}.js"></script>`, `<${e.tag}${example}></${e.tag}>`, '```', '');
    if (e.attributes.length) {
      out.push('| attribute | property | type | meaning |', '| --- | --- | --- | --- |');
      for (const a of e.attributes) out.push(`| \`${a.name}\` | ${a.name === 'theme' ? '—' : `\`${a.prop}\``} | ${TS_TYPE[a.kind]} | ${cell(a.description)} |`);
      out.push('');
    }
    for (const p of e.properties) out.push(`- property \`${p.name}\` (${TS_TYPE[p.kind]}): ${p.description}`);
    for (const m of e.methods) out.push(`- method \`${m.name}()\`: ${m.description}`);
    if (e.properties.length || e.methods.length) out.push('');
    if (e.events.length) {
      out.push('| event | `detail` | when |', '| --- | --- | --- |');
      for (const ev of e.events) out.push(`| \`${ev.name}\` | \`${cell(ev.type ?? 'unknown')}\` | ${cell(ev.description)} |`);
      out.push('');
    }
    for (const c of e.cssProperties) out.push(`- \`${c.name}\`: ${c.description}`);
  }
  out.push('### CSS variables (every widget)', '', 'Set them on the element or any ancestor; the value shown is the blue theme, the fallback when nothing is set.', '');
  out.push('| variable | blue theme |', '| --- | --- |');
  for (const [name, value] of Object.entries(flatten(blueTheme))) out.push(`| \`${name}\` | \`${cell(value)}\` |`);
  return out.join('\n') + '\n';
}

export const DTS_PATH = 'widgets/custom-elements.d.ts';
/** React and Vue declarations for the in-repo type test (tests/types, outside the main program: the console has its own JSX tags). */
export const REACT_DTS_PATH = 'widgets/types/atrium-react.d.ts';
export const VUE_DTS_PATH = 'widgets/types/atrium-vue.d.ts';
export const DOC_PATH = 'docs/embedding.md';
const START = '<!-- reference:start (generated by `node widgets/manifest.ts`) -->';
const END = '<!-- reference:end -->';

/** docs/embedding.md with its generated reference part replaced. */
export function withReference(doc: string, elements: ElementDoc[]): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) return doc;
  return `${doc.slice(0, from + START.length)}\n\n${reference(elements)}\n${doc.slice(to)}`;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const elements = readElements(root);
  writeFileSync(join(root, DTS_PATH), declarations(elements, false));
  writeFileSync(join(root, REACT_DTS_PATH), frameworkDeclarations(elements, 'react', '../custom-elements.d.ts'));
  writeFileSync(join(root, VUE_DTS_PATH), frameworkDeclarations(elements, 'vue', '../custom-elements.d.ts'));
  const doc = join(root, DOC_PATH);
  if (existsSync(doc)) writeFileSync(doc, withReference(readFileSync(doc, 'utf8'), elements));
  console.log(`wrote ${DTS_PATH} and the reference in ${DOC_PATH}`);
}
