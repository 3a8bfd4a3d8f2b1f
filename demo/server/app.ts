// The demo platform as a Fastify instance: createApp() is used by main.ts and by tests (inject or
// listen on port 0). Route files are listed once in ROUTE_MODULES.
import { resolve, join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { CaptchaStore, SmsStore } from './people/codes.ts';
import { defaultTuning, withTwins, type MediaServerSetting, type Tuning } from './settings.ts';
import type { AppConfig, AppContext } from './context.ts';
import './context.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { MIGRATIONS, SEED_MARKS } from './migrations/index.ts';
import { installRequestLang } from './local-names.ts';
import { installDocs, installOpenApi } from './openapi.ts';
import { installOpLog } from './operations/op-log.ts';
import { fail, failWith, type RouteModule } from './http.ts';
import { contractRefusal } from './contract.ts';
import { t } from './messages.ts';
import { installRequestLog, pathOf } from './request-log.ts';
import { pruneNonces, verifySignature } from './signing.ts';
import { installCors, installSecurityHeaders, maskUrlsIn, refuseOddPaths } from './security.ts';
import { installStatic } from './static.ts';
import { pruneTokens } from './tokens.ts';

/** Requests per minute one client address may make to /api and /jwt unless ATRIUM_RATE_LIMIT says otherwise. */
export const DEFAULT_RATE_LIMIT = 3000;

/** Every route file; adding a domain is one line here. */
const ROUTE_MODULES: Array<Promise<RouteModule>> = [
  import('./people/auth.ts'),
  import('./administration/admin.ts'),
  import('./people/current-user.ts'),
  import('./people/user.ts'),
  import('./people/custom.ts'),
  import('./operations/progress.ts'),
  import('./video/video.ts'),
  import('./video/video-play.ts'),
  // After the cameras: their source health (online flag, states from the media server, checks).
  import('./video/camera-health.ts'),
  import('./administration/data-group.ts'),
  import('./devices/device.ts'),
  import('./devices/gateway.ts'),
  import('./devices/device-model.ts'),
  import('./devices/device-admin.ts'),
  import('./devices/points.ts'),
  import('./devices/gateway-point.ts'),
  import('./devices/device-group.ts'),
  // After devices: the alarm seed takes its sources from the seeded devices.
  import('./alarms/alarm.ts'),
  import('./alarms/alarm-stats.ts'),
  import('./alarms/alarm-breakdown.ts'),
  import('./alarms/alarm-event-type.ts'),
  import('./alarms/alarm-rule.ts'),
  import('./devices/relation.ts'),
  import('./linkage/linkage.ts'),
  import('./operations/job.ts'),
  import('./documents/document.ts'),
  import('./workflow/workflow.ts'),
  import('./attendance/attendance.ts'),
  import('./administration/tenant.ts'),
  import('./administration/menu.ts'),
  import('./administration/voucher.ts'),
  import('./administration/notify.ts'),
  import('./scada/scada.ts'),
  import('./people/oauth.ts'),
  import('./people/portal-token.ts'),
  import('./people/directory.ts'),
  import('./operations/monitor.ts'),
  import('./operations/client-error.ts'),
  import('./administration/role.ts'),
  import('./operations/op-log.ts'),
];

/**
 * What a caller adds to the platform beside the product's routes — the test switch (test-switch.ts)
 * is one; the product itself passes none, so no product module imports test code.
 */
export interface AppExtension {
  /** Runs after the request log's hooks and before signatures are checked (hooks on every request). */
  beforeSignatures?: (app: FastifyInstance) => void;
  /** Runs after the product's route modules are registered (routes of its own). */
  afterRoutes?: (app: FastifyInstance) => void;
}

export interface AppOptions {
  /** Data folder (ATRIUM_DATA); holds atrium.db and upload/. */
  dataDir: string;
  staticDir?: string | null;
  embedDir?: string | null;
  fixedCaptcha?: string | null;
  /** The test switch's tuning and answer checks (ATRIUM_FAULTS=1); its routes come with TEST_SWITCH in `extensions`. */
  faults?: boolean;
  /** Installed in order (see AppExtension). */
  extensions?: readonly AppExtension[];
  /** Check every contract route's answers against their declared schemas (default: with the fault switch; tests). */
  checkAnswers?: boolean;
  tokenTtlSeconds?: number;
  /** Where log lines go; stdout by default. */
  log?: (line: string) => void;
  /** Origins allowed to frame the console (ATRIUM_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Requests one client address may make per minute to /api and /jwt (ATRIUM_RATE_LIMIT); 0 turns the limit off. */
  rateLimit?: number;
  /** The media server's port, for the console's content security policy. */
  mediaPort?: number | null;
  /** Non-public networks camera sources may use (ATRIUM_CAMERA_NETWORKS, CIDR). */
  cameraNetworks?: readonly string[];
  /** Non-public networks webhooks may be delivered to (ATRIUM_OUTBOUND_NETWORKS, CIDR). */
  outboundNetworks?: readonly string[];
  /** The embedded mail server's port (ATRIUM_SMTP_PORT, default 2525; 0 picks a free one). */
  smtpPort?: number;
  /** The demo OpenID provider's port (ATRIUM_OIDC_PORT, default 8082; 0 picks a free one). */
  oidcPort?: number;
  /** The demo LDAP directory's port (ATRIUM_LDAP_PORT, default 1389; 0 picks a free one). */
  ldapPort?: number;
  /** Cameras show their own drawn picture through ffmpeg (main.ts: on when ffmpeg is installed). */
  drawnVideo?: boolean;
  /** External media servers' origins, added to the console's CSP (ATRIUM_MEDIA_ORIGINS, settings.ts). */
  mediaOrigins?: readonly string[];
  /** Play cameras with a source through this external media server (ATRIUM_MEDIA_SERVER, settings.ts). */
  mediaServer?: MediaServerSetting | null;
  /** Samplers, simulators, seeds and retries; what is not given takes its default (settings.ts). */
  tuning?: Partial<Tuning>;
}

const HOUSEKEEPING_MS = 60_000;
/** The largest JSON body any call needs (custom data values are capped well below). */
const BODY_LIMIT = 2 * 1024 * 1024;

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir);
  const config: AppConfig = {
    dataDir,
    uploadDir: join(dataDir, 'upload'),
    staticDir: options.staticDir ? resolve(options.staticDir) : null,
    embedDir: options.embedDir ? resolve(options.embedDir) : null,
    fixedCaptcha: options.fixedCaptcha ? options.fixedCaptcha : null,
    faults: options.faults ?? false,
    checkAnswers: options.checkAnswers ?? options.faults ?? false,
    tokenTtlMs: Math.max(1, options.tokenTtlSeconds ?? 3600) * 1000,
    cameraNetworks: options.cameraNetworks ?? [],
    outboundNetworks: options.outboundNetworks ?? [],
    smtpPort: options.smtpPort ?? 2525,
    oidcPort: options.oidcPort ?? 8082,
    ldapPort: options.ldapPort ?? 1389,
    mediaPort: options.mediaPort ?? null,
    drawnVideo: options.drawnVideo ?? false,
    mediaOrigins: options.mediaOrigins ?? [],
    mediaServer: options.mediaServer ?? null,
    tuning: { ...defaultTuning(options.faults ?? false), ...options.tuning },
  };
  const modules = await Promise.all(ROUTE_MODULES);
  const db = await openDatabase(dataDir, config.uploadDir, MIGRATIONS, SEED_MARKS);
  for (const m of modules) await m.seed?.(db, config);

  const ctx: AppContext = {
    db,
    config,
    // A line may quote a camera's source URL (an error, a media server's refusal): never its password.
    log: ((sink) => (line: string) => sink(maskUrlsIn(line)))(options.log ?? ((line: string) => console.log(line))),
    captchas: new CaptchaStore(config.fixedCaptcha),
    sms: new SmsStore(config.fixedCaptcha),
  };

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    // A malformed URL or an over-long path parameter is refused in the envelope too (never Fastify's own body).
    frameworkErrors: (_error, request, reply) => void (reply as FastifyReply).code(400).send(fail(t(request, 'server.badUrl'))),
  });
  app.decorate('atrium', ctx);
  app.decorateRequest('user', null);
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('envelopeCode', undefined);
  app.decorateRequest('token', null);

  // The signature covers the exact bytes sent, so the JSON parser keeps the text it parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)));
    } catch {
      const error = new Error('invalid JSON body') as FastifyError;
      (error as { code: string }).code = 'ATRIUM_INVALID_JSON';
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 20 } });

  installRequestLang(app);
  app.addHook('onRequest', refuseOddPaths);
  await installCors(app, options.allowedOrigins ?? []);
  // Per client address: a flood from one machine is answered 429 with a message saying when to come
  // back, before signing or any database work; the kit's files, embeds and media are not counted.
  const perMinute = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  if (perMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: perMinute,
      timeWindow: 60_000,
      allowList: (request) => !/^\/(api|jwt)\//.test(request.url),
      errorResponseBuilder: (request, context) => ({
        statusCode: 429,
        code: -1,
        msg: t(request, 'server.tooMany', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
      }),
    });
  }
  installSecurityHeaders(app, { frameAncestors: options.allowedOrigins ?? [], mediaPort: options.mediaPort ?? null, mediaOrigins: withTwins(config.mediaOrigins) });
  app.addHook('onRequest', async (request) => {
    const token = request.headers['access-token'];
    request.token = typeof token === 'string' && token.trim() !== '' ? token.trim() : null;
  });
  installRequestLog(app);
  for (const extension of options.extensions ?? []) extension.beforeSignatures?.(app);
  app.addHook('preValidation', verifySignature);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A request that breaks its operation's declaration (shared/contract): the field and the rule, never a 500.
    if (error.validation) return reply.code(200).send(contractRefusal(request, error));
    switch (error.code) {
      case 'ATRIUM_INVALID_JSON':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(200).send(failWith(request, 'validate.json'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(failWith(request, 'server.tooLarge'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(failWith(request, 'server.unsupported'));
    }
    // The rate limit's refusal carries its own message (see errorResponseBuilder above).
    if (error.statusCode === 429) return reply.code(429).send(fail(String((error as { msg?: unknown }).msg ?? error.message)));
    if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).send(fail(error.message));
    ctx.log(`error ${request.method} ${pathOf(request.url)}: ${error.name}: ${error.message}`);
    return reply.code(500).send(fail(t(request, 'server.error')));
  });

  await installOpenApi(app);
  installOpLog(app);
  for (const m of modules) await app.register(m.default);
  for (const extension of options.extensions ?? []) extension.afterRoutes?.(app);
  await installDocs(app);
  await installStatic(app);

  const housekeeping = setInterval(() => {
    const now = Date.now();
    pruneNonces(ctx, now);
    pruneTokens(ctx, now);
    ctx.captchas.prune(now);
    ctx.sms.prune(now);
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    closeDatabase(db);
  });

  return app;
}
