// Vite plugin: hands the build's compiled CSS to kit-css.ts as a string (see there for why).
//   console build (one CSS file): the whole text replaces a placeholder in kit-css.ts;
//   kit build (perChunk, with cssCodeSplit): each chunk ends by adding its own CSS to the page-wide
//   sheet, so a widget's styles load with the widget.
import type { Plugin } from 'vite';

const ID = 'virtual:atrium-kit-css';
const RESOLVED = '\0atrium-kit-css';
const PLACEHOLDER = '__ATRIUM_KIT_CSS__';

interface ChunkCssMeta {
  viteMetadata?: { importedCss?: Set<string> };
}

export function atriumKitCss(options: { dropCssFiles?: boolean; perChunk?: boolean } = {}): Plugin {
  let serve = false;
  return {
    name: 'atrium-kit-css',
    // After Vite's own CSS plugin has put the bundle's CSS asset in place.
    enforce: 'post',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return serve ? 'export default null;' : `export default ${JSON.stringify(PLACEHOLDER)};`;
    },
    generateBundle(_options, bundle) {
      const cssOf = (name: string): string => {
        const file = bundle[name];
        if (!file || file.type !== 'asset') return '';
        return typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
      };
      const pattern = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g');
      if (options.perChunk) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          file.code = file.code.replace(pattern, '""');
          const imported = (file as unknown as ChunkCssMeta).viteMetadata?.importedCss;
          const css = [...(imported ?? [])].map(cssOf).join('\n');
          // Appended (not prepended) so the chunk's source map keeps its line and column offsets.
          if (css) file.code += `\n;globalThis[Symbol.for("atrium")].singletons.get("kit-sheet").add(${JSON.stringify(css)});\n`;
        }
      } else {
        let css = '';
        for (const name of Object.keys(bundle)) if (name.endsWith('.css')) css += cssOf(name);
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.code.includes(PLACEHOLDER)) file.code = file.code.replace(pattern, () => JSON.stringify(css));
        }
      }
      // The reference page's own sheet (widgets/docs/docs.css) stays: the page is not a widget.
      if (options.dropCssFiles) for (const name of Object.keys(bundle)) if (name.endsWith('.css') && !name.startsWith('docs/')) delete bundle[name];
    },
  };
}
