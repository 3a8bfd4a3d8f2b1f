// Files the platform serves besides the API: the built console at '/', widget bundles under
// /widgets/ (inside the same build), embedding demos under /embed/, and uploads under /upload/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failWith } from './http.ts';

/**
 * Uploaded files are other users' content: never let one run script on this origin. The CSP
 * sandboxes anything opened directly, and an SVG opened directly is downloaded, not rendered
 * (an <img> still shows it, and images never run script).
 */
const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const NOT_SPA = /^\/(api|jwt|upload|__test)(\/|$|\?)/;

export async function installStatic(app: FastifyInstance): Promise<void> {
  const { staticDir, embedDir, uploadDir } = app.atrium.config;
  mkdirSync(uploadDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: '/upload/',
    decorateReply: false,
    index: false,
    serveDotFiles: false,
    setHeaders: (reply, path) => {
      reply.header('Content-Security-Policy', UPLOAD_CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      if (path.toLowerCase().endsWith('.svg')) reply.header('Content-Disposition', 'attachment');
    },
  });

  if (embedDir && existsSync(embedDir)) {
    await app.register(fastifyStatic, { root: embedDir, prefix: '/embed/', decorateReply: false });
  }

  const hasBuild = !!staticDir && existsSync(join(staticDir, 'index.html'));
  if (staticDir && hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: 'index.html',
      // A route per built file, listed once at start: a build does not change under a running
      // platform. The catch-all route would read every folder on a file's path on each request to
      // check its spelling (measured: an eighth of a journey platform's CPU went to those reads).
      wildcard: false,
      // The kit's type declarations are text (by extension they would go out as MPEG transport streams).
      setHeaders: (reply, path) => {
        if (path.endsWith('.d.ts')) (reply as unknown as { header(name: string, value: string): void }).header('content-type', 'text/plain; charset=utf-8');
      },
    });
  }

  // Browsers ask for /favicon.ico on pages that name no icon (the embedding demos, the API docs): the
  // product's mark, not a 404 on every such page load.
  const favicon = readFileSync(join(import.meta.dirname, '../../console/brand/favicon.svg'));
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(favicon));

  app.setNotFoundHandler(async (request, reply) => {
    const accept = String(request.headers.accept ?? '');
    const spa = hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(request.url) && accept.includes('text/html');
    // Deep links of the console (/alarm/search …) are client routes: answer the app shell.
    if (spa && staticDir) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', staticDir);
    return reply.code(404).send(failWith(request, 'server.notFound'));
  });
}
