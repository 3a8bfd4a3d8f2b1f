// One log line per request: method, path without the query string (which may carry a token),
// envelope code and duration. Bodies and headers are never logged.
import type { FastifyInstance } from 'fastify';

export const pathOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
};

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Envelopes are built as { code, msg, data }, so the code is at the very start: no need to parse
    // (possibly large) bodies just for the log line.
    if (typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json')) {
      const match = /^\{"code":(-?\d+)[,}]/.exec(payload.slice(0, 32));
      if (match) request.envelopeCode = Number(match[1]);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const code = request.envelopeCode ?? '-';
    app.atrium.log(`${request.method} ${pathOf(request.url)} ${reply.statusCode} code=${code} ${Math.round(reply.elapsedTime)}ms`);
  });
}
