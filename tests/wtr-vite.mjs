// A @web/test-runner plugin that compiles everything through a Vite dev server (the project's own
// vite.config.ts: vanilla-extract, TSX), answering in the `serve` hook so the runner's static file
// middleware never hands the browser raw TypeScript.
import { createServer } from 'vite';

const OWN = /^\/(?:$|__web|__wds)/;

export function viteCompile({ port }) {
  let vite;
  let origin;
  return {
    name: 'atrium-vite-compile',
    async serverStart() {
      vite = await createServer({
        clearScreen: false,
        logLevel: 'warn',
        server: { port, strictPort: true, hmr: false },
        // The runner's commands (real key presses) reach the runner through its own web socket module,
        // which only the runner serves: Vite must leave that import alone rather than pre-bundle it.
        optimizeDeps: { exclude: ['@web/test-runner-commands'] },
        plugins: [
          {
            name: 'atrium-wtr-socket',
            enforce: 'pre',
            resolveId: (id) => (id === '/__web-dev-server__web-socket.js' ? { id, external: true } : null),
          },
        ],
      });
      await vite.listen();
      origin = `http://localhost:${port}`;
    },
    async serverStop() {
      await vite?.close();
    },
    async serve(context) {
      if (OWN.test(context.path)) return undefined;
      const url = new URL(context.url, origin);
      url.searchParams.delete('wtr-session-id');
      const response = await fetch(url);
      if (!response.ok) return { body: await response.text(), type: 'text/plain', status: response.status };
      const type = response.headers.get('content-type') ?? 'application/javascript';
      const body = type.startsWith('text/') || type.includes('javascript') || type.includes('json')
        ? await response.text()
        : Buffer.from(await response.arrayBuffer());
      return { body, type };
    },
  };
}
