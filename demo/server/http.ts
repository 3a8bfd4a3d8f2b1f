// Helpers every route file uses: the envelope, the sign-in and rights guards, and one way to
// declare a validated request body (field → rules), so every route validates the same way.
import type { AppConfig } from './context.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/api/types.ts';
import type { SessionUser } from './context.ts';
import type { Db } from './db.ts';
import * as v from '../../shared/validate/index.ts';
import { KEYS, type MessageKey as ValidateKey } from '../../shared/validate/keys.ts';
import { fieldLabel, langOf, t, translate, type Lang, type MessageKey, type Vars } from './messages.ts';
import { licensed } from './administration/licence-data.ts';
import { findSession } from './tokens.ts';

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'ok', data });
export const fail = (msg: string, code = -1): Envelope<never> => ({ code, msg });
/** fail() with a message from the table, in the caller's language. */
export const failWith = (request: FastifyRequest, key: MessageKey, vars?: Vars, code = -1): Envelope<never> =>
  fail(t(request, key, vars), code);

/** A route file: a Fastify plugin and an optional first-start seed (its tables: migrations/index.ts). */
export interface RouteModule {
  default: FastifyPluginAsync;
  /** Runs on every start after migrations; must itself check whether its data already exists. */
  seed?: (db: Db, config: AppConfig) => void | Promise<void>;
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('userOf() on a route without requireUser');
  return request.user;
}

/**
 * preHandler: answers 40101 unless the access token is valid, 40401 (SPEC §8 'Illegal License') when
 * the user's tenant holds no voucher that is still valid (routes/voucher.ts), else sets request.user.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const user = request.token ? findSession(request.server.atrium, request.token) : null;
  if (!user) return reply.send(failWith(request, 'http.sessionExpired.message', undefined, 40101));
  if (!licensed(request.server.atrium.db, user.tenantId)) return reply.send(failWith(request, 'http.illegalLicense.message', undefined, 40401));
  request.user = user;
}

/** preHandler: 40301 ('no function permission') unless `check` holds for the signed-in user (runs requireUser first if needed). */
export function requireCheck(check: (user: SessionUser) => boolean) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    if (!request.user) await requireUser(request, reply);
    if (reply.sent) return reply;
    if (!request.user || !check(request.user)) return reply.send(failWith(request, 'http.noPermission', undefined, 40301));
  };
}

const requireRight = (kind: 'menus' | 'elements', ...codes: string[]) => requireCheck((user) => codes.some((code) => user[kind].has(code)));

/** preHandler: 40301 unless the user holds the menu right (runs requireUser first if needed). */
export const requireMenu = (code: string) => requireRight('menus', code);
/** preHandler: 40301 unless the user holds at least one of these menu rights (e.g. any page that reads devices). */
export const requireAnyMenu = (...codes: string[]) => requireRight('menus', ...codes);
/** preHandler: 40301 unless the user holds the element right (runs requireUser first if needed). */
export const requireElement = (code: string) => requireRight('elements', code);

// ---- validation -------------------------------------------------------------------------------
// The SPEC §5 rules come from shared/validate (the console's forms use the same ones); the few added
// here are about JSON types, which a form never has to check.

/** A failed rule: a message key and the values its text interpolates. */
export interface Issue {
  key: MessageKey;
  params?: Vars;
}
/** A check on one field; gets the whole body for cross-field rules. */
export type Rule = (value: unknown, body: Readonly<Record<string, unknown>>) => Issue | null;
export type Schema<T> = { readonly [K in keyof T]-?: readonly Rule[] };

const absent = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Rules; all but required, requiredIf, string and phone pass an absent value (undefined, null, ''). */
export const rule = {
  required: v.required() as Rule,
  requiredIf: (when: (body: Readonly<Record<string, unknown>>) => boolean, key?: ValidateKey): Rule => {
    const check = v.required(key);
    return (value, body) => (when(body) ? check(value, body) : null);
  },
  /** Must be a string, '' allowed. */
  string: ((value) => (typeof value === 'string' ? null : { key: KEYS.text })) as Rule,
  /** A string of min..max characters. */
  text: (min: number, max: number): Rule => {
    const check = v.length(min, max);
    return (value, body) => (absent(value) ? null : typeof value !== 'string' ? { key: KEYS.text } : check(value, body));
  },
  /** A JSON integer (not a numeric string) in min..max. */
  int: (min: number, max: number): Rule => (value) => {
    if (absent(value)) return null;
    if (typeof value !== 'number' || !Number.isInteger(value)) return { key: KEYS.integer };
    return value < min || value > max ? { key: KEYS.range, params: { min, max } } : null;
  },
  oneOf: (...values: readonly unknown[]): Rule => (value) => (absent(value) || values.includes(value) ? null : { key: 'validate.oneOf' }),
  /** SPEC §5 phone: required, numeric, 11 digits starting 1[3-9]; and a JSON string. */
  phone: ((value, body) => v.phone()(value, body) ?? (typeof value === 'string' ? null : { key: KEYS.numeric })) as Rule,
  email: v.email() as Rule,
  namePattern: v.namePattern1() as Rule,
  password: (kind: v.PasswordKind): Rule => {
    const check = v.password(kind);
    return (value, body) => (absent(value) ? null : typeof value !== 'string' ? { key: KEYS.text } : check(value, body));
  },
  /** The two new passwords must match (SPEC §5). */
  sameAs: (field: string): Rule => v.sameAs(field) as Rule,
};

/** Messages that already say which field they are about; the others get the field's name in front. */
const SELF_DESCRIBING = /^validate\.(phone|username|captcha|smsCode|file|delete|tenant|attendance)\.|^validate\.password\.(required|mismatch)$|^validate\.numeric$/;

/** One issue as a readable message: the field's label in front unless the message names it already. */
export function describeIssue(lang: Lang, field: string, issue: Issue): string {
  const text = translate(lang, issue.key, issue.params);
  if (SELF_DESCRIBING.test(issue.key)) return text;
  return lang === 'zh' ? `${fieldLabel(lang, field)}：${text}` : `${fieldLabel(lang, field)}: ${text}`;
}

/** The first field of a body that breaks its rules, with the readable message; null when it is valid. */
export function firstProblem<T>(request: FastifyRequest, body: unknown, schema: Schema<T>): { field: string | null; message: string } | null {
  const lang = langOf(request);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { field: null, message: translate(lang, 'validate.body') };
  const record = body as Record<string, unknown>;
  for (const [field, rules] of Object.entries(schema) as Array<[string, readonly Rule[]]>) {
    for (const check of rules) {
      const issue = check(record[field], record);
      if (issue) return { field, message: describeIssue(lang, field, issue) };
    }
  }
  return null;
}

/** The first problem with a body, as one readable message in the caller's language, or null when it is valid. */
export function checkBody<T>(request: FastifyRequest, body: unknown, schema: Schema<T>): string | null {
  return firstProblem(request, body, schema)?.message ?? null;
}

/** A refusal about one field: the console shows `msg` next to that field (envelope data.field). */
export const failField = (message: string, field: string | null): Envelope<never> =>
  (field ? { code: -1, msg: message, data: { field } } : fail(message)) as Envelope<never>;

/** preHandler: answers code -1 with a readable message unless the JSON body satisfies the schema. */
export function validBody<T>(schema: Schema<T>) {
  return async function validate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const problem = firstProblem(request, request.body, schema);
    // /jwt answers keep SPEC §8's exact shape; /api refusals also name the field for the forms.
    if (problem) return reply.send(request.url.startsWith('/api/') ? failField(problem.message, problem.field) : fail(problem.message));
  };
}

/** Same for the query string (GET calls). */
export function validQuery<T>(schema: Schema<T>) {
  return async function validate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const problem = checkBody(request, request.query ?? {}, schema);
    if (problem) return reply.send(fail(problem));
  };
}
