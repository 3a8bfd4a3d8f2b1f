// Journeys against the real demo platform: the built console, a real database in a throwaway folder,
// fixed captcha, the test-only fault switch on. Each worker starts a platform of its own (own ports,
// own data folder: the `workerPlatform` fixture in tests/e2e/fixtures.ts), so journeys in two workers never
// share a fault switch, request log or user.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './tests/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  // The reversed copies of tests/e2e-isolation.ts run only under their own config.
  testIgnore: ['**/reverse-run/**'],
  // One seeded data folder for the run; every worker's platform starts from a copy of it.
  // (A full path: tests/e2e-isolation.ts runs this config from another folder.)
  globalSetup: fileURLToPath(new URL('./tests/e2e/global-setup.ts', import.meta.url)),
  timeout: 60000,
  expect: { timeout: 10000 },
  // Three by default on the CI machine's two cores; ATRIUM_E2E_WORKERS or --workers overrides. The
  // journeys wait on the browser, the platform and video in turn, so two workers left a core idle about
  // a seventh of the time: measured here, the whole journey run took 553 s with two and 477 s with
  // three (883 CPU-s, every journey passing).
  workers: Number(process.env.ATRIUM_E2E_WORKERS ?? 3),
  // No retries: a journey that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  // A stray test.only must fail the run, not shrink it silently.
  forbidOnly: true,
  reporter: [['list']],
  use: {
    // baseURL is the worker's own platform (fixtures.ts).
    // The headless shell where installed (tests/chromium.ts), as `npm test` picks it.
    launchOptions: { executablePath: testChromiumPath() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    // The console's service worker would precache the whole build in every test's fresh context;
    // only service-worker.spec.ts lets it run.
    serviceWorkers: 'block',
  },
});
