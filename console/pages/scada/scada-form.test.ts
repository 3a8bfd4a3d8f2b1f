// The scada page form, declared once: what it sends (the bodies the page sent before its form was
// declared once), and the SPEC §5 message a too long name gets.
import { describe, expect, it } from 'vitest';
import type { ScadaPageRow } from '../../../shared/api/scada-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { scadaResource } from './index.tsx';

const form = scadaResource.form!;
const env = envOf({ navigate: () => undefined, setTemplate: () => undefined, setEmbed: () => undefined });

const { sent, saveWith } = formRequests(() => ({}));

describe('the scada page form', () => {
  it('creates a page and renames one by its id, the texts trimmed', async () => {
    await saveWith(form, null, env, { name: ' Plant room ', description: ' level B1 ' });
    await saveWith(form, { id: 4, name: 'Plant room', description: 'level B1' } as ScadaPageRow, env, { name: 'Plant room B1' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/scada/page', body: { name: 'Plant room', description: 'level B1' } },
      { method: 'PUT', url: '/api/scada/page/4', body: { name: 'Plant room B1', description: 'level B1' } },
    ]);
    expect(messageOf(form, null, env, { name: 'x'.repeat(51) }, 'name')).toBe('长度须为 1 到 50 个字符');
  });
});
