// Vite plugin: hands the build's compiled CSS to kit-css.ts as a string (see there for why).
import type { Plugin } from 'vite';

const ID = 'virtual:atrium-kit-css';
const RESOLVED = '\0atrium-kit-css';
const PLACEHOLDER = '__ATRIUM_KIT_CSS__';

export function atriumKitCss(options: { dropCssFiles?: boolean } = {}): Plugin {
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
      let css = '';
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type === 'asset' && name.endsWith('.css')) {
          css += typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          if (options.dropCssFiles) delete bundle[name];
        }
      }
      const pattern = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g');
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes(PLACEHOLDER)) {
          file.code = file.code.replace(pattern, () => JSON.stringify(css));
        }
      }
    },
  };
}
