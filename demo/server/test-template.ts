// The seeded data folder the server tests and the journeys' platforms copy instead of seeding each
// platform (vitest globalSetup, vite.config.ts; Playwright globalSetup, tests/e2e/global-setup.ts).
// Seeding hashes four passwords and writes every demo table: a few seconds per platform on this
// machine, against a few hundredths for a copy. Made once per run; testing.ts `start` and the
// journeys' startPlatform copy it into each new data folder and move its seeded times forward by the
// template's age (fromTemplate), so a platform holds what a fresh seed at that moment holds.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The environment variable naming the template folder, for the test workers. */
export const TEMPLATE_ENV = 'ATRIUM_TEST_TEMPLATE';
const MADE_AT = 'template-made-at';
/** Seeded times lie within the past year (alarm history: a week; the bulk seeds: 89 days). */
const SEEDED_SPAN_MS = 400 * 86_400_000;

/** Seeds `dir` as a first start does, and records when. */
export async function makeTemplate(dir: string): Promise<void> {
  const madeAt = Date.now();
  // Imported here: the journeys' workers copy templates (fromTemplate) without loading the platform.
  const { createApp } = await import('./app.ts');
  const app = await createApp({ dataDir: dir, fixedCaptcha: '1234', smtpPort: 0, oidcPort: 0, ldapPort: 0, log: () => undefined });
  await app.close();
  writeFileSync(join(dir, MADE_AT), `${madeAt}\n`);
}

/**
 * Fills the empty data folder `dir` from the template: the files as they are, then every time the
 * seed took from the clock (columns named *_at, whole milliseconds within the year before the
 * template was made) moved forward by the template's age. Answers false when there is no template.
 */
export function fromTemplate(template: string, dir: string): boolean {
  const stamp = join(template, MADE_AT);
  if (!existsSync(stamp)) return false;
  const madeAt = Number(readFileSync(stamp, 'utf8'));
  cpSync(template, dir, { recursive: true, filter: (source) => source !== stamp });
  const age = Date.now() - madeAt;
  const db = new DatabaseSync(join(dir, 'atrium.db'));
  try {
    db.exec('BEGIN');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as Array<{ name: string }>;
      for (const column of columns.map((c) => c.name).filter((c) => /(^|_)at$/.test(c))) {
        db.prepare(`UPDATE "${name}" SET "${column}" = "${column}" + ? WHERE typeof("${column}") = 'integer' AND "${column}" BETWEEN ? AND ?`).run(age, madeAt - SEEDED_SPAN_MS, madeAt + 60_000);
      }
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  return true;
}

/** vitest globalSetup: one template for the whole run, removed at its end. */
export default async function setup(): Promise<() => void> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
  await makeTemplate(dir);
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
