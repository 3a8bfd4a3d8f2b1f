// Issue 41: the kit's type declarations (/widgets/atrium.d.ts) are served as text, not by their
// extension as an MPEG transport stream (video/mp2t), so a browser or an editor shows them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeDir, start, tempDir } from './testing.ts';

describe('kit files', () => {
  it('serves atrium.d.ts as text', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'widgets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'widgets', 'atrium.d.ts'), 'export {};');
    const s = await start({ staticDir: dir });
    try {
      const answer = await fetch(`${s.base}/widgets/atrium.d.ts`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    } finally {
      await s.stop();
      removeDir(s.dir);
      removeDir(dir);
    }
  });
});
