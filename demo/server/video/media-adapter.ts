// Cameras played through an existing media server (ATRIUM_MEDIA_SERVER) instead of the demo's own:
// one adapter interface — pull a source under a stream key, the play URLs, release, health — with the
// node-media-server 4 implementation, and ExternalStreams, which pulls a camera when its first viewer
// asks and releases it when the last viewer's play code ends. Play codes, heartbeats and shut stay the
// platform's (docs/media-servers.md maps ZLMediaKit, SRS and MediaMTX onto the same interface).
import { createHash, randomBytes } from 'node:crypto';
import type { PlayCodeStore, StreamGrant } from '../../media/play-codes.ts';
import { maskUrlsIn } from '../security.ts';
import type { MediaServerSetting } from '../settings.ts';

export interface PlayUrls {
  flvUri: string;
  wsUri: string;
}

/** Why a media server would not take a source: a scheme it cannot pull, or its API failing / unreachable. */
export class MediaServerError extends Error {
  readonly reason: 'scheme' | 'refused' | 'unreachable';
  constructor(reason: MediaServerError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** One external media server's API, as the platform needs it. */
export interface MediaAdapter {
  /** Short name for logs ('nms'). */
  readonly name: string;
  /** Source schemes the server can pull (the platform refuses others before asking it). */
  readonly schemes: readonly string[];
  /** Makes the server pull `sourceUrl` and serve it under `key` (a name without slashes or dots). */
  pull(key: string, sourceUrl: string): Promise<void>;
  /** Whether the stream under `key` has a publisher (the source is being received). */
  isLive(key: string): Promise<boolean>;
  /** The URLs a browser plays `key` from (HTTP-FLV and WS-FLV), signed when the server wants it. */
  playUrls(key: string): PlayUrls;
  /** Stops pulling `key`; resolves also when the server no longer had it. */
  release(key: string): Promise<void>;
  /** Whether the server's API answers. */
  health(): Promise<{ ok: boolean; detail: string }>;
}

type Fetch = typeof fetch;

/**
 * node-media-server 4: its admin API (JWT from POST /api/v1/login) adds relay tasks with
 * POST /api/v1/relay { url, streamPath, mode: 'pull' } (RTSP and RTMP sources), removes them with
 * DELETE /api/v1/relay { streamPath }, reports a stream at GET /api/v1/streams/:app/:name, and serves
 * every stream as HTTP-FLV and WS-FLV at /:app/:name.flv on its HTTP port. With auth.play on, a play
 * URL carries sign=<expiry>-md5(<streamPath>-<expiry>-<secret>).
 */
export class NmsAdapter implements MediaAdapter {
  readonly name = 'nms';
  readonly schemes = ['rtsp:', 'rtmp:'];
  /** The app part of every stream path the platform creates, so its streams are told from others. */
  static readonly APP = 'atrium';
  /** How long a signed play URL can be opened (a reconnect after that needs a new play request). */
  static readonly SIGN_TTL_S = 3600;
  readonly #s: MediaServerSetting;
  readonly #fetch: Fetch;
  #token: string | null = null;

  constructor(setting: MediaServerSetting, fetchImpl: Fetch = fetch) {
    this.#s = setting;
    this.#fetch = fetchImpl;
  }

  #path(key: string): string {
    return `/${NmsAdapter.APP}/${key}`;
  }

  async #login(): Promise<string> {
    const res = await this.#send('POST', '/api/v1/login', { username: this.#s.user, password: this.#s.password }, false);
    const token = (res.body as { data?: { token?: string } } | null)?.data?.token;
    if (res.status !== 200 || !token) throw new MediaServerError('refused', `the media server refused the API account (HTTP ${res.status})`);
    this.#token = token;
    return token;
  }

  async #send(method: string, path: string, body: unknown, auth = true): Promise<{ status: number; body: unknown }> {
    const call = async (token: string | null) => {
      let res: Response;
      try {
        res = await this.#fetch(`${this.#s.api}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        throw new MediaServerError('unreachable', `the media server at ${this.#s.api} does not answer (${error instanceof Error ? error.message : String(error)})`);
      }
      return { status: res.status, body: await res.json().catch(() => null) };
    };
    if (!auth) return call(null);
    const first = await call(this.#token ?? (await this.#login()));
    // A token expires (24 h by default); sign in again once.
    if (first.status !== 401) return first;
    return call(await this.#login());
  }

  async pull(key: string, sourceUrl: string): Promise<void> {
    const scheme = new URL(sourceUrl).protocol;
    if (!this.schemes.includes(scheme)) throw new MediaServerError('scheme', `node-media-server pulls only ${this.schemes.join(' and ')} sources, not ${scheme}`);
    const res = await this.#send('POST', '/api/v1/relay', { url: sourceUrl, streamPath: this.#path(key), mode: 'pull', reconnect: true });
    if (res.status !== 200) {
      const said = (res.body as { error?: string } | null)?.error ?? '';
      throw new MediaServerError('refused', `the media server refused the relay (HTTP ${res.status}${said ? `: ${maskUrlsIn(said)}` : ''})`);
    }
  }

  async isLive(key: string): Promise<boolean> {
    const res = await this.#send('GET', `/api/v1/streams${this.#path(key)}`, undefined);
    const data = (res.body as { data?: { status?: string; publisher?: { inBytes?: number } | null } } | null)?.data;
    // A relay is listed as publishing as soon as it connects, even to a path its source does not have,
    // and its codec fields stay 0: count it live once a picture's worth of bytes came in.
    return res.status === 200 && data?.status === 'publishing' && (data.publisher?.inBytes ?? 0) >= 4096;
  }

  playUrls(key: string): PlayUrls {
    const path = this.#path(key);
    let query = '';
    if (this.#s.playSecret) {
      const expiry = Math.floor(Date.now() / 1000) + NmsAdapter.SIGN_TTL_S;
      query = `?sign=${expiry}-${createHash('md5').update(`${path}-${expiry}-${this.#s.playSecret}`).digest('hex')}`;
    }
    const ws = this.#s.playOrigin.replace(/^http/, 'ws');
    return { flvUri: `${this.#s.playOrigin}${path}.flv${query}`, wsUri: `${ws}${path}.flv${query}` };
  }

  async release(key: string): Promise<void> {
    const res = await this.#send('DELETE', '/api/v1/relay', { streamPath: this.#path(key) });
    if (res.status !== 200 && res.status !== 404) throw new MediaServerError('refused', `the media server did not remove ${this.#path(key)} (HTTP ${res.status})`);
  }

  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      const res = await this.#send('GET', '/api/v1/health', undefined, false);
      if (res.status !== 200) return { ok: false, detail: `HTTP ${res.status}` };
      const version = (res.body as { data?: { version?: string } } | null)?.data?.version;
      return { ok: true, detail: `node-media-server ${version ?? '?'}` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}

export function createMediaAdapter(setting: MediaServerSetting, fetchImpl?: Fetch): MediaAdapter {
  switch (setting.kind) {
    case 'nms':
      return new NmsAdapter(setting, fetchImpl);
  }
}

interface Pulled {
  key: string;
  sourceUrl: string;
  /** Live play codes watching it. */
  codes: Set<string>;
  /** Settles once the server took the source (rejects with its refusal). */
  ready: Promise<void>;
  releaseTimer: ReturnType<typeof setTimeout> | null;
}

export interface ExternalStreamsOptions {
  /** How long a camera stays pulled after its last viewer left, so a quick re-request finds it (ms). */
  lingerMs?: number;
  /** How long a play request waits for the server to receive the source before answering (ms). */
  waitLiveMs?: number;
  log?: (line: string) => void;
}

/**
 * Which cameras the external server pulls and for whom. A camera is pulled under a fresh random key
 * when its first live code is issued (so a play URL cannot be guessed from a camera id, and one from
 * an earlier pull stops working once released) and released when its last code ends (shut or
 * expired: the player's heartbeats and shut go to the platform as for the own media server).
 */
export class ExternalStreams {
  readonly adapter: MediaAdapter;
  readonly #pulled = new Map<number, Pulled>();
  readonly #lingerMs: number;
  readonly #waitLiveMs: number;
  readonly #log: (line: string) => void;
  readonly #unsubscribe: () => void;
  readonly #sweep: ReturnType<typeof setInterval>;

  constructor(adapter: MediaAdapter, codes: PlayCodeStore, options: ExternalStreamsOptions = {}) {
    this.adapter = adapter;
    this.#lingerMs = options.lingerMs ?? 5000;
    this.#waitLiveMs = options.waitLiveMs ?? 5000;
    this.#log = options.log ?? ((line) => console.log(line));
    this.#unsubscribe = codes.onEnd((grant) => this.#ended(grant));
    // Codes expire only when looked at or swept; the demo media server sweeps too, but this must not
    // depend on it running.
    this.#sweep = setInterval(() => codes.sweep(), 2000);
    this.#sweep.unref();
  }

  /** The play URLs for a live code of a camera with a source; pulls the source first if nobody watches it. */
  async open(grant: StreamGrant, sourceUrl: string): Promise<PlayUrls> {
    let pulled = this.#pulled.get(grant.cameraId);
    if (pulled && pulled.sourceUrl !== sourceUrl) {
      // The camera's source was changed while watched: the old stream shows the old source, let it go.
      this.#drop(grant.cameraId, pulled);
      pulled = undefined;
    }
    if (!pulled) {
      const key = `c${grant.cameraId}-${randomBytes(9).toString('hex')}`;
      const fresh: Pulled = { key, sourceUrl, codes: new Set(), ready: this.adapter.pull(key, sourceUrl), releaseTimer: null };
      pulled = fresh;
      this.#pulled.set(grant.cameraId, fresh);
      fresh.ready.then(
        () => this.#log(`media: ${this.adapter.name} pulls camera ${grant.cameraId} as ${key}`),
        (error: unknown) => {
          if (this.#pulled.get(grant.cameraId) === fresh) this.#pulled.delete(grant.cameraId);
          this.#log(`media: ${this.adapter.name} would not pull camera ${grant.cameraId}: ${maskUrlsIn(error instanceof Error ? error.message : String(error))}`);
        },
      );
    }
    if (pulled.releaseTimer) clearTimeout(pulled.releaseTimer);
    pulled.releaseTimer = null;
    pulled.codes.add(grant.code);
    try {
      await pulled.ready;
      await this.#untilLive(pulled.key);
    } catch (error) {
      pulled.codes.delete(grant.code);
      // The server went away (or restarted without the task): pull afresh next time.
      if (this.#pulled.get(grant.cameraId) === pulled) this.#drop(grant.cameraId, pulled);
      throw error;
    }
    return this.adapter.playUrls(pulled.key);
  }

  /** The key a camera is pulled under now (tests and logs), or null. */
  keyOf(cameraId: number): string | null {
    return this.#pulled.get(cameraId)?.key ?? null;
  }

  /** Releases every pulled camera and stops listening (the platform is closing). */
  async close(): Promise<void> {
    this.#unsubscribe();
    clearInterval(this.#sweep);
    const all = [...this.#pulled.entries()];
    this.#pulled.clear();
    await Promise.all(all.map(([, p]) => this.#release(p)));
  }

  /**
   * Waits a little for the first packets: a viewer that connects before them gets a header that does
   * not know the stream's tracks. A camera slow to answer is still answered (the server keeps trying
   * and the player waits for pictures); a server that does not answer is an error.
   */
  async #untilLive(key: string): Promise<void> {
    const until = Date.now() + this.#waitLiveMs;
    while (Date.now() < until) {
      if (await this.adapter.isLive(key)) return;
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  #ended(grant: StreamGrant): void {
    const pulled = this.#pulled.get(grant.cameraId);
    if (!pulled || !pulled.codes.delete(grant.code) || pulled.codes.size > 0) return;
    if (pulled.releaseTimer) clearTimeout(pulled.releaseTimer);
    pulled.releaseTimer = setTimeout(() => {
      if (this.#pulled.get(grant.cameraId) === pulled && pulled.codes.size === 0) this.#drop(grant.cameraId, pulled);
    }, this.#lingerMs);
    pulled.releaseTimer.unref();
  }

  #drop(cameraId: number, pulled: Pulled): void {
    if (pulled.releaseTimer) clearTimeout(pulled.releaseTimer);
    this.#pulled.delete(cameraId);
    void this.#release(pulled);
  }

  async #release(pulled: Pulled): Promise<void> {
    try {
      await pulled.ready;
    } catch {
      return; // never pulled
    }
    try {
      await this.adapter.release(pulled.key);
      this.#log(`media: ${this.adapter.name} released ${pulled.key}`);
    } catch (error) {
      this.#log(`media: ${this.adapter.name} could not release ${pulled.key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
