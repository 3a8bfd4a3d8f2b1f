// Every management page's ResourceDef is a module-level declaration: this test loads each page module
// in node, finds its declarations, and checks each against its list operation in shared/contract —
// the operation exists, every column's field is in the answer's row schema, every filter's (and
// scope's) query field is in the operation's query or body schema. A column naming a field the
// answer lacks fails here, before any browser shows an empty cell.
import { readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../shared/contract/index.ts';
import type { ResourceDef } from './types.ts';

type Schema = TSchema & { properties?: Record<string, TSchema>; allOf?: Schema[]; anyOf?: Schema[]; items?: Schema };
type AnyDef = ResourceDef<object, unknown>;

/** The property names an object schema (or each member of an allOf / anyOf) declares. */
function fieldsOf(schema: Schema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  for (const name of Object.keys(schema.properties ?? {})) out.add(name);
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) for (const name of fieldsOf(part)) out.add(name);
  return out;
}

/** What is wrong with a declaration against its operation's schemas ([] when nothing). */
export function problemsOf(def: AnyDef): string[] {
  const [domain = '', name = ''] = def.operation.split('.');
  const op = DOMAINS[domain]?.[name];
  if (!op) return [`${def.id}: no operation ${def.operation} in shared/contract`];
  // A page answer ({ rows, total }), or a whole list (an array: the menu tree's entries).
  const data = op.data as Schema;
  const rows = fieldsOf(((data.properties?.rows as Schema | undefined)?.items ?? data.items) as Schema | undefined);
  if (rows.size === 0) return [`${def.id}: ${def.operation} answers no rows`];
  const query = fieldsOf((op.query ?? op.body) as Schema | undefined);
  const problems: string[] = [];
  for (const c of def.columns)
    for (const f of typeof c.field === 'string' ? [c.field] : c.field) if (!rows.has(f)) problems.push(`${def.id}: column ${c.id} shows ${f}, which ${def.operation}'s rows lack`);
  for (const f of def.filters ?? [])
    for (const q of f.query ?? [f.name]) if (!query.has(q)) problems.push(`${def.id}: filter ${f.name} fills ${q}, which ${def.operation}'s query lacks`);
  // A scope may also be the list's path parameter (a gateway's points: /api/gateway/:id/points).
  const params = fieldsOf(op.params as Schema | undefined);
  for (const q of def.scope ?? []) if (!query.has(q) && !params.has(q)) problems.push(`${def.id}: scope ${q} is not in ${def.operation}'s query or path`);
  return problems;
}

const isDef = (v: unknown): v is AnyDef =>
  typeof v === 'object' && v !== null && typeof (v as AnyDef).operation === 'string' && Array.isArray((v as AnyDef).columns) && typeof (v as AnyDef).list === 'function';

// Page modules that need a browser to load (custom elements at import) hold no ResourceDef.
const pages = import.meta.glob(['../pages/*/*.tsx', '!../pages/scada-view/**', '!../pages/**/*.test.tsx']);

async function loadDefs(): Promise<Map<string, AnyDef>> {
  const defs = new Map<string, AnyDef>();
  for (const [path, load] of Object.entries(pages)) {
    const mod = (await load()) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(mod)) if (isDef(value)) defs.set(`${path.replace('../pages/', '')}#${exported}`, value);
  }
  return defs;
}

/**
 * Pages that still build their declaration inside the component (issue 39's conversion is page by
 * page): each needs its page state passed as ResourcePage's `page` first. The list may only shrink.
 */
const NOT_YET: string[] = [];
/** Pages with a module-level declaration whose dialogs still build one inside a component. */
const INNER_NOT_YET: string[] = [];

/** Pages whose source still renders the kit (ResourcePage) — each must export its declaration. */
const kitPages = Object.keys(pages).filter((p) => /<ResourcePage\b/.test(readFileSync(new URL(p, import.meta.url), 'utf8')));

describe('every ResourceDef against its operation', () => {
  it('loads a module-level declaration from every page that uses the kit', async () => {
    const defs = await loadDefs();
    const withDefs = new Set([...defs.keys()].map((k) => k.split('#')[0]!.split('/')[0]));
    expect(kitPages.length).toBeGreaterThanOrEqual(27);
    const missing = [...new Set(kitPages.map((p) => p.replace('../pages/', '').split('/')[0]!))].filter((page) => !withDefs.has(page));
    expect(missing.sort()).toEqual([...NOT_YET].sort());
  });

  it('finds no page building its declaration inside the component', () => {
    const inside = Object.keys(pages).filter((p) => /useMemo<ResourceDef|useMemo\(\s*\(\)\s*:\s*ResourceDef|const \{ def\b[^}]*\} = useMemo/.test(readFileSync(new URL(p, import.meta.url), 'utf8')));
    expect([...new Set(inside.map((p) => p.replace('../pages/', '').split('/')[0]!))].sort()).toEqual([...NOT_YET, ...INNER_NOT_YET].sort());
  });

  it('names only answer fields in columns and query fields in filters', async () => {
    const defs = await loadDefs();
    expect(defs.size).toBeGreaterThanOrEqual(kitPages.length - NOT_YET.length);
    const problems = [...defs.values()].flatMap(problemsOf);
    expect(problems).toEqual([]);
  });

  it('refuses a column naming a field the answer lacks, and a filter the query lacks', async () => {
    const defs = await loadDefs();
    const user = [...defs.values()].find((d) => d.id === 'attendance-rule')!;
    expect(problemsOf(user)).toEqual([]);
    const broken: AnyDef = { ...user, columns: [...user.columns, { id: 'ghost', headerKey: 'resource.edit', field: 'nickname' as never }], filters: [{ kind: 'text', name: 'nick', labelKey: 'resource.search' }] };
    expect(problemsOf(broken)).toEqual(["attendance-rule: column ghost shows nickname, which attendance.rulePage's rows lack", "attendance-rule: filter nick fills nick, which attendance.rulePage's query lacks"]);
  });
});
