// Finds a Chromium for the browser and e2e layers and the benchmarks: CHROME_PATH, then Debian's,
// then Playwright's own.
//
// The test layers prefer Chromium's headless shell (Debian's chromium-headless-shell: the same engine,
// V8 and media stack without the browser's UI layer). Measured here on the journeys: a page load of the
// console 0.4–0.6 CPU-s in the shell against 1.1–1.5 in the full browser, a new browser context 0.04
// against 0.27, and the whole journey run 1,174 CPU-s against 1,636 with every journey passing but one
// that resized a full-screen window (which the shell refuses). The benchmarks keep the full browser,
// which is what users run.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const SHELLS = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/headless_shell'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

/** CHROME_PATH when it names a file. */
const fromEnv = (): string | undefined => (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined);

/** CHROME_PATH, the headless shell or Debian's browser, where one is installed (for playwright.config.ts). */
export function testChromiumPath(): string | undefined {
  return fromEnv() ?? [...SHELLS, ...CANDIDATES].find((path) => existsSync(path));
}

/** The browser for the test layers: CHROME_PATH, then the headless shell, then as findChromium. */
export async function findTestChromium(): Promise<string> {
  return testChromiumPath() ?? findChromium();
}

export async function findChromium(): Promise<string> {
  const found = fromEnv() ?? CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  try {
    const { chromium } = await import('playwright');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    /* playwright's browser is not installed either */
  }
  throw new Error(
    'No Chromium found. Install one and run again: on Debian/Ubuntu `apt-get install -y chromium`, ' +
      'or set CHROME_PATH to a Chrome/Chromium binary, or run `npx playwright install chromium`.',
  );
}
