// Browser tests of widgets and the shared core, in real Chromium, compiled by Vite (vanilla-extract, TSX).
import { createServer } from 'node:net';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { viteCompile } from './tests/wtr-vite.mjs';
import { findTestChromium, CHROMIUM_ARGS } from './tests/chromium.ts';
import { flvSourcePlugin } from './tests/flv-source.ts';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

process.env.ATRIUM_BROWSER_TESTS = '1';
const executablePath = await findTestChromium();
const vitePort = await freePort();

export default {
  files: ['{shared,widgets,console}/**/*.browser.test.{ts,tsx}'],
  // The FLV test source answers /__flv-source before the Vite plugin takes every other path.
  plugins: [flvSourcePlugin(), viteCompile({ port: vitePort })],
  nodeResolve: false,
  port: await freePort(),
  concurrency: 1,
  // forbidOnly: a stray it.only fails the run instead of skipping the rest.
  testFramework: { config: { timeout: 20000, forbidOnly: true } },
  testsFinishTimeout: 300000,
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath, args: CHROMIUM_ARGS } })],
};
