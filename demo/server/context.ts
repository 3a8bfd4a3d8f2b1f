// What every route file reaches through `app.atrium`: the database, the configuration and the
// short-lived stores (captchas, SMS codes). Also types the request fields the platform adds.
import type { CaptchaStore, SmsStore } from './people/codes.ts';
import type { Db } from './db.ts';
import type { MediaServerSetting, Tuning } from './settings.ts';

export interface AppConfig {
  dataDir: string;
  uploadDir: string;
  /** Folder of the built front end, or null when there is none (tests without a build). */
  staticDir: string | null;
  /** Folder of the embedding demo pages, or null. */
  embedDir: string | null;
  /** When set, every captcha and SMS code equals it (tests and demos). */
  fixedCaptcha: string | null;
  /** Enables the test-only fault switch and request recorder. */
  faults: boolean;
  /** Checks every answer of a contract route against its declared schema; a mismatch answers 500 (tests). */
  checkAnswers: boolean;
  tokenTtlMs: number;
  /** CIDR ranges of non-public addresses camera sources may use (ATRIUM_CAMERA_NETWORKS). */
  cameraNetworks: readonly string[];
  /** CIDR ranges of non-public addresses webhooks may be delivered to (ATRIUM_OUTBOUND_NETWORKS). */
  outboundNetworks: readonly string[];
  /** The embedded mail server's port (ATRIUM_SMTP_PORT; 0: any free one). */
  smtpPort: number;
  /** The demo OpenID provider's port (ATRIUM_OIDC_PORT; 0 picks a free one). */
  oidcPort: number;
  /** The demo LDAP directory's port (ATRIUM_LDAP_PORT; 0 picks a free one). */
  ldapPort: number;
  /** The media server's port when the caller named one (MEDIA_PORT); the running server's own wins. */
  mediaPort: number | null;
  /** Cameras show their own drawn picture (1280x720, name, time) rather than a looped clip (ATRIUM_DEMO_VIDEO). */
  drawnVideo: boolean;
  /** External media servers' origins the console may play from (ATRIUM_MEDIA_ORIGINS). */
  mediaOrigins: readonly string[];
  /** The external media server cameras with a source are played through (ATRIUM_MEDIA_SERVER), or null. */
  mediaServer: MediaServerSetting | null;
  /** Samplers, simulators, seeds and retries (settings.ts). */
  tuning: Tuning;
}

export interface SessionUser {
  id: number;
  tenantId: number;
  username: string;
  name: string;
  superAdmin: boolean;
  menus: Set<string>;
  elements: Set<string>;
}

export interface AppContext {
  db: Db;
  config: AppConfig;
  /** One line to the server log (stdout by default). Never pass tokens, passwords or codes, except the simulated SMS. */
  log: (line: string) => void;
  captchas: CaptchaStore;
  sms: SmsStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    atrium: AppContext;
  }
  interface FastifyRequest {
    /** Set by requireUser; read it through userOf(). */
    user: SessionUser | null;
    /** The exact JSON body text, kept because the signature covers the bytes the client sent. */
    rawBody: string | undefined;
    /** The envelope code of the answer, for the request log. */
    envelopeCode: number | undefined;
    /** The access token the request carried (header, or ?token= on /jwt/user), never logged. */
    token: string | null;
  }
}
