// The platform's API as OpenAPI 3.1 (GET /api/openapi.json) with a readable reference at /api/docs,
// generated from the registered routes (@fastify/swagger), so the document cannot drift from the
// code. Both are public and unsigned: they describe the API, they do not call it.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorEnvelope } from '../../shared/contract/envelope.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
/** Where the test-only routes live (registered only under the test switch). */
export const TEST_PREFIX = '/__test/';

/** Paths the signature check leaves alone. */
export const isDocsPath = (url: string): boolean => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`) || url.startsWith(`${DOCS_PREFIX}?`);

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** The platform file that registered it (e.g. 'routes/alarm.ts'), for the contract's coverage test. */
  file: string;
}

const routes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after installOpenApi (method and URL as Fastify declares them). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => routes.get(app) ?? [];

/** The first platform file on the stack that is not the registering machinery itself. */
function registeringFile(): string {
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const match = /demo\/server\/([\w/.-]+\.ts)/.exec(line);
    if (match && match[1] !== 'openapi.ts' && match[1] !== 'contract.ts') return match[1]!;
  }
  return '';
}

/** Before the route files: collects every route registered after it. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  const list: RegisteredRoute[] = [];
  routes.set(app, list);
  app.addHook('onRoute', (route) => {
    // The test switch's routes (/__test/…, test-hooks.ts) are not product API: never in the document.
    if (route.url.startsWith(TEST_PREFIX)) route.schema = { ...route.schema, hide: true };
    const file = registeringFile();
    for (const method of [route.method].flat()) list.push({ method: String(method), url: route.url, hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true, file });
  });
  // The error envelope is one shared component; contract routes refer to it from their answers.
  app.addSchema(ErrorEnvelope);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium platform API',
        description: [
          'The calls the Atrium console makes (SPEC §7). A platform that answers them as described here can stand behind the console.',
          'Every answer is an envelope { code, msg, data }: code 0 carries the data; any other code is a refusal (components.schemas.ErrorEnvelope lists the codes the console handles).',
          'Every /api call carries the access token (header access-token) and is signed: headers timestamp (ms), nonce (16 to 128 characters, used once) and sign = md5(payload + timestamp + nonce + token[0..9]), where payload is the raw JSON body when there is one, else the sorted non-empty query parameters key=value joined by & (several values of one key joined by commas). A request with a body may not carry query parameters (40103).',
          'Request fields not declared are refused, as are wrong types and out-of-range values: code -1, msg naming the field, data.field.',
        ].join('\n\n'),
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access-token', description: 'The token from POST /jwt/token' },
          sign: { type: 'apiKey', in: 'header', name: 'sign', description: 'md5(payload + timestamp + nonce + token[0..9]), lower-case hex; payload: the raw body, else the sorted non-empty query' },
          timestamp: { type: 'apiKey', in: 'header', name: 'timestamp', description: 'Milliseconds since 1970; at most 5 minutes from the server clock' },
          nonce: { type: 'apiKey', in: 'header', name: 'nonce', description: '16 to 128 characters, never used twice' },
        },
      },
      security: [{ accessToken: [], sign: [], timestamp: [], nonce: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
}

/** After the route files: the document and the reference pages. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}
