// Journeys against the real demo platform: built console, real database in a throwaway folder,
// fixed captcha, the test-only fault switch on, on ports nobody else uses.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './tests/chromium.ts';
import { PLATFORM_NODE_FLAGS } from './demo/server/node-flags.ts';

const port = Number(process.env.ATRIUM_E2E_PORT ?? 18080 + (process.pid % 500) * 2);
const mediaPort = port + 1;
const dataDir = process.env.ATRIUM_E2E_DATA ?? mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
process.env.ATRIUM_E2E_PORT = String(port);
process.env.ATRIUM_E2E_DATA = dataDir;

export const E2E = { port, mediaPort, dataDir, captcha: '4242' };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60000,
  expect: { timeout: 10000 },
  workers: 1,
  // One retry: a journey that passes only on its second try is listed as "flaky" in the report (and
  // counted in the summary), so it is seen and fixed, but a loaded CI machine's one slow decode does
  // not throw away a whole run.
  retries: 1,
  // A stray test.only must fail the run, not shrink it silently.
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    // The console's service worker would precache the whole build in every test's fresh context;
    // only service-worker.spec.ts lets it run.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node ${PLATFORM_NODE_FLAGS.join(' ')} demo/server/main.ts`,
    url: `http://localhost:${port}/jwt/captcha`,
    reuseExistingServer: false,
    timeout: 60000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      MEDIA_PORT: String(mediaPort),
      ATRIUM_DATA: dataDir,
      ATRIUM_FIXED_CAPTCHA: '4242',
      ATRIUM_FAULTS: '1',
      // embed-cross-origin.spec.ts opens a portal on this origin (another spelling of the same host).
      ATRIUM_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      // Every journey comes from this one machine: a higher per-address limit than a deployment's
      // default (its refusal is covered by demo/server/rate-limit.test.ts).
      ATRIUM_RATE_LIMIT: '20000',
    },
  },
});
