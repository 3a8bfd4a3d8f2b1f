// Finds a Chromium for the browser and e2e layers: CHROME_PATH, then Debian's, then Playwright's own.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const path of CANDIDATES) if (existsSync(path)) return path;
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
