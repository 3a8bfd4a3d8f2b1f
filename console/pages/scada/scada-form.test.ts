// The scada page form, declared once: what it sends (the bodies the page sent before its form was
// declared once), and the SPEC §5 message a too long name gets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScadaPageRow } from '../../../shared/api/scada-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf, type Sent } from '../../resource/form-test.ts';
import type { Env, FormDef, FormValues } from '../../resource/types.ts';
import { scadaResource } from './index.tsx';

const form = scadaResource.form!;
const env = envOf({ navigate: () => undefined, setTemplate: () => undefined, setEmbed: () => undefined });

let sent: Sent[];
beforeEach(() => {
  sent = recordRequests(() => ({}));
});
afterEach(() => vi.unstubAllGlobals());

/** Saves the form opened on `row` with `values` typed over its initial ones. */
const saveWith = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues) => send(form, row, env, valuesOf(form, row, env, values), sent);
/** The zh message the dialog shows under `field` for `values` typed over the initial ones (null: none). */
const messageOf = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string) => messagesOf(form, row, env, valuesOf(form, row, env, values))[field]?.[0] ?? null;

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
