import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { manifest, readElements } from './manifest.ts';
import { docsPage, elementsOf } from './docs-page.ts';

const described = manifest(readElements(join(import.meta.dirname, '..'))) as Parameters<typeof docsPage>[0];
const html = docsPage(described);

/** The text of one element's section. */
const section = (tag: string) => html.slice(html.indexOf(`<section id="${tag}"`), html.indexOf('</section>', html.indexOf(`<section id="${tag}"`)));

describe('/widgets/docs/ page, generated from custom-elements.json', () => {
  it('has a section for every element of the manifest with its attributes, events and own CSS variables', () => {
    const elements = elementsOf(described);
    expect(elements.map((e) => e.tagName)).toEqual(expect.arrayContaining(['atrium-alarm-bell', 'atrium-video-player', 'atrium-device-list', 'atrium-session']));
    for (const e of elements) {
      const text = section(e.tagName);
      expect(text, e.tagName).toContain(`&lt;${e.tagName}&gt;`);
      for (const a of e.attributes ?? []) expect(text, `${e.tagName} ${a.name}`).toContain(`<code>${a.name}</code>`);
      for (const ev of e.events ?? []) expect(text, `${e.tagName} ${ev.name}`).toContain(`<code>${ev.name}</code>`);
    }
    expect(section('theme')).toContain('--atrium-color-primary');
  });

  it('escapes what the manifest says, and needs no inline script or style (the platform CSP)', () => {
    const hostile = { modules: [{ path: 'x.js', declarations: [{ customElement: true, tagName: 'atrium-x', summary: '<img src=x onerror=alert(1)>', attributes: [{ name: 'a"b', description: '</td><script>' }] }] }] };
    const page = docsPage(hostile);
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toMatch(/<style|<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });
});
