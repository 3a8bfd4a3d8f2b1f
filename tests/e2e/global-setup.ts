// Playwright globalSetup: one seeded data folder for the whole journey run (demo/server/test-template.ts),
// made by a platform process of its own; each worker's platform starts from a copy of it
// (wall-helpers.ts startPlatform) unless its env asks for a seed of its own (ATRIUM_SEED_*).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_NODE_FLAGS } from '../../demo/server/node-flags.ts';
import { TEMPLATE_ENV } from '../../demo/server/test-template.ts';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-e2e-template-'));
  const script = `const { makeTemplate } = await import('./demo/server/test-template.ts'); await makeTemplate(${JSON.stringify(dir)}); process.exit(0);`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...PLATFORM_NODE_FLAGS, '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the journeys' data template was not made (exit ${code})\n${stderr}`))));
  });
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
