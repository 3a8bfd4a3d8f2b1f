// Helpers every route file uses: the envelope, the sign-in and rights guards, and one way to
// declare a validated request body (field → rules), so every route validates the same way.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/api/types.ts';
import type { SessionUser } from './context.ts';
import type { Db, Migration } from './db.ts';
import { fieldLabel, langOf, t, translate, type MessageKey, type Vars } from './messages.ts';
import { findSession } from './tokens.ts';

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'ok', data });
export const fail = (msg: string, code = -1): Envelope<never> => ({ code, msg });
/** fail() with a message from the table, in the caller's language. */
export const failWith = (request: FastifyRequest, key: MessageKey, vars?: Vars, code = -1): Envelope<never> =>
  fail(t(request, key, vars), code);

/** A route file: a Fastify plugin, plus the tables it needs and an optional first-start seed. */
export interface RouteModule {
  default: FastifyPluginAsync;
  /** Applied once each, in order, by id (e.g. 'alarm/001-tables'); never edit one that has shipped. */
  migrations?: Migration[];
  /** Runs on every start after migrations; must itself check whether its data already exists. */
  seed?: (db: Db) => void | Promise<void>;
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('userOf() on a route without requireUser');
  return request.user;
}

/** preHandler: answers 40101 unless the access token is valid, else sets request.user. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const user = request.token ? findSession(request.server.atrium, request.token) : null;
  if (!user) return reply.send(failWith(request, 'auth.sessionExpired', undefined, 40101));
  request.user = user;
}

function requireRight(kind: 'menus' | 'elements', code: string) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    if (!request.user) await requireUser(request, reply);
    if (reply.sent) return reply;
    if (!request.user?.[kind].has(code)) return reply.send(failWith(request, 'auth.noPermission', undefined, 40301));
  };
}

/** preHandler: 40301 unless the user holds the menu right (runs requireUser first if needed). */
export const requireMenu = (code: string) => requireRight('menus', code);
/** preHandler: 40301 unless the user holds the element right (runs requireUser first if needed). */
export const requireElement = (code: string) => requireRight('elements', code);

// ---- validation -------------------------------------------------------------------------------

export interface Issue {
  key: MessageKey;
  vars?: Vars;
}
/** A check on one field; gets the whole body for cross-field rules. */
export type Rule = (value: unknown, body: Record<string, unknown>) => Issue | null;
export type Schema<T> = { [K in keyof T]-?: Rule[] };

const absent = (value: unknown): boolean => value === undefined || value === null || value === '';
const length = (text: string): number => [...text].length;

/**
 * Rules. Every rule except required/requiredIf/string passes an absent value (undefined, null or ''),
 * so a field is optional unless its list starts with a requiring rule.
 */
export const rule = {
  required: ((value) =>
    absent(value) || (typeof value === 'string' && value.trim() === '') ? { key: 'validate.required' } : null) as Rule,
  requiredIf: (when: (body: Record<string, unknown>) => boolean): Rule => (value, body) =>
    when(body) ? rule.required(value, body) : null,
  /** Must be a string, '' allowed. */
  string: ((value) => (typeof value === 'string' ? null : { key: 'validate.string' })) as Rule,
  text: (min: number, max: number): Rule => (value) => {
    if (absent(value)) return null;
    if (typeof value !== 'string') return { key: 'validate.string' };
    const n = length(value);
    return n < min || n > max ? { key: 'validate.length', vars: { min, max } } : null;
  },
  int: (min: number, max: number): Rule => (value) => {
    if (absent(value)) return null;
    if (typeof value !== 'number' || !Number.isInteger(value)) return { key: 'validate.integer' };
    return value < min || value > max ? { key: 'validate.range', vars: { min, max } } : null;
  },
  oneOf: (...values: readonly unknown[]): Rule => (value) => (absent(value) || values.includes(value) ? null : { key: 'validate.oneOf' }),
  /** SPEC §5 phone: required, numeric, 11 digits starting 1[3-9]. */
  phone: ((value) => {
    if (absent(value)) return { key: 'validate.phoneEmpty' };
    if (typeof value !== 'string' || !/^\d+$/.test(value)) return { key: 'validate.numeric' };
    return /^1[3-9]\d{9}$/.test(value) ? null : { key: 'validate.phoneFormat' };
  }) as Rule,
  email: ((value) => {
    if (absent(value)) return null;
    return typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : { key: 'validate.email' };
  }) as Rule,
  /** SPEC §5 name pattern 1: Chinese, letters, digits, underscore, hyphen, whitespace. */
  namePattern: ((value) => {
    if (absent(value)) return null;
    return typeof value === 'string' && /^[\p{Script=Han}A-Za-z0-9_\-\s]+$/u.test(value) ? null : { key: 'validate.namePattern' };
  }) as Rule,
  /** The two new passwords must match (SPEC §5). */
  sameAs: (other: string): Rule => (value, body) => (value === body[other] ? null : { key: 'validate.passwordMismatch' }),
};

/** The first problem with a body, as a readable message in the caller's language, or null when it is valid. */
export function checkBody<T>(request: FastifyRequest, body: unknown, schema: Schema<T>): string | null {
  const lang = langOf(request);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return translate(lang, 'validate.body');
  const record = body as Record<string, unknown>;
  for (const [field, rules] of Object.entries(schema) as Array<[string, Rule[]]>) {
    for (const check of rules) {
      const issue = check(record[field], record);
      if (issue) return translate(lang, issue.key, { field: fieldLabel(lang, field), ...issue.vars });
    }
  }
  return null;
}

/** preHandler: answers code -1 with a readable message unless the JSON body satisfies the schema. */
export function validBody<T>(schema: Schema<T>) {
  return async function validate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const problem = checkBody(request, request.body, schema);
    if (problem) return reply.send(fail(problem));
  };
}

/** Same for the query string (GET calls). */
export function validQuery<T>(schema: Schema<T>) {
  return async function validate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const problem = checkBody(request, request.query ?? {}, schema);
    if (problem) return reply.send(fail(problem));
  };
}
