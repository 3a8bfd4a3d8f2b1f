// One log line per request: method, path without the query string (which may carry a token),
// envelope code and duration. Bodies and headers are never logged.
import type { FastifyInstance } from 'fastify';

export const pathOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
};

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload === 'string' && type.includes('json') && payload.startsWith('{')) {
      try {
        const code = (JSON.parse(payload) as { code?: unknown }).code;
        if (typeof code === 'number') request.envelopeCode = code;
      } catch {
        /* not an envelope: the line shows '-' */
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const code = request.envelopeCode ?? '-';
    app.atrium.log(`${request.method} ${pathOf(request.url)} ${reply.statusCode} code=${code} ${Math.round(reply.elapsedTime)}ms`);
  });
}
