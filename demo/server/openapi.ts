// The platform's API as OpenAPI 3 (GET /api/openapi.json) with a readable reference at /api/docs,
// generated from the registered routes (@fastify/swagger), so the document cannot drift from the
// code. Both are public and unsigned: they describe the API, they do not call it.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Paths the signature check leaves alone. */
export const isDocsPath = (url: string): boolean => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`) || url.startsWith(`${DOCS_PREFIX}?`);

const routes = new WeakMap<FastifyInstance, Array<{ method: string; url: string; hidden: boolean }>>();

/** Every route registered after installOpenApi (method and URL as Fastify declares them). */
export const registeredRoutes = (app: FastifyInstance): ReadonlyArray<{ method: string; url: string; hidden: boolean }> => routes.get(app) ?? [];

/** Before the route files: collects every route registered after it. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  const list: Array<{ method: string; url: string; hidden: boolean }> = [];
  routes.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method: String(method), url: route.url, hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Atrium platform API',
        description:
          'Every /api call is signed (headers timestamp, nonce, sign = md5(payload + timestamp + nonce + token[0..9])) and carries the token in the access-token header. Answers are envelopes { code, msg, data }.',
        version: '1.0.0',
      },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } } },
      security: [{ accessToken: [] }],
    },
  });
}

/** After the route files: the document and the reference pages. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}
