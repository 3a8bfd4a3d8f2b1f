// One declaration per API operation: method, path, the rights it needs, the schemas of its request
// parts and of its answer's data (inside the envelope), and the words the OpenAPI document shows.
// The server registers routes from these (demo/server/contract.ts); the console's types are derived
// from them with `import type` + Static<>, so no schema code reaches a browser bundle.
import type { Static, TSchema } from 'typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: 'public' (no token), 'user' (any signed-in user), or a menu / element right from the
 * user info (SPEC §6): `{ menu: 'alarmSearch' }`, `{ anyMenu: ['devManager', 'devCard'] }`, `{ element: 'video:play' }`.
 */
export type Rights = 'public' | 'user' | { menu: string } | { anyMenu: readonly string[] } | { element: string };

export interface Operation {
  method: Method;
  /** Fastify's form: '/api/alarm/:id/actions'. */
  path: string;
  rights: Rights;
  /** One line in the product's terms (the OpenAPI summary). */
  summary: string;
  /** What the operation does, what it refuses and why. */
  description: string;
  /** The OpenAPI tag (the domain). */
  tag: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The answer's `data` when code is 0. */
  data: TSchema;
  /**
   * When the answer is a file (a download): its media type, e.g. 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'.
   * A refusal still comes as an envelope; `data` then documents nothing and may be Type.Null().
   */
  produces?: string;
  /**
   * The whole answer when it is not the envelope { code, msg, data } (the sign-in calls answer the
   * token itself, SPEC §7 "token_type"); `data` then documents nothing (Type.Null()). A refusal is
   * still an ErrorEnvelope unless `refusals` says otherwise.
   */
  answer?: TSchema;
  /** Answers with another HTTP status than 200, by status ('400', '4xx'): an OAuth endpoint's { error, error_description }. */
  refusals?: Readonly<Record<string, TSchema>>;
  /** Media types the body may come in besides JSON (an OAuth client's form-encoded body). */
  consumes?: readonly string[];
  /** A valid request and its answer's data, for the document and the conformance suite. */
  examples?: { params?: unknown; query?: unknown; body?: unknown; data?: unknown };
}

/** Declares an operation, keeping its literal types (for Static<> of its parts). */
export const operation = <const O extends Operation>(o: O): O => o;

type PartOf<O, K extends 'params' | 'query' | 'body'> = O extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;
export type ParamsOf<O extends Operation> = PartOf<O, 'params'>;
export type QueryOf<O extends Operation> = PartOf<O, 'query'>;
export type BodyOf<O extends Operation> = PartOf<O, 'body'>;
export type DataOf<O extends Operation> = Static<O['data']>;
/** What a handler answers on success when the operation declares its whole `answer` (else undefined: the envelope). */
export type WholeAnswerOf<O extends Operation> = O extends { answer: infer A extends TSchema } ? Static<A> : undefined;
