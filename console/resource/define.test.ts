// A form declared once: the kit derives its schema, the values it opens with and the body it sends
// from the fields alone (console/resource/define.ts).
import { describe, expect, it } from 'vitest';
import { integerBetween, required, validateObject } from '../../shared/validate/index.ts';
import { defineForm, formBody, resolveForm } from './define.ts';
import type { Env, FormBody } from './types.ts';

interface Rule {
  id: number;
  name: string;
  minutes: number;
  days: number[];
  on: boolean;
}

const sent: FormBody[] = [];
const form = defineForm<Rule>({
  fields: () => [
    { kind: 'text', name: 'name', labelKey: 'n', rules: [required()], initial: (r) => r?.name ?? '' },
    { kind: 'text', name: 'minutes', labelKey: 'm', rules: [required(), integerBetween(0, 120)], initial: (r) => String(r?.minutes ?? 10), as: 'number' },
    { kind: 'select', name: 'days', labelKey: 'd', multiple: true, options: [], initial: (r) => (r?.days ?? [1, 2]).map(String), as: 'ids' },
    { kind: 'select', name: 'parent', labelKey: 'p', options: [], as: 'id' },
    { kind: 'password', name: 'confirm', labelKey: 'c', as: false },
    { kind: 'checkbox', name: 'on', labelKey: 'o', initial: (r) => r?.on ?? true },
  ],
  save: async (body) => {
    sent.push(body);
  },
});
const env: Env<undefined> = { t: ((k: string) => k) as Env['t'], page: undefined };

describe('a form declared once', () => {
  it('opens with each field’s initial value, for a new row and for an edited one', () => {
    expect(resolveForm(form, null, env).initial()).toEqual({ name: '', minutes: '10', days: ['1', '2'], parent: '', confirm: '', on: true });
    expect(resolveForm(form, { id: 1, name: 'Day', minutes: 5, days: [7], on: false }, env).initial()).toEqual({ name: 'Day', minutes: '5', days: ['7'], parent: '', confirm: '', on: false });
  });

  it('checks the values against the fields’ rules', () => {
    const { schema } = resolveForm(form, null, env);
    expect(Object.keys(schema)).toEqual(['name', 'minutes']);
    expect(Object.keys(validateObject({ name: '', minutes: '500' }, schema))).toEqual(['name', 'minutes']);
  });

  it('sends the body the fields say: trimmed text, numbers, ids, null for no choice, flags, and nothing for a field not sent', async () => {
    await resolveForm(form, null, env).save({ name: '  Night ', minutes: ' 30 ', days: ['3', '4'], parent: '', confirm: 'x', on: false });
    expect(sent.at(-1)).toEqual({ name: 'Night', minutes: 30, days: [3, 4], parent: null, on: false });
    expect(formBody([{ kind: 'select', name: 'parent', labelKey: 'p', options: [], as: 'id' } as const], { parent: '12' })).toEqual({ parent: 12 });
  });

  it('has one way to declare a form: a parallel list of rules or initial values does not compile', () => {
    // tsc -p tsconfig.json (the types layer) checks these: each line must stay an error.
    // @ts-expect-error rules are declared on their field, not as a schema beside the fields
    defineForm<Rule>({ fields: () => [], schema: () => ({}), save: async () => undefined });
    // @ts-expect-error initial values are declared on their field, not as a list beside the fields
    defineForm<Rule>({ fields: () => [], initial: () => ({}), save: async () => undefined });
    expect(resolveForm(defineForm<Rule>({ fields: () => [], save: async () => undefined }), null, env).schema).toEqual({});
  });

  it('sends a custom editor’s JSON text parsed, and an editor that wrote nothing as an empty list', () => {
    const steps = { kind: 'custom', name: 'steps', labelKey: 's', render: () => null, as: 'json' } as const;
    expect(formBody([steps], { steps: '[{"kind":"write","deviceId":3}]' })).toEqual({ steps: [{ kind: 'write', deviceId: 3 }] });
    expect(formBody([steps], { steps: '' })).toEqual({ steps: [] });
  });
});
