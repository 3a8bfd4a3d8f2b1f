// Builds the console's service worker: sw.js with this build's version (a hash of the file list)
// and the files to precache (every emitted script, style and asset of the console, and the offline
// page), plus the offline page's own files. The page itself always comes from the network. The widget kit's build (dist/widgets) is not precached:
// portals load it from their own pages, which the worker never answers.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const here = import.meta.dirname;
const OFFLINE_FILES = ['offline.html', 'offline.js', 'offline.css'];
/** Large files only one page loads on demand (the PDF viewer, 1.6 MB): fetched when used, never precached. */
const ON_DEMAND = /^assets\/pdf[.-]/;

export function consoleServiceWorker(): Plugin {
  return {
    name: 'atrium-console-sw',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const name of OFFLINE_FILES) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(join(here, name), 'utf8') });
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map') && !name.startsWith('console/') && name !== 'index.html' && !ON_DEMAND.test(name))
        .concat(OFFLINE_FILES)
        .filter((name, i, all) => all.indexOf(name) === i)
        .sort();
      const version = createHash('sha256')
        .update(files.map((f) => `${f}:${contentOf(bundle[f])}`).join('\n'))
        .digest('hex')
        .slice(0, 16);
      const source = readFileSync(join(here, 'worker.js'), 'utf8').replace('__ATRIUM_SW_VERSION__', version).replace('/*__ATRIUM_SW_FILES__*/ []', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

function contentOf(item: unknown): string {
  if (!item || typeof item !== 'object') return '';
  const i = item as { type?: string; code?: string; source?: string | Uint8Array };
  if (i.type === 'chunk') return createHash('sha1').update(i.code ?? '').digest('hex');
  return createHash('sha1').update(i.source ?? '').digest('hex');
}
