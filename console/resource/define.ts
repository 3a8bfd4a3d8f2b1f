// Declaring a resource and its form at module level, and what the kit derives from a form declared
// once: the schema (each field's rules), the values it opens with (each field's initial value) and
// the body it sends (each field's value as its `as` says).
import type { Schema } from '../../shared/validate/index.ts';
import type { BodyAs, Env, FieldDef, FormBody, FormDef, FormField, FormValue, FormValues, ResourceDef } from './types.ts';

/** Declares a resource at module level, keeping its row and page types. */
export const defineResource = <Row, Page = undefined>(def: ResourceDef<Row, Page>): ResourceDef<Row, Page> => def;

/** Declares a form at module level, keeping its row and page types. */
export const defineForm = <Row, Page = undefined>(form: FormDef<Row, Page>): FormDef<Row, Page> => form;

/** A form or body value as trimmed text ('' when it is not text). */
export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A multi-select's value as numbers ([] when it is not a list). */
export const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);


const emptyOf = (f: FieldDef): FormValue => (f.kind === 'checkbox' ? false : f.kind === 'select' && f.multiple ? [] : '');

const defaultAs = (f: FieldDef): BodyAs => {
  switch (f.kind) {
    case 'checkbox':
      return 'flag';
    case 'password':
    case 'custom':
      return 'raw';
    case 'select':
      return f.multiple ? 'list' : 'text';
    default:
      return 'text';
  }
};

function bodyValue(as: Exclude<BodyAs, false>, v: FormValue | undefined): unknown {
  const list = Array.isArray(v) ? (v as readonly string[]) : [];
  switch (as) {
    case 'text':
      return text(v);
    case 'raw':
      return v === undefined ? '' : v;
    case 'number':
      return Number(text(v));
    case 'id':
      return text(v) === '' ? null : Number(text(v));
    case 'ids':
      return list.map(Number);
    case 'list':
      return [...list];
    case 'flag':
      return v === true;
    case 'json':
      // An editor that has not written yet holds nothing: an empty list.
      return JSON.parse(typeof v === 'string' && v !== '' ? v : '[]') as unknown;
  }
}

/** What the dialog needs of a form: its fields, the schema of their rules, the values it opens with and its save of the derived body. */
export interface ResolvedForm {
  fields: readonly FieldDef[];
  schema: Schema;
  initial: () => FormValues;
  save: (values: FormValues) => Promise<unknown>;
}

export function resolveForm<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>): ResolvedForm {
  const fields: readonly FormField<Row, Page>[] = form.fields(row, env);
  return {
    fields,
    schema: Object.fromEntries(fields.filter((f) => f.rules).map((f) => [f.name, f.rules!])),
    initial: () => Object.fromEntries(fields.map((f) => [f.name, f.initial === undefined ? emptyOf(f) : typeof f.initial === 'function' ? f.initial(row, env) : f.initial])),
    save: (values) => form.save(formBody(fields, values), row, env),
  };
}

/** The body of a declared form's values: each field as its `as` says (or its kind's default). */
export function formBody(fields: readonly FieldDef[] | readonly FormField[], values: FormValues): FormBody {
  const body: Record<string, unknown> = {};
  for (const f of fields as readonly FormField[]) {
    const as = f.as ?? defaultAs(f);
    if (as === false) continue;
    body[f.name] = bodyValue(as, values[f.name]);
  }
  return body;
}
