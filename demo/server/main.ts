// Entry of the demo platform: `node demo/server/main.ts`. Configuration comes from the environment.
import { mediaOriginsFromEnv, mediaServerFromEnv, tuningFromEnv } from './settings.ts';
import { maskUrlsIn } from './security.ts';
import { existsSync } from 'node:fs';
import { startMediaServer } from '../media/index.ts';
import { hasFfmpeg } from '../media/producers.ts';
import { createApp } from './app.ts';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const mediaPort = Number(env.MEDIA_PORT ?? 8081);
const ttl = Number(env.ATRIUM_TOKEN_TTL ?? 3600);

if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
if (!Number.isInteger(mediaPort) || mediaPort < 0 || mediaPort > 65535) throw new Error(`MEDIA_PORT must be a port number, got ${env.MEDIA_PORT}`);
if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`ATRIUM_TOKEN_TTL must be a positive number of seconds, got ${env.ATRIUM_TOKEN_TTL}`);

const staticDir = env.ATRIUM_STATIC ?? 'dist';
/** A comma-separated setting as a list. */
function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((x) => x.trim()).filter(Boolean);
}
const faults = env.ATRIUM_FAULTS === '1';
// Each camera's own drawn picture needs ffmpeg; ATRIUM_DEMO_VIDEO=clips keeps the committed loops.
if (env.ATRIUM_DEMO_VIDEO && !['drawn', 'clips'].includes(env.ATRIUM_DEMO_VIDEO)) throw new Error(`ATRIUM_DEMO_VIDEO must be drawn or clips, got ${env.ATRIUM_DEMO_VIDEO}`);
const drawnVideo = env.ATRIUM_DEMO_VIDEO !== 'clips' && hasFfmpeg();
// External media servers: the origins the console may play from, and the one cameras with a source go through.
const mediaOrigins = mediaOriginsFromEnv(env);
const mediaServer = mediaServerFromEnv(env, mediaOrigins);
// Log lines may quote a camera's source URL (ffmpeg's errors do): its password never reaches the log.
const log = (line: string) => console.log(maskUrlsIn(line));

function wholeNumber(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 or more), got ${raw}`);
  return n;
}

// The test switch's routes are test code: loaded only when it is on, never imported by the product.
const extensions = faults ? [(await import('./test-switch.ts')).TEST_SWITCH] : [];

const app = await createApp({
  dataDir: env.ATRIUM_DATA ?? '.data',
  staticDir,
  embedDir: 'demo/embed',
  fixedCaptcha: env.ATRIUM_FIXED_CAPTCHA ?? null,
  faults,
  extensions,
  tokenTtlSeconds: ttl,
  mediaPort,
  drawnVideo,
  mediaOrigins,
  mediaServer,
  allowedOrigins: list(env.ATRIUM_ALLOWED_ORIGINS),
  ...(env.ATRIUM_RATE_LIMIT ? { rateLimit: wholeNumber('ATRIUM_RATE_LIMIT', env.ATRIUM_RATE_LIMIT) } : {}),
  cameraNetworks: list(env.ATRIUM_CAMERA_NETWORKS),
  outboundNetworks: list(env.ATRIUM_OUTBOUND_NETWORKS),
  // Journeys run with the test switch on: a free port for the mail server unless one is named.
  smtpPort: env.ATRIUM_SMTP_PORT ? wholeNumber('ATRIUM_SMTP_PORT', env.ATRIUM_SMTP_PORT) : faults ? 0 : 2525,
  oidcPort: env.ATRIUM_OIDC_PORT ? wholeNumber('ATRIUM_OIDC_PORT', env.ATRIUM_OIDC_PORT) : faults ? 0 : 8082,
  ldapPort: env.ATRIUM_LDAP_PORT ? wholeNumber('ATRIUM_LDAP_PORT', env.ATRIUM_LDAP_PORT) : faults ? 0 : 1389,
  tuning: tuningFromEnv(env),
});

// 'localhost' binds the IPv4 and IPv6 loopback both; HOST=0.0.0.0 opens the demo to the network.
await app.listen({ port, host: env.HOST ?? 'localhost' });
// Live media has its own port so streams never take the API origin's six HTTP/1.1 connections.
const media = await startMediaServer({ port: mediaPort, host: env.HOST ?? 'localhost', scenes: drawnVideo, log });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`Atrium demo platform on http://localhost:${actualPort}`);
if (!existsSync(staticDir)) console.log(`(no front-end build in ${staticDir}: run npm run build to serve the console)`);
console.log(`Atrium media server on http://localhost:${media.port}`);
if (mediaServer) {
  const { createMediaAdapter } = await import('./video/media-adapter.ts');
  const health = await createMediaAdapter(mediaServer).health();
  console.log(`Cameras with a source play through ${mediaServer.kind} at ${mediaServer.api} (${health.ok ? health.detail : `not answering yet: ${health.detail}`}), viewers at ${mediaServer.playOrigin}`);
}
if (faults) console.log('(test fault switch enabled: ATRIUM_FAULTS=1)');
if (!drawnVideo) console.log('(cameras show the committed 320x180 loops: ffmpeg is not installed, or ATRIUM_DEMO_VIDEO=clips)');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down`);
  try {
    await Promise.all([app.close(), media.close()]);
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
