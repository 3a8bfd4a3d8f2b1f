import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarations, DOC_PATH, DTS_PATH, manifest, readElements, withReference } from './manifest.ts';

const root = join(import.meta.dirname, '..');
const elements = readElements(root);

describe('custom-elements manifest and types', () => {
  it('documents every widget element: summary, and an attribute for every prop defineWidget reflects', () => {
    expect(elements.map((e) => e.tag)).toEqual(expect.arrayContaining(['atrium-alarm-bell', 'atrium-device-list', 'atrium-progress-panel', 'atrium-video-player']));
    for (const e of elements) {
      expect(e.summary, e.tag).not.toBe('');
      const code = readFileSync(join(root, e.module), 'utf8');
      const props = [...(/props:\s*\{([^}]*)\}/.exec(code)?.[1] ?? '').matchAll(/(\w+):/g)].map((m) => m[1]);
      const documented = e.attributes.map((a) => a.prop);
      for (const prop of props) expect(documented, `${e.tag} documents ${prop}`).toContain(prop);
    }
  });

  it('gives attribute kinds, event detail types and the theme variables', () => {
    const player = elements.find((e) => e.tag === 'atrium-video-player')!;
    expect(player.attributes.find((a) => a.name === 'play-type')!.kind).toBe('number');
    expect(player.attributes.find((a) => a.name === 'muted')!.kind).toBe('boolean');
    expect(player.events.find((e) => e.name === 'atrium-play')!.type).toContain('cameraId');
    const json = JSON.stringify(manifest(elements));
    expect(json).toContain('"tagName":"atrium-alarm-bell"');
    expect(json).toContain('--atrium-color-primary');
  });

  it('keeps widgets/custom-elements.d.ts in step with the element files (run `node widgets/manifest.ts`)', () => {
    expect(readFileSync(join(root, DTS_PATH), 'utf8')).toBe(declarations(elements, false));
  });

  it('keeps the reference in docs/embedding.md in step (run `node widgets/manifest.ts`)', () => {
    const doc = readFileSync(join(root, DOC_PATH), 'utf8');
    expect(doc).toContain('--atrium-color-primary');
    for (const e of elements) expect(doc).toContain(`<${e.tag}>`);
    expect(doc).toBe(withReference(doc, elements));
  });
});
