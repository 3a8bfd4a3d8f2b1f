// Routes from the API contract (shared/contract): one declaration gives the Fastify route, its
// request validation (before any handler, after the signature check and the rights check), the
// OpenAPI entry, and — under the test switch — a check of every answer against the declared schema.
// Validation errors become SPEC-style envelope messages naming the field, here and nowhere else.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteHandlerMethod } from 'fastify';
import Type from 'typebox';
import type { Envelope } from '../../shared/api/types.ts';
import { Envelope as EnvelopeSchema, ErrorEnvelope } from '../../shared/contract/envelope.ts';
import type { BodyOf, DataOf, Operation, ParamsOf, QueryOf, Rights, WholeAnswerOf } from '../../shared/contract/operation.ts';
import { describeIssue, fail, failField, requireAnyMenu, requireElement, requireMenu, requireUser, type Issue } from './http.ts';
import { langOf, translate, type MessageKey } from './messages.ts';

// Bodies are JSON: no type coercion, nothing removed, nothing defaulted — a wrong type is refused.
// Query strings and path parameters are text on the wire: numbers and booleans are read from it.
const shared = { allErrors: false, removeAdditional: false, useDefaults: false, strict: false, verbose: true } as const;
const ajvBody = new Ajv({ ...shared, coerceTypes: false });
const ajvText = new Ajv({ ...shared, coerceTypes: true });
const ajvAnswer = new Ajv({ ...shared, coerceTypes: false, allErrors: false });
for (const ajv of [ajvBody, ajvText, ajvAnswer]) ajv.addSchema(ErrorEnvelope);

/** The operations each platform declared (keyed by its context): the coverage test and the conformance suite read them. */
const declared = new WeakMap<object, Operation[]>();
/** The operations registered through route() on this app, in order. */
export const operationsOf = (app: FastifyInstance): readonly Operation[] => declared.get(app.atrium) ?? [];

/** A query's empty values are not sent (SPEC §7: the signature is over the non-empty parameters). */
function withoutEmpty(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown) => {
    if (data && typeof data === 'object') for (const [key, value] of Object.entries(data)) if (value === '') delete (data as Record<string, unknown>)[key];
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

/**
 * A validator compiled on its first use: a platform answers a few dozen of its 266 operations in a
 * typical session, and compiling every schema at start was a quarter of a platform's start-up CPU.
 * Ajv keeps what it compiled by schema object, so a second platform in the process compiles nothing.
 */
function lazily(compile: () => ValidateFunction): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const wrapped = ((data: unknown) => {
    validate ??= compile();
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

/** The ajv of a request part: bodies are JSON, the rest text read as declared. */
const ajvOf = (httpPart?: string): Ajv => (httpPart === 'body' ? ajvBody : ajvText);

function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const validate = lazily(() => ajvOf(httpPart).compile(schema as object));
  return httpPart === 'querystring' ? withoutEmpty(validate) : validate;
}

/** Answers are serialized as they are (JSON.stringify): the declared response schema documents and checks, it never trims. */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

function guardOf(rights: Rights) {
  if (rights === 'public') return null;
  if (rights === 'user') return requireUser;
  if ('menu' in rights) return requireMenu(rights.menu);
  if ('anyMenu' in rights) return requireAnyMenu(...rights.anyMenu);
  return requireElement(rights.element);
}

/** Where an operation's request parts are declared, as Fastify names them. */
const partName = { params: 'params', query: 'querystring', body: 'body' } as const;

const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** The Fastify route schema of an operation (and the OpenAPI entry @fastify/swagger builds from it). */
export function routeSchema(op: Operation): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    summary: op.summary,
    description: op.produces ? `${op.description}\n\nAnswer: the file itself (${op.produces}); a refusal is an ErrorEnvelope.` : op.description,
    tags: [op.tag],
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    response: {
      200: Type.Union([op.answer ?? EnvelopeSchema(op.data), Type.Ref('ErrorEnvelope')], { description: op.answer ? 'the answer, or a refusal (ErrorEnvelope)' : 'code 0 with the data, or a refusal (ErrorEnvelope)' }),
      ...op.refusals,
    },
    ...(op.rights === 'public' ? { security: [] } : {}),
    ...(op.consumes ? { consumes: ['application/json', ...op.consumes] } : {}),
  };
  // An operation that declares no query takes none: a stray key is refused like an unknown field.
  if (!op.query) schema.querystring = NO_QUERY;
  for (const part of ['params', 'query', 'body'] as const) {
    const s = op[part];
    if (!s) continue;
    const example = op.examples?.[part];
    schema[partName[part]] = example === undefined ? s : { ...s, examples: [example] };
  }
  return schema;
}

/**
 * Each operation's route schema and answer check, made once per process. Ajv keeps what it compiled
 * by the schema object, so a platform started again in the same process (the unit tests start dozens,
 * a worker each) reuses the compiled validators instead of compiling every schema again: ajv's
 * compiling was 70 % of the platform's unit tests' CPU time, and its cache grew with each start.
 * Fastify marks a route schema it has read and reads it the same way again.
 */
const routeSchemas = new WeakMap<Operation, Record<string, unknown>>();
const answerChecks = new WeakMap<Operation, ValidateFunction>();

function once<T>(made: WeakMap<Operation, T>, op: Operation, make: (op: Operation) => T): T {
  if (!made.has(op)) made.set(op, make(op));
  return made.get(op)!;
}

const answerCheckOf = (op: Operation): ValidateFunction => ajvAnswer.compile(Type.Union([op.answer ?? EnvelopeSchema(op.data), Type.Ref('ErrorEnvelope')]));

/**
 * Compiles an operation's request validators and answer check now, as its first request and answer
 * would (the platform compiles each on first use): a test proves every declaration compiles, which the
 * start-up used to prove. Throws ajv's error for a schema it cannot compile.
 */
export function compileNow(op: Operation): void {
  const schema = once(routeSchemas, op, routeSchema);
  for (const part of ['params', 'querystring', 'body'] as const) if (schema[part]) ajvOf(part).compile(schema[part] as object);
  once(answerChecks, op, answerCheckOf);
}

type Answer<O extends Operation> = (WholeAnswerOf<O> extends undefined ? Envelope<DataOf<O>> : WholeAnswerOf<O>) | Envelope<never>;
export type Handler<O extends Operation> = (
  request: FastifyRequest<{ Params: ParamsOf<O>; Querystring: QueryOf<O>; Body: BodyOf<O> }>,
  reply: FastifyReply,
) => Promise<Answer<O> | FastifyReply | void>;

/**
 * Registers the route an operation declares: its rights are checked first (40101/40401/40301), then
 * its params, query and body against their schemas (a refusal names the field), then the handler runs
 * with typed request parts. Under the test switch each answer is checked against the declaration.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: Handler<O>,
  extra: { preHandler?: preHandlerAsyncHookHandler[]; bodyLimit?: number; config?: Record<string, unknown> } = {},
): void {
  const guard = guardOf(op.rights);
  const checks = app.atrium.config.checkAnswers;
  // Compiled on the route's first answer (see lazily), once per process.
  const answerCheck = checks ? lazily(() => once(answerChecks, op, answerCheckOf)) : null;
  const list = declared.get(app.atrium) ?? [];
  list.push(op);
  declared.set(app.atrium, list);
  app.route({
    method: op.method,
    url: op.path,
    schema: once(routeSchemas, op, routeSchema),
    validatorCompiler,
    serializerCompiler,
    ...(guard ? { preValidation: guard } : {}),
    ...(extra.preHandler ? { preHandler: extra.preHandler } : {}),
    ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
    ...(extra.config ? { config: extra.config } : {}),
    ...(answerCheck
      ? {
          preSerialization: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            if (reply.statusCode !== 200 || answerCheck(payload)) return payload;
            const problem = describeAnswerProblem(answerCheck.errors ?? [], payload);
            const msg = `answer of ${op.method} ${op.path} breaks its contract: ${problem}`;
            app.atrium.log(`contract ${msg}`);
            reply.code(500);
            return fail(msg);
          },
        }
      : {}),
    handler: handler as RouteHandlerMethod,
  });
}

function describeAnswerProblem(errors: ErrorObject[], payload: unknown): string {
  // A success answer is checked against the data schema: name the deepest error of that branch.
  const code = (payload as { code?: unknown } | null)?.code;
  const relevant = errors.filter((e) => (code === 0 ? !e.schemaPath.startsWith('#/anyOf/1') : e.schemaPath.startsWith('#/anyOf/1'))).filter((e) => e.keyword !== 'anyOf');
  const e = relevant[0] ?? errors[0];
  return e ? `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}` : 'unknown';
}

// ---- refusals ---------------------------------------------------------------------------------

/** The request field an error is about: the property missing or unknown, else the top of the path. */
function fieldOf(e: ErrorObject): string | null {
  if (e.keyword === 'required') return String((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties') return String((e.params as { additionalProperty: string }).additionalProperty);
  const path = e.instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  return path.length ? path.join('.') : null;
}

type Schemaish = { minimum?: number; maximum?: number; minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; enum?: unknown[]; 'x-rule'?: string; 'x-length'?: string; 'x-range'?: string };

/** The message key (and its values) that says what is wrong, in the words the forms use (shared/validate). */
function issueOf(e: ErrorObject): Issue {
  const s = (e.parentSchema ?? {}) as Schemaish;
  switch (e.keyword) {
    case 'required':
      return { key: 'validate.required' };
    case 'additionalProperties':
      return { key: 'contract.unknown' };
    case 'type': {
      const type = String((e.params as { type: string }).type);
      if (type.includes('integer')) return { key: 'validate.integer' };
      if (type.includes('number')) return { key: 'validate.numeric' };
      if (type.includes('string')) return { key: 'validate.text' };
      if (type.includes('array')) return { key: 'contract.list' };
      if (type.includes('boolean')) return { key: 'contract.boolean' };
      return { key: 'contract.object' };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      // A fragment may name the form's own message for its range (event numbers: 'validate.positiveInteger').
      if (s['x-range']) return { key: s['x-range'] as MessageKey, params: { min: s.minimum ?? '', max: s.maximum ?? '' } };
      return s.minimum !== undefined && s.maximum !== undefined ? { key: 'validate.range', params: { min: s.minimum, max: s.maximum } } : { key: 'contract.number', params: { limit: String((e.params as { limit: number }).limit) } };
    case 'minLength':
    case 'maxLength':
      // A fragment may name the form's own length message (passwords: 'validate.password.between').
      if (s['x-length']) return { key: s['x-length'] as MessageKey, params: { min: s.minLength ?? 0, max: s.maxLength ?? '∞' } };
      if (s.minLength && s.maxLength !== undefined) return { key: 'validate.length.between', params: { min: s.minLength, max: s.maxLength } };
      return s.maxLength !== undefined ? { key: 'validate.length.max', params: { max: s.maxLength } } : { key: 'validate.length.min', params: { min: s.minLength ?? 0 } };
    case 'minItems':
    case 'maxItems':
      return { key: 'contract.items', params: { min: s.minItems ?? 0, max: s.maxItems ?? '∞' } };
    case 'pattern':
    case 'format':
      return { key: (s['x-rule'] as MessageKey | undefined) ?? 'contract.format' };
    case 'enum':
      return { key: 'contract.choice', params: { allowed: (s.enum ?? []).join(', ') } };
    default:
      return { key: 'validate.oneOf' };
  }
}

/** The envelope refusing a request whose params, query or body break the declaration. */
export function contractRefusal(request: FastifyRequest, error: FastifyError): Envelope<never> {
  const lang = langOf(request);
  const e = (error.validation as ErrorObject[] | undefined)?.[0];
  const field = e ? fieldOf(e) : null;
  if (!e || (field === null && (error as { validationContext?: string }).validationContext === 'body')) return fail(translate(lang, 'validate.body'));
  const message = describeIssue(lang, field ?? String((error as { validationContext?: string }).validationContext ?? ''), issueOf(e));
  return request.url.startsWith('/api/') && field ? failField(message, field) : fail(message);
}
