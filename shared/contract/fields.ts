// The building blocks of the API contract: JSON Schema fragments (TypeBox) for the values many calls
// share, each carrying the SPEC §5 rule it stands for. A fragment's `x-rule` names the message key the
// platform answers when a value breaks it (demo/server/contract.ts maps validation errors to messages
// in one place), so the form (shared/validate), the server and the OpenAPI document say the same thing.
import Type, { type TSchema } from 'typebox';
import { COUNT_LIMIT, TOTAL_CAP } from '../api/resource.ts';
import { PASSWORD_BOUNDS, PATTERNS } from '../validate/text.ts';

/** The largest whole number a row id may be (SQLite rowid in a signed 32-bit range, as the console sends it). */
export const MAX_ID = 2 ** 31 - 1;
/** The largest page any list answers (SPEC §5 batches are at most 1000 too). */
export const MAX_LIMIT = 1000;
/** The largest page number a list accepts. */
export const MAX_PAGE = 1_000_000;

/** No control characters (C0 and DEL) in one-line text. */
const ONE_LINE = '^[^\\u0000-\\u001f\\u007f]*$';
/** Notes may hold line breaks and tabs, nothing else below space. */
const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';

/** A row id: a positive whole number. */
export const Id = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });

/** A list of row ids (at least one unless `min` is 0, at most `max`). */
export const Ids = (max = MAX_LIMIT, min = 1, options: { description?: string } = {}) => Type.Array(Id(), { minItems: min, maxItems: max, ...options });

/** A whole number in min..max. */
export const Int = (min: number, max: number, options: { description?: string; default?: number } = {}) => Type.Integer({ minimum: min, maximum: max, ...options });

/** Text of min..max characters without control characters (SPEC §5 length bounds); `multiline` allows line breaks. */
export const Text = (min: number, max: number, options: { description?: string; multiline?: boolean; examples?: string[] } = {}) => {
  const { multiline, ...rest } = options;
  return Type.String({ minLength: min, maxLength: max, pattern: multiline ? MULTI_LINE : ONE_LINE, 'x-rule': 'validate.controlChars', ...rest });
};

/** A value from a fixed list (enum). */
export const OneOf = <const V extends string>(values: readonly V[], options: { description?: string } = {}) => Type.Enum([...values] as V[], options);

/** SPEC §5 name pattern 1: Chinese, letters, digits, underscore, hyphen, whitespace; min..max characters. */
export const Name1 = (min = 2, max = 20, options: { description?: string } = {}) =>
  Type.String({ minLength: min, maxLength: max, pattern: PATTERNS.namePattern1, 'x-rule': 'validate.name.pattern1', ...options });

/** SPEC §5 device and software-point codes: no curly braces, square brackets or caret. */
export const Code = (min = 1, max = 64, options: { description?: string } = {}) =>
  Type.String({ minLength: min, maxLength: max, pattern: PATTERNS.pointCode, 'x-rule': 'validate.code.forbidden', ...options });

/** The product's time format, 'YYYY-MM-DD HH:mm:ss' ('' where a time is not set). */
export const Time = (options: { description?: string } = {}) => Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$', ...options });

/** A page of a list (query or body): page from 1, limit 1..MAX_LIMIT. */
export const Paging = {
  page: Type.Optional(Int(1, MAX_PAGE, { description: 'Page number, from 1 (default 1)' })),
  limit: Type.Optional(Int(1, MAX_LIMIT, { description: `Rows per page, 1 to ${MAX_LIMIT} (default 20)` })),
};

/** A page of a list that must say which page (the list bodies of the admin pages): page from 1, limit 1..MAX_LIMIT, both required. */
export const PageBody = {
  page: Int(1, MAX_PAGE, { description: 'Page number, from 1' }),
  limit: Int(1, MAX_LIMIT, { description: `Rows per page, 1 to ${MAX_LIMIT}` }),
};

/** What a list's total says (a list that may answer the SPEC §9 markers declares its own total). */
const TOTAL_WORDS = `Rows in all pages (a platform may stop counting at ${COUNT_LIMIT}: SPEC §9 shows ${TOTAL_CAP}+)`;

/** An object that refuses fields it does not declare. */
export const Strict = <P extends Record<string, TSchema>>(properties: P, options: { description?: string; examples?: unknown[] } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/**
 * A list's answer: one page of rows and how many rows all pages hold — the schema of shared/api/resource.ts
 * Page<Row> (Static<typeof PageOf(R)> is Page<Static<R>>; console/resource/resource-defs.test.ts holds them together).
 */
export const PageOf = <R extends TSchema>(row: R, options: { description?: string } = {}) =>
  Strict({ rows: Type.Array(row), total: Type.Integer({ minimum: 0, description: options.description ?? TOTAL_WORDS }) });

/** A list's query: the page (PageQuery of shared/api/resource.ts, both required) and the list's own filters. */
export const PageQueryOf = <F extends Record<string, TSchema>>(filters: F, options: { description?: string } = {}) => Strict({ ...PageBody, ...filters }, options);

/** Path parameter `id` (a row id). */
export const IdParams = Strict({ id: Id() });

/** SPEC §5 phone: 11 digits starting with 1 then 3 to 9 (the form's rule, shared/validate phone()). */
export const Phone = (options: { description?: string } = {}) => Type.String({ pattern: PATTERNS.phone, 'x-rule': 'validate.phone.format', examples: ['13800138000'], ...options });

/** An e-mail address or '' (shared/validate email()), at most 64 characters. */
export const Email = (options: { description?: string } = {}) => Type.String({ maxLength: 64, pattern: `^$|${PATTERNS.email}`, 'x-rule': 'validate.email', ...options });

/** SPEC §5 password of a kind: login/personal 5-64, user forms 8-32 (shared/validate PASSWORD_BOUNDS). */
export const Password = (kind: 'login' | 'user', options: { description?: string } = {}) => {
  const [min, max] = PASSWORD_BOUNDS[kind];
  return Type.String({ minLength: min, maxLength: max, 'x-length': 'validate.password.between', ...options });
};
