// An answer's fields, declared once: for each field of the API type, the SQL it is read from and how
// the stored value becomes the answer's (0/1 → boolean, JSON text → value, a joined list → array, ms →
// 'YYYY-MM-DD HH:mm:ss'). The declaration gives the SELECT list, each expression named after its
// field, and the one reader that turns such a row into the answer; TypeScript checks the declaration
// against the API type, so a field cannot be forgotten, misspelt or read as the wrong kind.
import type { SQLOutputValue } from 'node:sqlite';
import { formatTime } from './operations/tasks.ts';

/** One field: its SQL expression, and (when the stored value is not the answer's) how to convert it. */
export interface Field<T, C = void> {
  readonly sql: string;
  readonly read?: (value: SQLOutputValue, context: C) => T;
  /** Fields are told apart from nested declarations by this mark. */
  readonly field: true;
}

/** The declaration of T: a field for every key (a nested object declares its own fields; an optional key may read undefined). */
export type Spec<T, C = void> = {
  readonly [K in keyof T]-?: Field<object extends Pick<T, K> ? T[K] | undefined : T[K], C> | (T[K] extends object ? Spec<T[K], C> : never);
};

export interface Shape<T, C = void> {
  /** `expr AS "field", …` for a SELECT. Nested fields are named "outer.inner". */
  readonly select: string;
  /** A row selected with `select` → the answer. A field read as undefined is left out. */
  read(row: Readonly<Record<string, SQLOutputValue>>, context: C): T;
  /** `read` over rows. */
  all(rows: ReadonlyArray<Readonly<Record<string, SQLOutputValue>>>, context: C): T[];
}

const make = <T, C = void>(sql: string, read?: (value: SQLOutputValue, context: C) => T): Field<T, C> => ({ sql, read, field: true });

/** Texts joined by `separator` → the texts (NULL or '' → none). */
export const splitList = (value: SQLOutputValue, separator: string): string[] => (typeof value === 'string' && value !== '' ? value.split(separator) : []);

/** What `gathered` joins values with (SQL char(31)): no name or code holds it. */
export const UNIT = '\u001f';

/** SQL: the values of `value` a subquery finds (`from`: its FROM … WHERE …), in `order`, joined with UNIT (NULL when none). */
export const gathered = (value: string, from: string, order?: string): string => `(SELECT group_concat(${value}, char(31)${order ? ` ORDER BY ${order}` : ''}) ${from})`;

/** Field kinds. The SQL is the route's own text, never user input. */
export const col = {
  /** Stored as the answer has it (a number, a text, or null): the query vouches for the type. */
  value: <T extends SQLOutputValue>(sql: string): Field<T, unknown> => make<T, unknown>(sql),
  /** A 0/1 column. */
  flag: (sql: string): Field<boolean, unknown> => make<boolean, unknown>(sql, (v) => v === 1 || v === 1n),
  /** JSON text. */
  json: <T>(sql: string): Field<T, unknown> => make<T, unknown>(sql, (v) => JSON.parse(String(v)) as T),
  /** Texts joined by `separator` (NULL or '' → none). */
  list: <T extends string = string>(sql: string, separator = ','): Field<T[], unknown> => make<T[], unknown>(sql, (v) => splitList(v, separator) as T[]),
  /** Whole numbers joined by commas (NULL or '' → none). */
  ids: (sql: string): Field<number[], unknown> => make<number[], unknown>(sql, (v) => splitList(v, ',').map(Number)),
  /** The texts a subquery finds, as a list (see `gathered`). */
  gather: (value: string, from: string, order?: string): Field<string[], unknown> => make<string[], unknown>(gathered(value, from, order), (v) => splitList(v, UNIT)),
  /** The whole numbers a subquery finds, as a list (see `gathered`). */
  gatherIds: (value: string, from: string, order?: string): Field<number[], unknown> => make<number[], unknown>(gathered(value, from, order), (v) => splitList(v, UNIT).map(Number)),
  /** Epoch ms → 'YYYY-MM-DD HH:mm:ss' in the server's time; NULL → ''. */
  time: (sql: string): Field<string, unknown> => make<string, unknown>(sql, (v) => formatTime(v === null ? null : Number(v))),
  /** Anything else: the value (and the answer's context, when the shape has one) → the field. */
  calc: <T, C = void>(sql: string, read: (value: SQLOutputValue, context: C) => T): Field<T, C> => make(sql, read),
  /** A field made from several values (read together as one JSON array; text, numbers or null). */
  from: <T, C = void>(sqls: readonly string[], read: (values: Array<string | number | null>, context: C) => T): Field<T, C> =>
    make(`json_array(${sqls.join(', ')})`, (v, context: C) => read(JSON.parse(String(v)) as Array<string | number | null>, context)),
};

interface Slot {
  sql: string;
  alias: string;
  path: readonly string[];
  read?: (value: SQLOutputValue, context: unknown) => unknown;
}

function slotsOf(spec: object, path: readonly string[], out: Slot[]): Slot[] {
  for (const [key, entry] of Object.entries(spec) as Array<[string, Field<unknown, unknown> | object]>) {
    const at = [...path, key];
    if ('field' in entry && entry.field === true) {
      const f = entry as Field<unknown, unknown>;
      out.push({ sql: f.sql, alias: at.join('.'), path: at, read: f.read as Slot['read'] });
    } else slotsOf(entry, at, out);
  }
  return out;
}

/** The shape of T: its SELECT list and its reader. */
export function shape<T, C = void>(spec: Spec<T, C>): Shape<T, C> {
  const slots = slotsOf(spec, [], []);
  const select = slots.map((s) => `${s.sql} AS "${s.alias}"`).join(', ');
  const read = (row: Readonly<Record<string, SQLOutputValue>>, context: C): T => {
    const out: Record<string, unknown> = {};
    for (const s of slots) {
      const raw = row[s.alias]!;
      const value = s.read ? s.read(raw, context) : raw;
      if (value === undefined) continue;
      let target = out;
      for (let i = 0; i < s.path.length - 1; i++) target = (target[s.path[i]!] ??= {}) as Record<string, unknown>;
      target[s.path[s.path.length - 1]!] = value;
    }
    return out as T;
  };
  return { select, read, all: (rows, context) => rows.map((row) => read(row, context)) };
}
