// The kit's reference page, served by the platform at /widgets/docs/ (issue 41): generated from the
// same custom-elements.json the kit ships (widgets/manifest.ts), so the page cannot drift from the
// manifest. One section per element — attributes, properties, methods, events, its own CSS variables —
// then the theme variables every widget reads, and a live example that runs against the platform
// serving the page (the bell, the task badge and camera 1, signed in through the console's session).
// The page obeys the platform's CSP: no inline script or style (docs.css beside it, the kit by <script src>).

interface Named {
  name: string;
  description?: string;
  type?: { text: string };
}

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  attributes?: Array<Named & { fieldName?: string }>;
  members?: Array<Named & { kind: string; attribute?: string }>;
  events?: Named[];
  cssProperties?: Named[];
}

interface Manifest {
  modules: Array<{ path: string; declarations?: Declaration[] }>;
}

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const th = head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<td><code>${esc(cell)}</code></td>` : `<td>${esc(cell)}</td>`)).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The elements the manifest declares, with the module each is loaded from. */
export function elementsOf(manifest: Manifest): Array<Declaration & { tagName: string; path: string }> {
  return manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.customElement && d.tagName).map((d) => ({ ...d, tagName: d.tagName!, path: m.path })));
}

/** index.html of /widgets/docs/ from the manifest. */
export function docsPage(manifest: Manifest): string {
  const elements = elementsOf(manifest);
  // Theme variables every widget reads are listed once, after the elements.
  const shared = elements.length
    ? (elements.filter((e) => e.tagName !== 'atrium-session').reduce<Set<string> | null>((acc, e) => {
        const names = new Set((e.cssProperties ?? []).map((c) => c.name));
        return acc ? new Set([...acc].filter((n) => names.has(n))) : names;
      }, null) ?? new Set<string>())
    : new Set<string>();
  const themeVars = (elements.find((e) => (e.cssProperties ?? []).length > 0)?.cssProperties ?? []).filter((c) => shared.has(c.name));

  const sections = elements.map((e) => {
    const own = (e.cssProperties ?? []).filter((c) => !shared.has(c.name));
    const fields = (e.members ?? []).filter((m) => m.kind === 'field' && !m.attribute);
    const methods = (e.members ?? []).filter((m) => m.kind === 'method');
    return [
      `<section id="${esc(e.tagName)}" aria-labelledby="${esc(e.tagName)}-title">`,
      `<h2 id="${esc(e.tagName)}-title"><code>&lt;${esc(e.tagName)}&gt;</code></h2>`,
      `<p>${esc(e.summary ?? '')}</p>`,
      `<pre><code>&lt;script type="module" src="/widgets/${esc(e.path)}"&gt;&lt;/script&gt;\n&lt;${esc(e.tagName)}&gt;&lt;/${esc(e.tagName)}&gt;</code></pre>`,
      (e.attributes ?? []).length ? `<h3>Attributes</h3>\n${table(['attribute', 'property', 'type', 'meaning'], (e.attributes ?? []).map((a) => [a.name, a.fieldName ?? '—', a.type?.text ?? '', a.description ?? '']))}` : '',
      fields.length ? `<h3>Properties</h3>\n${table(['property', 'type', 'meaning'], fields.map((f) => [f.name, f.type?.text ?? '', f.description ?? '']))}` : '',
      methods.length ? `<h3>Methods</h3>\n${table(['method', 'meaning'], methods.map((m) => [`${m.name}()`, m.description ?? '']))}` : '',
      (e.events ?? []).length ? `<h3>Events</h3>\n${table(['event', 'type', 'when'], (e.events ?? []).map((ev) => [ev.name, ev.type?.text ?? '', ev.description ?? '']))}` : '',
      own.length ? `<h3>CSS variables of its own</h3>\n${table(['variable', 'meaning'], own.map((c) => [c.name, c.description ?? '']))}` : '',
      '</section>',
    ]
      .filter(Boolean)
      .join('\n');
  });

  const toc = elements.map((e) => `<li><a href="#${esc(e.tagName)}"><code>&lt;${esc(e.tagName)}&gt;</code></a></li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Atrium widget kit: element reference</title>
<link rel="stylesheet" href="docs.css">
</head>
<body>
<header><h1>Atrium widget kit</h1><p>Every element of the kit, generated from <a href="../custom-elements.json">custom-elements.json</a>. Types: <a href="../atrium.d.ts">atrium.d.ts</a>, <a href="../atrium-react.d.ts">React</a>, <a href="../atrium-vue.d.ts">Vue</a>. How to embed: docs/embedding.md.</p></header>
<nav aria-label="Elements"><ul>
${toc}
<li><a href="#theme">Theme variables</a></li>
<li><a href="#live">Live example</a></li>
</ul></nav>
<main>
<section id="live" aria-labelledby="live-title" class="live">
<h2 id="live-title">Live example</h2>
<p>These run against this platform. Signed in to the console in this browser, they show your tenant's alarms, tasks and camera 1; otherwise they ask you to sign in.</p>
<div class="live-row">
<atrium-alarm-bell id="docs-bell"></atrium-alarm-bell>
<atrium-progress-panel id="docs-tasks"></atrium-progress-panel>
</div>
<div class="live-player"><atrium-video-player id="docs-player" camera-id="1"></atrium-video-player></div>
</section>
${sections.join('\n')}
<section id="theme" aria-labelledby="theme-title">
<h2 id="theme-title">Theme variables (every widget)</h2>
<p>Set them on the element or any ancestor; they win over a configured theme's defaults. The value shown is the blue theme's.</p>
${table(['variable', 'meaning'], themeVars.map((c) => [c.name, c.description ?? '']))}
</section>
</main>
<script type="module" src="../atrium-kit.js"></script>
</body>
</html>
`;
}

/** docs.css: the reference page's own look (an external sheet: the platform's CSP allows no inline style). */
export const DOCS_CSS = `body { font: 15px/1.55 system-ui, sans-serif; margin: 0; color: #1f2329; background: #fff; }
header, nav, main { max-width: 1100px; margin: 0 auto; padding: 0 20px; }
header h1 { margin: 24px 0 4px; }
nav ul { display: flex; flex-wrap: wrap; gap: 8px 16px; padding: 0; list-style: none; }
a { color: #0b57d0; }
a:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
section { border-top: 1px solid #d0d4da; padding: 8px 0 16px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #d0d4da; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f2f4f7; }
pre { background: #f2f4f7; padding: 8px 12px; overflow-x: auto; }
.live-row { display: flex; gap: 16px; align-items: center; }
.live-player { width: min(480px, 100%); height: 270px; margin-top: 12px; }
`;
