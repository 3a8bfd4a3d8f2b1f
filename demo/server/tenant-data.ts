// Tenant data by construction (issue 39): a domain's handlers reach the database only through an
// accessor bound to the request's tenant. Every statement that names a tenant table (one with a
// tenant_id column) must filter by the named parameter `$tenant`, which the accessor binds from the
// signed-in user and the caller cannot pass; a statement that names a tenant table without it, or
// that compares tenant_id with a positional `?`, is refused before it runs — so a query that would
// read or change another tenant's rows cannot be written by accident, and the first test that runs it
// says so. The few platform-wide reads and writes (the operator's tenant list, vouchers of other
// tenants, monitors, seeds and engines over every tenant) go through `platformData(app, why)`, which
// names its reason at the call site.
//
// ESLint (eslint.config.js, "tenant data") refuses `app.atrium.db` in the domain folders, so a
// handler cannot bypass the accessor without the lint layer failing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQLInputValue, SQLOutputValue, StatementResultingChanges, StatementSync } from 'node:sqlite';
import type { AppContext } from './context.ts';
import { tx, type Db } from './db.ts';
import { userOf } from './http.ts';

/** The tables that hold tenant rows, read from the schema once per database. */
const tenantTables = new WeakMap<Db, ReadonlySet<string>>();

function tablesWithTenant(db: Db): ReadonlySet<string> {
  let known = tenantTables.get(db);
  if (!known) {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    known = new Set(tables.filter(({ name }) => db.prepare(`SELECT 1 FROM pragma_table_info(?) WHERE name = 'tenant_id'`).get(name)).map(({ name }) => name.toLowerCase()));
    tenantTables.set(db, known);
  }
  return known;
}

/** Forgets the tenant tables read so far (after a migration adds a table at run time, tests). */
export const forgetTenantTables = (db: Db): void => void tenantTables.delete(db);

const WORDS = /[A-Za-z_][A-Za-z0-9_]*/g;

/** The tenant tables a statement names (a word of the SQL that is a tenant table's name). */
function tenantTablesIn(db: Db, sql: string): string[] {
  const known = tablesWithTenant(db);
  const text = sql.replace(/'(?:[^']|'')*'/g, "''");
  return [...new Set((text.match(WORDS) ?? []).map((w) => w.toLowerCase()).filter((w) => known.has(w)))];
}

/** Why a statement may not run through the tenant accessor, or null when it may. */
export function unscopedReason(db: Db, sql: string): string | null {
  if (/tenant_id\s*(=|<>|!=|IN)\s*\(?\s*\?/i.test(sql)) return 'compares tenant_id with a positional parameter; use $tenant';
  const tables = tenantTablesIn(db, sql);
  if (tables.length > 0 && !/\$tenant\b/.test(sql)) return `names the tenant table${tables.length > 1 ? 's' : ''} ${tables.join(', ')} without filtering by $tenant`;
  return null;
}

/** Refused before it ran: a statement on tenant tables without the request's tenant. */
export class UnscopedQueryError extends Error {
  constructor(sql: string, reason: string) {
    super(`unscoped query: ${reason}: ${sql.replace(/\s+/g, ' ').trim().slice(0, 200)}`);
    this.name = 'UnscopedQueryError';
  }
}

type Params = SQLInputValue[];

/** A tenant's rows: every statement runs with `$tenant` bound to the tenant and nothing else. */
export interface TenantData {
  readonly tenantId: number;
  all<Row = Record<string, SQLOutputValue>>(sql: string, ...params: Params): Row[];
  get<Row = Record<string, SQLOutputValue>>(sql: string, ...params: Params): Row | undefined;
  run(sql: string, ...params: Params): StatementResultingChanges;
  /** Runs fn in one transaction: all of it lands, or none of it. */
  tx<T>(fn: () => T): T;
}

/** A checked statement, and whether it takes the tenant as $tenant (read once, not at every run). */
interface Checked {
  statement: StatementSync;
  takesTenant: boolean;
}

const statements = new WeakMap<Db, Map<string, Checked>>();

/** The prepared statement of a SQL text, checked once and kept for the next call. */
function prepared(db: Db, sql: string): Checked {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let checked = cache.get(sql);
  if (!checked) {
    const reason = unscopedReason(db, sql);
    if (reason) throw new UnscopedQueryError(sql, reason);
    checked = { statement: db.prepare(sql), takesTenant: /\$tenant\b/.test(sql) };
    if (cache.size > 2000) cache.clear();
    cache.set(sql, checked);
  }
  return checked;
}

/** A tenant's data on a database (engines and seeds that work one tenant at a time use it too). */
export function tenantDataOf(db: Db, tenantId: number): TenantData {
  const tenant = { tenant: tenantId };
  const args = (takesTenant: boolean, params: Params): unknown[] => (takesTenant ? [tenant, ...params] : params);
  return {
    tenantId,
    all: <Row>(sql: string, ...params: Params) => {
      const { statement, takesTenant } = prepared(db, sql);
      return (statement.all as (...a: unknown[]) => Row[])(...args(takesTenant, params));
    },
    get: <Row>(sql: string, ...params: Params) => {
      const { statement, takesTenant } = prepared(db, sql);
      return (statement.get as (...a: unknown[]) => Row | undefined)(...args(takesTenant, params));
    },
    run: (sql: string, ...params: Params) => {
      const { statement, takesTenant } = prepared(db, sql);
      return (statement.run as (...a: unknown[]) => StatementResultingChanges)(...args(takesTenant, params));
    },
    tx: (fn) => tx(db, fn),
  };
}

/** The signed-in user's tenant's data (routes behind requireUser). */
export const tenantData = (request: FastifyRequest): TenantData => tenantDataOf(request.server.atrium.db, userOf(request).tenantId);

/**
 * The whole database, for the few reads and writes that are platform-wide by nature. `why` names the
 * reason at the call site (the operator's tenant list, a monitor, an engine over every tenant).
 */
export const platformData = (owner: FastifyInstance | AppContext, why: string): Db => {
  if (!why.trim()) throw new Error('platformData needs a reason');
  return 'atrium' in owner ? owner.atrium.db : owner.db;
};
