// Names a person reads in the demo's seed data (areas, camera groups, cameras, devices, departments,
// device categories, models and their parameters, role descriptions) come
// in both languages: the stored name is the Chinese one, `name_en` the English one. Queries select
// loc(name, name_en): the caller's language picks, and a name a person typed (name_en empty, since a
// rename clears it) reads the same in both. The caller's language is the request's, held for the
// whole request (and the background work it starts) in requestLang.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { DatabaseSync } from 'node:sqlite';
import { langOf, type Lang } from './messages.ts';

export const requestLang = new AsyncLocalStorage<Lang>();

/** The language of the request being served ('zh' outside one). */
export const currentLang = (): Lang => requestLang.getStore() ?? 'zh';

/**
 * Registers loc(name, name_en) on a connection: inLang() for the request's language, in SQL. (The
 * connection's type is node's own, not db.ts's Db, which opens it through this: no import circle.)
 */
export function registerLocalNames(db: DatabaseSync): void {
  // A missing row (a LEFT JOIN without a match) stays NULL.
  db.function('loc', { deterministic: false }, (name: unknown, en: unknown) =>
    name === null || name === undefined ? null : inLang(currentLang(), { name: String(name), name_en: typeof en === 'string' ? en : null }),
  );
}

/** Every request runs inside its language (hooks after this one, the handler, and what it starts). */
export function installRequestLang(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestLang.run(langOf(request), () => done());
  });
}

/** A row's name in `lang`: its English name in English when it has one, else its stored name. */
export const inLang = (lang: Lang, row: { name: string; name_en?: string | null }): string => (lang === 'en' && row.name_en ? row.name_en : row.name);

/** loc() for a row already read: its name in the caller's language. */
export const localName = (row: { name: string; name_en?: string | null }): string => inLang(currentLang(), row);

/** The other name of a seeded place or thing, for lookups that accept either language. */
export const bothNames = (row: { name: string; name_en?: string | null }): string[] => (row.name_en ? [row.name, row.name_en] : [row.name]);

/**
 * The names to store when a person saves `typed` over a row that had these names: unchanged when
 * they kept the name shown to them (so an English user moving an area keeps its Chinese name), else
 * what they typed, in both languages.
 */
export function namesAfterEdit(row: { name: string; name_en: string }, typed: string): { name: string; name_en: string } {
  const shown = localName(row);
  return typed === shown ? { name: row.name, name_en: row.name_en } : { name: typed, name_en: '' };
}
