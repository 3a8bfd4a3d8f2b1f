// The conformance suite (issue 36): runs against any platform that claims the Atrium API. From the
// declarations in shared/contract it generates valid requests (fast-check, from each operation's
// schemas) and hostile ones (unknown fields, wrong types, repeated query keys, control characters,
// huge numbers, missing fields, over-long text, another tenant's ids) and checks every answer:
//   - never HTTP 5xx;
//   - the envelope and its data match the declared answer schema;
//   - a hostile request is refused (code ≠ 0) and the rows it named are unchanged;
//   - another tenant's ids are never read or changed.
// It talks HTTP only (signing written here from SPEC §7), so it needs nothing of the demo platform.
import { createHash, randomBytes } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import Type, { type TSchema } from 'typebox';
import { Envelope, ErrorEnvelope } from '../../shared/contract/envelope.ts';
import type { Operation } from '../../shared/contract/operation.ts';

/**
 * Operations whose valid requests act beyond the rows they name (every open alarm; the account's own
 * password, which would lock the suite out of its next run; signing out or refreshing the suite's own
 * token, which would end it): only their hostile requests are sent.
 */
export const SKIP_VALID: ReadonlySet<string> = new Set(['POST /api/alarm/handle/all', 'POST /api/admin/user/cur-user/update-password', 'POST /jwt/invalid', 'GET /jwt/refresh']);
export const skipValid = (op: Operation): boolean => SKIP_VALID.has(`${op.method} ${op.path}`);

export interface Options {
  base: string;
  /** A signed-in user of the tenant under test (token), and one of another tenant. */
  token: string;
  foreignToken?: string | null;
  operations: readonly Operation[];
  /** Valid requests generated per operation. */
  validRuns: number;
  /** Hostile variants tried per operation (at most; each field gets its kinds of breakage). */
  hostileRuns: number;
  seed: number;
  /** Operations whose valid requests act on many rows at once (e.g. handle every open alarm) are only sent hostile requests. */
  skipValid?: (op: Operation) => boolean;
  log?: (line: string) => void;
}

export interface OperationReport {
  operation: string;
  valid: number;
  hostile: number;
  refused: number;
  foreign: number;
  failures: string[];
}

export interface Report {
  operations: OperationReport[];
  calls: number;
  failures: string[];
  ms: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = TSchema & Record<string, unknown>;

// ---- HTTP ---------------------------------------------------------------------------------------

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** A query as pairs (a key may repeat: the hostile requests send one twice). */
type Pairs = Array<[string, string]>;

export interface Answer {
  status: number;
  body: unknown;
}

/** A signed call (SPEC §7: md5(payload + timestamp + nonce + token[0..9]); payload = body, else the sorted non-empty query). */
export async function call(base: string, token: string, method: string, path: string, request: { query?: Pairs; body?: unknown } = {}): Promise<Answer> {
  const bodyText = request.body === undefined ? undefined : JSON.stringify(request.body);
  const grouped = new Map<string, string[]>();
  for (const [k, v] of request.query ?? []) if (v !== '') grouped.set(k, [...(grouped.get(k) ?? []), v]);
  const payload = bodyText ?? [...grouped.keys()].sort().map((k) => `${k}=${grouped.get(k)!.join(',')}`).join('&');
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const headers: Record<string, string> = { 'access-token': token, timestamp, nonce, sign: md5(payload + timestamp + nonce + token.slice(0, 9)), lang: 'en' };
  if (bodyText !== undefined) headers['content-type'] = 'application/json';
  const qs = new URLSearchParams(request.query ?? []).toString();
  const response = await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, { method, headers, ...(bodyText !== undefined ? { body: bodyText } : {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: reported as it is */
  }
  return { status: response.status, body };
}

/** Signs in with a password (and the captcha a demo platform fixes with ATRIUM_FIXED_CAPTCHA). */
export async function signIn(base: string, username: string, password: string, captcha = '1234'): Promise<string> {
  const response = await fetch(`${base}/jwt/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, model: 'password', verifyCode: captcha }) });
  const body = (await response.json()) as { token?: string; msg?: string };
  if (!body.token) throw new Error(`sign-in of ${username} refused: ${body.msg ?? response.status}`);
  return body.token;
}

// ---- values from schemas -----------------------------------------------------------------------

const ONE_LINE_CHARS = fc.string({ unit: fc.constantFrom(...'abcXYZ019 _-温度传感器'.split('')), maxLength: 12 });

/** A fast-check arbitrary of the values a schema accepts (the subset of JSON Schema the contract uses). */
export function arbitrary(schema: Schema): fc.Arbitrary<Json> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
  if ('const' in schema) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(arbitrary));
  switch (schema.type) {
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      // Small values and the bounds are the interesting ones.
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.constantFrom(min, max), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}), ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
      const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
      const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength && (!pattern || pattern.test(s));
      const plain = fc.string({ unit: fc.constantFrom(...'abcXYZ019 _-温度传感器'.split('')), minLength, maxLength: Math.max(minLength, Math.min(maxLength, 12)) });
      if (!pattern || pattern.test('') || pattern.test('abc')) return plain.filter(fits);
      return fc.stringMatching(pattern).filter(fits);
    }
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, minLength + 4);
      return fc.array(arbitrary(schema.items as Schema), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, arbitrary(s)])), { requiredKeys: required }) as fc.Arbitrary<Json>;
    }
    default:
      return ONE_LINE_CHARS as fc.Arbitrary<Json>;
  }
}

/** A query object as pairs (lists comma-joined, SPEC §7). */
const toPairs = (query: Record<string, unknown> | undefined): Pairs =>
  Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]);

/** Fastify-style path with its parameters filled in. */
const fillPath = (path: string, params: Record<string, unknown> | undefined) => path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));

// ---- hostile variants ---------------------------------------------------------------------------

interface Request {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Extra raw query pairs (a repeated key). */
  extraPairs?: Pairs;
  what: string;
}

const CONTROL = 'a\u0000b\u001bc';
const HUGE = [1e20, -1e20, 2 ** 53 + 1, -1, 0.5];

/** Wrong values for a field of this schema (each must break it). */
function breakers(schema: Schema): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const type = schema.type;
  if (Array.isArray(schema.enum)) out.push(['not one of the choices', 'not-a-choice'], ['a number for a choice', 7]);
  if (type === 'integer' || type === 'number') {
    out.push(['text for a number', 'abc'], ['a list for a number', [1, 2]], ['true for a number', true]);
    for (const n of HUGE) out.push([`the number ${n}`, n]);
  }
  if (type === 'string') {
    out.push(['an object for text', { $gt: '' }], ['a number for text', 12], ['control characters', CONTROL]);
    if (typeof schema.maxLength === 'number') out.push([`${schema.maxLength + 1} characters`, 'x'.repeat(schema.maxLength + 1)]);
  }
  if (type === 'array') {
    out.push(['text for a list', '1,2'], ['a list of text', ['x']], ['a list with null', [null]]);
    if (typeof schema.maxItems === 'number') out.push([`${schema.maxItems + 1} items`, Array.from({ length: schema.maxItems + 1 }, (_, i) => i + 1)]);
    if (typeof schema.minItems === 'number' && schema.minItems > 0) out.push(['an empty list', []]);
  }
  if (type === 'boolean') out.push(['text for true/false', 'yes']);
  if (type === 'object') out.push(['a list for an object', []]);
  return out;
}

/** Hostile variants of a valid request: every field of every part broken in each way its schema forbids. */
function hostileVariants(op: Operation, valid: Request): Request[] {
  const out: Request[] = [];
  // A query key the operation does not declare (for one with a body, a query the signature does not cover).
  if (!op.query) out.push({ ...valid, query: { zzUnknown: '1' }, what: 'query: an undeclared parameter' });
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = op[part] as Schema | undefined;
    if (!schema) continue;
    const base = (valid[part] ?? {}) as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    if (part !== 'params') out.push({ ...valid, [part]: { ...base, zzUnknown: 1 }, what: `${part}: an unknown field` });
    if (part === 'body') out.push({ ...valid, body: [base], what: 'body: a list for the object' }, { ...valid, body: 'text', what: 'body: text for the object' });
    for (const [field, fieldSchema] of Object.entries(properties)) {
      if (required.has(field) && part !== 'params') {
        const { [field]: _dropped, ...rest } = base;
        out.push({ ...valid, [part]: rest, what: `${part}.${field}: missing` });
      }
      const own = fieldSchema.anyOf ? ((fieldSchema.anyOf as Schema[]).find((s) => s.type !== 'null') ?? fieldSchema) : fieldSchema;
      for (const [what, value] of breakers(own)) {
        // A URL carries text: an object, true or a number for text is not a wrong type there.
        if (part !== 'body' && (typeof value === 'object' || typeof value === 'boolean' || (typeof value === 'number' && own.type === 'string'))) continue;
        out.push({ ...valid, [part]: { ...base, [field]: value }, what: `${part}.${field}: ${what}` });
      }
      if (part === 'query') out.push({ ...valid, extraPairs: [[field, String(base[field] ?? '1')], [field, '2']], what: `query.${field}: given twice` });
    }
  }
  return out;
}

// ---- the run ------------------------------------------------------------------------------------

const partValidators = new Map<object, ValidateFunction>();
const textAjv = new Ajv({ allErrors: false, strict: false, coerceTypes: true });
const jsonAjv = new Ajv({ allErrors: false, strict: false });

/** Whether a request breaks its operation's declaration (query and path read as text, the body as JSON). */
function breaksDeclaration(op: Operation, request: Request): boolean {
  if (request.extraPairs?.length) return true; // a key given twice
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = op[part];
    const value = request[part];
    if (!schema) {
      if (part === 'query' && value && Object.keys(value).length) return true;
      continue;
    }
    let validate = partValidators.get(schema);
    if (!validate) partValidators.set(schema, (validate = (part === 'body' ? jsonAjv : textAjv).compile(schema)));
    const data = part === 'body' ? value : Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
    if (!validate(part === 'body' ? (data ?? null) : data)) return true;
  }
  return false;
}

const ajvOptions = { allErrors: false, strict: false } as const;

/** Rows of an answer's data with an id (a page's rows, a list): id → row. */
function rowsById(data: unknown): Map<number, string> {
  const rows = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { rows?: unknown }).rows) ? (data as { rows: unknown[] }).rows : [];
  const out = new Map<number, string>();
  for (const row of rows) if (row && typeof row === 'object' && typeof (row as { id?: unknown }).id === 'number') out.set((row as { id: number }).id, JSON.stringify(row));
  return out;
}

/** The ids a request names (fields id and ids, in any part). */
function idsIn(request: Request): number[] {
  const out: number[] = [];
  for (const part of [request.params, request.query, request.body]) {
    if (!part || typeof part !== 'object' || Array.isArray(part)) continue;
    const { id, ids } = part as { id?: unknown; ids?: unknown };
    if (typeof id === 'number') out.push(id);
    if (Array.isArray(ids)) for (const x of ids) if (typeof x === 'number') out.push(x);
  }
  return out;
}

export async function run(options: Options): Promise<Report> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const ajv = new Ajv(ajvOptions);
  ajv.addSchema(ErrorEnvelope);
  const answerCheck = new Map<Operation, ValidateFunction>();
  const checkOf = (op: Operation) => {
    let v = answerCheck.get(op);
    if (!v) answerCheck.set(op, (v = ajv.compile(Type.Union([op.answer ?? Envelope(op.data), Type.Ref('ErrorEnvelope'), ...Object.values(op.refusals ?? {})]))));
    return v;
  };
  const report: Report = { operations: [], calls: 0, failures: [], ms: 0 };

  // Witnesses: the list reads with nothing required, per tag; they show the rows a request names.
  // Lists read by a POST body (…/page) count too: their body is a page.
  const pagePost = (op: Operation) => op.method === 'POST' && op.path.endsWith('/page') && !op.params;
  const readers = options.operations.filter((op) => (op.method === 'GET' && !op.params && !((op.query as Schema | undefined)?.required as string[] | undefined)?.length) || pagePost(op));
  const witness = async (token: string, tag: string): Promise<Map<number, string>> => {
    const all = new Map<number, string>();
    for (const op of readers.filter((r) => r.tag === tag)) {
      const props = ((op.query as Schema | undefined)?.properties ?? {}) as Record<string, unknown>;
      const query = 'limit' in props ? { page: 1, limit: 100 } : {};
      const answer = pagePost(op) ? await call(options.base, token, op.method, op.path, { body: { page: 1, limit: 100 } }) : await call(options.base, token, op.method, op.path, { query: toPairs(query) });
      report.calls++;
      for (const [id, row] of rowsById((answer.body as { data?: unknown })?.data)) all.set(id, row);
    }
    return all;
  };

  for (const op of options.operations) {
    const name = `${op.method} ${op.path}`;
    const r: OperationReport = { operation: name, valid: 0, hostile: 0, refused: 0, foreign: 0, failures: [] };
    report.operations.push(r);
    const fail = (what: string) => {
      r.failures.push(what);
      report.failures.push(`${name}: ${what}`);
    };
    const send = async (request: Request, token = options.token): Promise<Answer> => {
      const pairs = [...toPairs(request.query as Record<string, unknown> | undefined), ...(request.extraPairs ?? [])];
      const answer = await call(options.base, token, op.method, fillPath(op.path, request.params), { query: pairs, body: request.body });
      report.calls++;
      if (answer.status >= 500) fail(`${request.what} → HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
      else if (op.produces && answer.status === 200 && typeof answer.body === 'string') {
        // A download: the file itself (its media type is the declaration's); refusals are envelopes.
      } else if (!checkOf(op)(answer.body)) {
        const e = checkOf(op).errors?.[0];
        fail(`${request.what} → the answer breaks the declared schema (${e?.instancePath || '/'} ${e?.message}): ${JSON.stringify(answer.body).slice(0, 160)}`);
      }
      return answer;
    };

    // Valid requests from the schemas (the declared example first).
    const shape = fc.record({
      params: op.params ? arbitrary(op.params as Schema) : fc.constant(undefined),
      query: op.query ? arbitrary(op.query as Schema) : fc.constant(undefined),
      body: op.body ? arbitrary(op.body as Schema) : fc.constant(undefined),
    });
    const samples = options.skipValid?.(op) ? [] : fc.sample(shape, { numRuns: options.validRuns, seed: options.seed });
    const example: Request = { what: 'the declared example', ...(op.examples?.params ? { params: op.examples.params as Record<string, unknown> } : {}), ...(op.examples?.query ? { query: op.examples.query as Record<string, unknown> } : {}), ...(op.examples?.body !== undefined ? { body: op.examples.body } : {}) };
    if (!options.skipValid?.(op)) {
      for (const sample of [example, ...samples.map((s, i) => ({ ...(s as object), what: `generated request ${i + 1}: ${JSON.stringify(s).slice(0, 120)}` }) as Request)]) {
        await send(sample);
        r.valid++;
      }
    }

    // Hostile requests, built on a valid one that names real rows of the tenant (so a request let
    // through would change something the witness sees).
    // Rows still changing from the valid requests (a job run finishing) settle first (only where a
    // request could change them).
    let before = await witness(options.token, op.tag);
    for (let i = 0; i < (op.method === 'GET' ? 0 : 5); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await witness(options.token, op.tag);
      const same = again.size === before.size && [...again].every(([id, row]) => before.get(id) === row);
      before = again;
      if (same) break;
    }
    const ownIds = [...before.keys()];
    const base: Request = JSON.parse(JSON.stringify(example)) as Request;
    const realId = ownIds[0];
    if (realId !== undefined) {
      if (base.params && 'id' in base.params) base.params.id = realId;
      if (base.body && typeof base.body === 'object' && !Array.isArray(base.body) && 'ids' in base.body) (base.body as { ids: number[] }).ids = [realId];
    }
    // Only variants the declaration itself refuses (a field may accept several types).
    const all = hostileVariants(op, base).filter((v) => breaksDeclaration(op, v));
    // A seeded shuffle of every variant, the first hostileRuns of them tried.
    const variants = fc.sample(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), { numRuns: 1, seed: options.seed })[0]!.slice(0, options.hostileRuns);
    for (const variant of variants) {
      const answer = await send(variant);
      r.hostile++;
      const code = (answer.body as { code?: unknown })?.code;
      if (code === 0) fail(`${variant.what} was accepted: ${JSON.stringify(answer.body).slice(0, 160)}`);
      else r.refused++;
    }
    if (variants.length && op.method !== 'GET') {
      const after = await witness(options.token, op.tag);
      for (const id of idsIn(base)) if (before.has(id) && after.has(id) && before.get(id) !== after.get(id)) fail(`row ${id} changed although every hostile request was refused: ${before.get(id)} → ${after.get(id)}`);
    }

    // Another tenant's ids: never read, never changed.
    const takesId = 'id' in (((op.params as Schema | undefined)?.properties ?? {}) as object) || 'ids' in (((op.body as Schema | undefined)?.properties ?? {}) as object);
    if (options.foreignToken && takesId) {
      // Their rows the tenant under test cannot see itself (shared rows, e.g. platform-wide models, are not foreign).
      const theirs = new Map([...(await witness(options.foreignToken, op.tag))].filter(([id]) => !before.has(id)));
      for (const id of [...theirs.keys()].slice(0, 3)) {
        const request: Request = JSON.parse(JSON.stringify(base)) as Request;
        request.what = `another tenant's id ${id}`;
        if (request.params && 'id' in request.params) request.params.id = id;
        if (request.body && typeof request.body === 'object' && 'ids' in (request.body as object)) (request.body as { ids: number[] }).ids = [id];
        const answer = await send(request);
        r.foreign++;
        const body = answer.body as { code?: unknown; data?: unknown };
        if (body?.code === 0) fail(`${request.what} was accepted: ${JSON.stringify(body).slice(0, 160)}`);
      }
      if (op.method !== 'GET') {
        const after = await witness(options.foreignToken, op.tag);
        for (const [id, row] of theirs) if (after.has(id) && after.get(id) !== row && [...theirs.keys()].slice(0, 3).includes(id)) fail(`another tenant's row ${id} changed`);
      }
    }
    log(`${name}: ${r.valid} valid, ${r.hostile} hostile (${r.refused} refused), ${r.foreign} foreign, ${r.failures.length} failures`);
  }
  report.ms = Date.now() - started;
  return report;
}

/** The report as a Markdown table (README). */
export function markdown(report: Report): string {
  const lines = ['| operation | valid | hostile (refused) | foreign ids | failures |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const r of report.operations) lines.push(`| ${r.operation} | ${r.valid} | ${r.hostile} (${r.refused}) | ${r.foreign} | ${r.failures.length} |`);
  lines.push('', `${report.calls} calls in ${(report.ms / 1000).toFixed(1)} s; ${report.failures.length} failures.`);
  return lines.join('\n');
}
