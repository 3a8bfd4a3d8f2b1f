// Every form declared once against the operation that saves it: each module-level ResourceDef's form
// (and each exported form of a page) names the operations whose body it sends (FormDef `saves`), and a
// field that fills a property of that body must check the bounds the contract declares for it — its
// length rule (length(), password()) the property's minLength / maxLength, its range rule
// (integerBetween() and the rules built on it) the property's minimum / maximum. A form whose bounds
// drift from the contract's (the user told "fine" for what the platform then refuses, or refused what
// it would take) fails here.
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../shared/contract/index.ts';
import { boundsOf, length, type Bounds } from '../../shared/validate/index.ts';
import type { Env, FormDef, FormField, ResourceDef } from './types.ts';

type Schema = TSchema & {
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
type AnyForm = FormDef<object | null, unknown>;
type AnyDef = ResourceDef<object, unknown>;

/** The property `path` ('name', 'config.secret') of an object schema, looking into allOf / anyOf members. */
function propertyOf(schema: Schema | undefined, path: readonly string[]): Schema | undefined {
  if (!schema || path.length === 0) return schema;
  const [head, ...rest] = path as [string, ...string[]];
  const own = schema.properties?.[head];
  if (own) return propertyOf(own, rest);
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) {
    const found = propertyOf(part, path);
    if (found) return found;
  }
  return undefined;
}

/** The bounds a property declares, by what they bound (a union with null: its bounded member's). */
function schemaBounds(schema: Schema): Partial<Record<Bounds['of'], [number, number]>> {
  const out: Partial<Record<Bounds['of'], [number, number]>> = {};
  if (schema.minLength !== undefined || schema.maxLength !== undefined) out.length = [schema.minLength ?? 0, schema.maxLength ?? Infinity];
  if (schema.minimum !== undefined || schema.maximum !== undefined) out.value = [schema.minimum ?? -Infinity, schema.maximum ?? Infinity];
  for (const member of schema.anyOf ?? []) for (const [of, b] of Object.entries(schemaBounds(member))) out[of as Bounds['of']] ??= b;
  return out;
}

const range = ([min, max]: readonly [number, number]) => `${min}..${max}`;

/** What disagrees between one form (opened new or on a row) and the body of the operation that saves it. */
function formProblems(label: string, form: AnyForm, row: object | null): string[] {
  const edit = row !== null;
  const opName = edit ? form.saves?.update : form.saves?.create;
  if (!opName) return [];
  const [domain = '', name = ''] = opName.split('.');
  const op = DOMAINS[domain]?.[name];
  if (!op) return [`${label}: no operation ${opName} in shared/contract`];
  if (!op.body) return [`${label}: ${opName} takes no body`];
  let fields: readonly FormField<object | null, unknown>[];
  try {
    fields = form.fields(row, envOf());
  } catch (error) {
    return [`${label}: its fields could not be listed in node (${String(error)})`];
  }
  const problems: string[] = [];
  for (const field of fields) {
    if ((field as FormField).as === false) continue;
    const path = form.saves?.at?.[field.name] ?? field.name;
    const property = propertyOf(op.body as Schema, path.split('.'));
    if (!property) continue;
    const declared = schemaBounds(property);
    const checked: Partial<Record<Bounds['of'], [number, number]>> = {};
    for (const rule of field.rules ?? []) {
      const b = boundsOf(rule);
      if (b) checked[b.of] = [b.min, b.max];
    }
    const at = `${label} ${field.name}${path === field.name ? '' : ` (${path})`}`;
    // A length against a length, a range against a range: a number typed as text (a port) may have a
    // range in the form and a length in the body, which do not compare.
    for (const of of ['length', 'value'] as const) {
      const mine = checked[of];
      const theirs = declared[of];
      if (mine && theirs && (mine[0] !== theirs[0] || mine[1] !== theirs[1])) problems.push(`${at}: the form checks ${of} ${range(mine)}, ${opName} ${range(theirs)}`);
    }
  }
  return problems;
}

/**
 * Where a form is knowingly stricter than the body it sends, and why. Keyed by the problem's text, so
 * a bound that moves on either side fails again.
 */
const STRICTER: Readonly<Record<string, string>> = {
  'oauth/index.tsx#oauthResource (new) clientSecret: the form checks length 1..500, oauth.create 0..500': "required when adding; the body's 0 is for an edit, where '' keeps the stored secret",
  'video-group/video-group.tsx#cameraGroupForm (edit) groupName (name): the form checks length 1..64, dataGroup.update 0..64': "renaming asks for a name; the body's '' (keep the name) is for callers that move a group only",
  // The device's code and name are required by the platform's handler (with the SPEC §5 message), not by the body's schema.
  'device-subsystem/index.tsx#deviceResource (new) code: the form checks length 1..64, device.create 0..64': 'required, checked by the handler',
  'device-subsystem/index.tsx#deviceResource (new) name: the form checks length 1..64, device.create 0..64': 'required, checked by the handler',
  'device-subsystem/index.tsx#deviceResource (edit) code: the form checks length 1..64, deviceAdmin.update 0..64': 'required, checked by the handler',
  'device-subsystem/index.tsx#deviceResource (edit) name: the form checks length 1..64, deviceAdmin.update 0..64': 'required, checked by the handler',
  // Strategies and scenes: the body's schema lets any name up to 64 through and the handler checks SPEC §5's 2 to 20
  // (and a non-empty expression) with its own message. TODO(linkage contract): declare 2..20 and 1..200 in shared/contract/linkage.ts.
  'link-group/index.tsx#linkStrategyResource (new) name: the form checks length 2..20, linkage.strategyCreate 0..64': 'SPEC §5 name length, checked by the handler',
  'link-group/index.tsx#linkStrategyResource (edit) name: the form checks length 2..20, linkage.strategyUpdate 0..64': 'SPEC §5 name length, checked by the handler',
  'link-group/index.tsx#linkStrategyResource (new) expression: the form checks length 1..200, linkage.strategyCreate 0..200': 'required, checked by the handler',
  'link-group/index.tsx#linkStrategyResource (edit) expression: the form checks length 1..200, linkage.strategyUpdate 0..200': 'required, checked by the handler',
  'link-group/index.tsx#linkGroupForm (new) name: the form checks length 2..20, linkage.groupCreate 0..64': 'SPEC §5 name length, checked by the handler',
  'link-group/index.tsx#linkGroupForm (edit) name: the form checks length 2..20, linkage.groupUpdate 0..64': 'SPEC §5 name length, checked by the handler',
  'quick-scene/index.tsx#quickSceneResource (new) name: the form checks length 2..20, linkage.sceneCreate 0..64': 'SPEC §5 name length, checked by the handler',
  'quick-scene/index.tsx#quickSceneResource (edit) name: the form checks length 2..20, linkage.sceneUpdate 0..64': 'SPEC §5 name length, checked by the handler',
};

/** What disagrees in a form, opened new and on `row`, with its operations ([] when nothing), STRICTER's entries included. */
function allProblemsOf(label: string, { form, row }: Loaded): string[] {
  return [...formProblems(`${label} (new)`, form, null), ...formProblems(`${label} (edit)`, form, row)];
}

/** What is wrong with a form against its operations ([] when nothing). */
const problemsOf = (label: string, loaded: Loaded): string[] => allProblemsOf(label, loaded).filter((p) => !(p in STRICTER));

/** The env a form's fields receive: a t that answers the key, and a page whose lists (options, groups …) are empty. */
const envOf = (): Env<unknown> => ({ t: ((key: string) => key) as Env['t'], page: new Proxy({}, { get: () => [] }) });

/** A row to open the form on: the list operation's example row (a form's fields may read it), or an empty one. */
function exampleRow(def: AnyDef | null): object {
  const [domain = '', name = ''] = def?.operation.split('.') ?? [];
  const data = DOMAINS[domain]?.[name]?.examples?.data as { rows?: object[] } | object[] | undefined;
  return (Array.isArray(data) ? data[0] : data?.rows?.[0]) ?? {};
}

interface Loaded {
  form: AnyForm;
  row: object;
}

const isDef = (v: unknown): v is AnyDef =>
  typeof v === 'object' && v !== null && typeof (v as AnyDef).operation === 'string' && Array.isArray((v as AnyDef).columns) && typeof (v as AnyDef).list === 'function';
const isForm = (v: unknown): v is AnyForm => typeof v === 'object' && v !== null && typeof (v as AnyForm).fields === 'function' && typeof (v as AnyForm).save === 'function';

// The page modules resource-defs.test.ts loads (those needing a browser at import hold no declaration).
const pages = import.meta.glob(['../pages/*/*.tsx', '!../pages/scada-view/**', '!../pages/**/*.test.tsx']);

/** Every ResourceDef's form and every other exported form, by page#export. */
async function loadForms(): Promise<{ defForms: Map<string, Loaded>; exported: Map<string, Loaded> }> {
  const defForms = new Map<string, Loaded>();
  const exported = new Map<string, Loaded>();
  for (const [path, load] of Object.entries(pages)) {
    const mod = (await load()) as Record<string, unknown>;
    const page = path.replace('../pages/', '');
    for (const [name, value] of Object.entries(mod)) {
      if (isDef(value) && value.form) defForms.set(`${page}#${name}`, { form: value.form as AnyForm, row: exampleRow(value) });
      else if (isForm(value)) exported.set(`${page}#${name}`, { form: value, row: exampleRow(null) });
    }
  }
  // A page's exported form that is also its ResourceDef's is checked once, as the ResourceDef's.
  const owned = new Set([...defForms.values()].map((l) => l.form));
  for (const [key, { form }] of exported) if (owned.has(form)) exported.delete(key);
  return { defForms, exported };
}

/** ResourceDef forms that save no body of an operation in shared/contract, and why. */
const NO_BODY: Readonly<Record<string, string>> = {};

describe('every form against the operation that saves it', () => {
  it('names the operations each ResourceDef form saves with', async () => {
    const { defForms } = await loadForms();
    expect(defForms.size).toBeGreaterThanOrEqual(20);
    const unnamed = [...defForms].filter(([key, { form }]) => !form.saves?.create && !form.saves?.update && !(key in NO_BODY)).map(([key]) => key);
    expect(unnamed).toEqual([]);
  });

  it("checks every field's length and range as the saved body declares", async () => {
    const { defForms, exported } = await loadForms();
    const forms = new Map([...defForms, ...exported]);
    const checked = [...forms.values()].filter((l) => l.form.saves);
    expect(checked.length).toBeGreaterThanOrEqual(defForms.size - Object.keys(NO_BODY).length);
    const all = [...forms].flatMap(([key, loaded]) => allProblemsOf(key, loaded));
    expect(all.filter((p) => !(p in STRICTER))).toEqual([]);
    // An exception whose difference is gone (the bounds now agree) is taken out of the list.
    expect(Object.keys(STRICTER).filter((p) => !all.includes(p))).toEqual([]);
  });

  it('refuses a form whose bound differs from the contract', async () => {
    const { defForms } = await loadForms();
    const tenant = defForms.get('tenant/index.tsx#tenantResource')!;
    expect(problemsOf('tenant', tenant)).toEqual([]);
    const form: AnyForm = { ...tenant.form, fields: (row, env) => tenant.form.fields(row, env).map((f) => (f.name === 'name' ? { ...f, rules: [length(2, 60)] } : f)) };
    expect(problemsOf('tenant', { ...tenant, form })).toEqual([
      'tenant (new) name: the form checks length 2..60, tenant.create 2..64',
      'tenant (edit) name: the form checks length 2..60, tenant.update 2..64',
    ]);
  });
});
