// One Vite config for every build and test:
//   vite build              → the console (dist/index.html + assets)
//   vite build --mode kit   → the widget kit as ES modules with shared chunks (dist/widgets/)
//   vitest                  → unit tests (node); web-test-runner reuses this config for browser tests
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { atriumKitCss } from './shared/element/vite-kit-css.ts';
import { atriumKit, kitInput } from './shared/element/vite-kit.ts';
import { declarations, manifest, readElements, frameworkDeclarations } from './widgets/manifest.ts';
import { DOCS_CSS, docsPage } from './widgets/docs-page.ts';
import { consoleServiceWorker } from './console/sw/vite-sw.ts';

const API = `http://localhost:${process.env.PORT ?? 8080}`;
/**
 * The platform's unit tests that stay isolated when the rest share one module graph per worker (the
 * `server` project below): the media server and its play codes are process-wide (demo/media/index.ts),
 * and with a shared graph a platform of an earlier file answered another media port
 * (media-adapter.test.ts failed).
 */
const ISOLATED_SERVER_TESTS = ['demo/server/video/**/*.test.ts', 'demo/server/settings.test.ts'];

/** The console's page lives in console/, but is served as the site's /index.html. */
function consoleHtmlAtRoot(): Plugin {
  return {
    name: 'atrium-console-html',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['console/index.html'];
      if (page && page.type === 'asset') {
        // Rolldown ignores assignments to the bundle: re-emit the page under its new name instead.
        delete bundle['console/index.html'];
        this.emitFile({ type: 'asset', fileName: 'index.html', source: page.source });
      }
    },
  };
}

/** atrium.js: the classic-script loader, copied beside the ES modules. */
function classicLoader(): Plugin {
  return {
    name: 'atrium-classic-loader',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'atrium.js', source: readFileSync('widgets/atrium-loader.js', 'utf8') });
    },
  };
}

/** Editors and TypeScript users of the built kit: custom-elements.json and atrium.d.ts from the elements' JSDoc. */
function kitManifest(): Plugin {
  return {
    name: 'atrium-kit-manifest',
    generateBundle() {
      const elements = readElements(import.meta.dirname);
      const described = manifest(elements);
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: JSON.stringify(described, null, 2) + '\n' });
      // /widgets/docs/: the element reference page generated from that manifest, with a live example.
      this.emitFile({ type: 'asset', fileName: 'docs/index.html', source: docsPage(described as Parameters<typeof docsPage>[0]) });
      this.emitFile({ type: 'asset', fileName: 'docs/docs.css', source: DOCS_CSS });
      this.emitFile({ type: 'asset', fileName: 'atrium.d.ts', source: declarations(elements, true) });
      // React 19 JSX.IntrinsicElements and Vue GlobalComponents for the kit's tags (issue 41).
      this.emitFile({ type: 'asset', fileName: 'atrium-react.d.ts', source: frameworkDeclarations(elements, 'react', './atrium.js') });
      this.emitFile({ type: 'asset', fileName: 'atrium-vue.d.ts', source: frameworkDeclarations(elements, 'vue', './atrium.js') });
    },
  };
}

export default defineConfig(({ mode }) => {
  const kit = mode === 'kit';
  // ATRIUM_SOURCEMAP=0 (the journeys' build in `npm test`): the same files without their .map files.
  const sourcemap = process.env.ATRIUM_SOURCEMAP !== '0';
  return {
    // react-moveable's styles as sheets adopted through the CSSOM, not <style> elements the console's CSP blocks.
    resolve: { alias: [{ find: /^css-styled$/, replacement: `${import.meta.dirname}/console/pages/app-editor/adopted-styles.ts` }] },
    // Browser tests load modules without an HTML page, so React Fast Refresh's preamble is absent.
    plugins: [
      react(process.env.ATRIUM_BROWSER_TESTS ? { refreshExclude: /./ } : {}),
      vanillaExtractPlugin(),
      atriumKitCss({ dropCssFiles: kit, perChunk: kit }),
      ...(kit ? [atriumKit({ root: import.meta.dirname }), classicLoader(), kitManifest()] : [consoleHtmlAtRoot(), consoleServiceWorker()]),
    ],
    // Library mode leaves process.env alone; without this React ships its development build.
    define: kit ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    optimizeDeps: { entries: ['console/**/*.tsx', 'widgets/**/*.tsx', 'shared/**/*.tsx'] },
    server: {
      proxy: { '/api': API, '/jwt': API, '/upload': API },
    },
    build: kit
      ? {
          outDir: 'dist/widgets',
          emptyOutDir: true,
          // Each chunk carries its own CSS (added to the shared sheet when it loads: vite-kit-css.ts).
          cssCodeSplit: true,
          sourcemap,
          minify: true,
          // Stubs at the top (<name>.js, atrium-kit.js), real entries at chunks/<name>.js: see shared/element/vite-kit.ts.
          lib: { entry: 'widgets/index.ts', formats: ['es'] },
          rollupOptions: {
            input: kitInput(import.meta.dirname),
            // Keep every export of the real entries, so a stub's `ready` resolves to the element classes.
            preserveEntrySignatures: 'strict',
            // Licence comments stay; the bundler's annotations (/* @__PURE__ */) are of no use to a page (issue 41: bell budget).
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
          },
        }
      : {
          outDir: 'dist',
          emptyOutDir: false,
          cssCodeSplit: false,
          sourcemap,
          rollupOptions: { input: { console: 'console/index.html' } },
        },
    test: {
      environment: 'node',
      // One seeded data folder for the run, copied per platform start (demo/server/test-template.ts).
      globalSetup: ['demo/server/test-template.ts'],
      // Three files at once on the two cores: the server tests mostly wait on their platforms
      // (measured: 206 s with three, 294 s with two, 335 s with one). ATRIUM_VITEST_WORKERS changes
      // it. Each platform has its own port and data folder.
      maxWorkers: Number(process.env.ATRIUM_VITEST_WORKERS ?? 3),
      testTimeout: 20000,
      // A describe block's platform starts in its beforeAll: on a loaded machine that took more than
      // vitest's default 10 s (the start, not a checked behaviour, timed out).
      hookTimeout: 30000,
      // A stray it.only / describe.only fails the run instead of skipping the rest.
      allowOnly: false,
      // tests/bench/units: benchmark-sized unit checks, run by `npm run bench units` (ATRIUM_BENCH_UNITS=1).
      // Otherwise two groups, one after the other: the units in parallel, then the media server's tests
      // (they encode and pace video in real time) one file at a time, so the parallel units do not
      // starve them of the cores (vitest runs a one-worker project with the default group order in a
      // group of its own, last). `npm test` runs the two groups as two vitest runs, the media tests
      // beside the journeys at their lower CPU priority (tests/run.ts).
      ...(process.env.ATRIUM_BENCH_UNITS === '1'
        ? { include: ['tests/bench/units/**/*.test.ts'] }
        : {
            projects: [
              {
                extends: true,
                test: {
                  name: 'units',
                  include: ['{shared,widgets,console,demo,tests}/**/*.test.{ts,tsx}'],
                  exclude: ['**/*.browser.test.{ts,tsx}', 'tests/e2e/**', 'node_modules/**', 'tests/bench/**', 'demo/media/**', 'demo/server/**'],
                  sequence: { groupOrder: 1 },
                },
              },
              // The platform's tests, beside the units, without a fresh module graph per file (but for
              // ISOLATED_SERVER_TESTS, in `video`). Each file starts platforms of its own (own port,
              // data folder and app; the platform's services are kept per app or per database), so a
              // worker keeps the platform's modules loaded from one file to the next instead of
              // importing Fastify, the contract's 266 operations and every domain again for each of ~70
              // files. Measured here: all units in 192-219 s instead of ~300 s. The console's form tests
              // stay isolated: their harness replaces the API client for the file (29 of them failed
              // when shared).
              { extends: true, test: { name: 'server', include: ['demo/server/**/*.test.ts'], exclude: ISOLATED_SERVER_TESTS, isolate: false, sequence: { groupOrder: 1 } } },
              { extends: true, test: { name: 'video', include: ISOLATED_SERVER_TESTS, sequence: { groupOrder: 1 } } },
              { extends: true, test: { name: 'media', include: ['demo/media/**/*.test.ts'], maxWorkers: 1, sequence: { groupOrder: 0 } } },
            ],
          }),
    },
  };
});
