import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { declarations, DOC_PATH, DTS_PATH, frameworkDeclarations, manifest, REACT_DTS_PATH, readElements, VUE_DTS_PATH, withReference } from './manifest.ts';

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

  it('lists <atrium-session> with its attributes and the session events (issue 41)', () => {
    const json = JSON.stringify(manifest(elements));
    expect(json).toContain('"tagName":"atrium-session"');
    for (const name of ['api-base', 'media-base', 'token', 'reload-on-logout', 'atrium-session-expired', 'atrium-signed-out']) expect(json).toContain(`"name":"${name}"`);
  });

  it('keeps the React and Vue declarations in step (run `node widgets/manifest.ts`)', () => {
    expect(readFileSync(join(root, REACT_DTS_PATH), 'utf8')).toBe(frameworkDeclarations(elements, 'react', '../custom-elements.d.ts'));
    expect(readFileSync(join(root, VUE_DTS_PATH), 'utf8')).toBe(frameworkDeclarations(elements, 'vue', '../custom-elements.d.ts'));
  });

  // tests/types: a React 19 .tsx uses the tags, attributes and e.detail; each deliberate mistake is
  // marked @ts-expect-error, so it fails if the declarations stop catching it. (The Vue portal is an SFC
  // checked by vue-tsc in npm test's types layer: tests/types/vue.)
  it('type-checks a React portal against the kit (tsc -p tests/types)', () => {
    let output = '';
    try {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tests/types')], { encoding: 'utf8', cwd: root });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
