// One camera stream's whole life (ARCHITECTURE "Video engine"): request a play code → open it with
// an engine → heartbeat every 2 s → keep live video near the edge → restart on errors and stalls
// with throttled backoff → shut and tear everything down on stop. Views only render `state`.
import type { PlayCodeRef, PlayStream, VideoCodec } from '../api/video-types.ts';
import type { EngineFailure, EngineHandle, EngineLoader, VideoLike } from './engine.ts';
import { loadMpegtsEngine } from './engines.ts';
import { backoffDelay, bufferEndAround, decideLatency, LIVE_POLICY, type LatencyPolicy } from './latency.ts';
import type { SourceFailure, SourceState } from './stream-loader.ts';

export type PlayerStatus =
  | 'idle'
  | 'connecting'
  | 'playing'
  | 'reconnecting'
  /** Live video paused because the tab is hidden; it resumes at the live edge. */
  | 'paused'
  | 'no-device'
  | 'no-permission'
  /** A replay reached the end of its range. */
  | 'ended'
  | 'stopped'
  /** The media server told why the camera cannot play (media contract): retried, see Timing. */
  | SourceState;

/** The statuses that mean "the camera itself cannot be played", as the media server tells them. */
export const SOURCE_STATES: readonly SourceState[] = ['offline', 'credentials', 'not-found', 'unsupported'];

export const isSourceState = (status: PlayerStatus): status is SourceState => (SOURCE_STATES as readonly string[]).includes(status);

/**
 * The one word a player's root shows in `data-state`: the media contract's source states (live,
 * connecting, offline, credentials, not-found, unsupported), plus the player's own ends (paused,
 * no-device, no-permission, ended, stopped). A plain network drop is "connecting" again.
 */
export function stateWord(status: PlayerStatus): string {
  if (status === 'playing') return 'live';
  if (status === 'idle' || status === 'connecting' || status === 'reconnecting') return 'connecting';
  return status;
}

export interface PlayerState {
  status: PlayerStatus;
  /** Restarts since the stream last played steadily. */
  attempt: number;
  /** Why the last restart happened (for the overlay's detail and atrium-error). */
  reason: string | null;
  width: number;
  height: number;
  /** The browser refused sound without a user gesture, so the player muted itself to keep playing. */
  autoMuted: boolean;
  /** The codec of the stream playing (H.264 until a stream says otherwise). */
  codec: VideoCodec;
  /** The camera sends H.265, which this browser cannot decode: the platform sends an H.264 transcode. */
  transcoded: boolean;
  /** The engine playing it ('flv.js', 'mpegts.js'), '' before the first stream. */
  engine: string;
  /** The codec string the engine found in the stream (hvc1…, avc1…), '' until it reports one. */
  mediaCodec: string;
  /** With status 'unsupported': the codec the platform cannot serve (e.g. mjpeg), else ''. */
  sourceCodec: string;
}

/** A player's state before it has played anything. */
export const IDLE_STATE: PlayerState = { status: 'idle', attempt: 0, reason: null, width: 0, height: 0, autoMuted: false, codec: 'h264', transcoded: false, engine: '', mediaCodec: '', sourceCodec: '' };

export interface PlayerStats {
  /** From start() to the first decoded picture, ms. */
  firstFrameMs: number | null;
  /** Buffer end minus current time, s (live only). */
  latency: number | null;
  /** Wall clock minus the media time's wall clock, s (when the stream carries atriumEpoch). */
  wallLatency: number | null;
  playbackRate: number;
  restarts: number;
  seeks: number;
}

/** What the player needs from the platform; bound to one camera and kind by the caller. */
export interface StreamApi {
  /** A fresh play code and URL; null when the platform has no stream for this camera. */
  request(): Promise<PlayStream | null>;
  /** True while the code is alive; false (or a rejection with code -1) once it is not. */
  heartbeat(ref: PlayCodeRef): Promise<boolean>;
  /** `leaving`: the page is being left, so the request must outlive it (a keepalive fetch). */
  shut(ref: PlayCodeRef, leaving?: boolean): Promise<unknown>;
}

export interface Visibility {
  hidden(): boolean;
  subscribe(listener: () => void): () => void;
  /** The page is left (true: pagehide) or comes back from the back/forward cache (false: pageshow). */
  onPageLeave?(listener: (leaving: boolean) => void): () => void;
}

export interface Timing {
  heartbeatMs: number;
  tickMs: number;
  /** No playback progress for this long while playing is a stall. */
  stallMs: number;
  /** No first picture this long after opening is a failed connection. */
  connectTimeoutMs: number;
  /** A hidden tab keeps the connection this long (a quick tab switch does not re-request). */
  hiddenGraceMs: number;
  /** Playing this long resets the backoff. */
  steadyMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A camera offline or without the stream: retried after this, doubling up to sourceRetryMaxMs. */
  sourceRetryMs: number;
  sourceRetryMaxMs: number;
  /** Wrong credentials or an unsupported codec need a person: retried slowly. */
  sourceSlowRetryMs: number;
}

export const DEFAULT_TIMING: Timing = {
  heartbeatMs: 2000,
  tickMs: 200,
  stallMs: 4000,
  connectTimeoutMs: 8000,
  hiddenGraceMs: 5000,
  steadyMs: 10000,
  backoffBaseMs: 300,
  backoffMaxMs: 2000,
  sourceRetryMs: 2000,
  sourceRetryMaxMs: 30000,
  sourceSlowRetryMs: 60000,
};

export interface StreamPlayerOptions {
  cameraId: number;
  live: boolean;
  api: StreamApi;
  /** The engine of H.264 streams (flv.js). */
  engine: EngineLoader;
  /** The engine of H.265 streams, loaded only when one arrives (mpegts.js by default). */
  h265Engine?: EngineLoader;
  video: VideoLike;
  muted?: boolean;
  /**
   * WS-FLV ('ws', the default for every player, single or on the wall) or HTTP-FLV ('http'): browsers
   * give an origin only six HTTP/1.1 connections, which a wall of HTTP-FLV panes would queue behind.
   */
  transport?: 'http' | 'ws';
  /** Replaces the media origin of the play response (kitConfig.mediaBase), '' keeps it. */
  mediaBase?: string;
  visibility?: Visibility | null;
  timing?: Partial<Timing>;
  latency?: LatencyPolicy;
  now?: () => number;
}

/** Envelope code of a failed platform call, if it carries one. */
const codeOf = (error: unknown): number | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
};

/** Session-ending codes: the HTTP layer already shows the dialog; retrying would only repeat it. */
const SESSION_CODES = new Set([40101, 40102, 40401]);

export function browserVisibility(doc: Document = document): Visibility {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    subscribe: (listener) => {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
    onPageLeave: (listener) => {
      const win = doc.defaultView;
      if (!win) return () => undefined;
      const hide = () => listener(true);
      // Only a page restored from the back/forward cache comes back with its players alive.
      const show = (event: PageTransitionEvent) => {
        if (event.persisted) listener(false);
      };
      win.addEventListener('pagehide', hide);
      win.addEventListener('pageshow', show);
      return () => {
        win.removeEventListener('pagehide', hide);
        win.removeEventListener('pageshow', show);
      };
    },
  };
}

/** The play response's address for the chosen transport, on the configured media origin. */
export function streamUrl(stream: PlayStream, transport: 'http' | 'ws', mediaBase = ''): string {
  const raw = transport === 'ws' && stream.wsUri ? stream.wsUri : stream.flvUri;
  if (!mediaBase) return raw;
  const from = new URL(raw);
  const to = new URL(mediaBase);
  const secure = to.protocol === 'https:';
  from.protocol = transport === 'ws' ? (secure ? 'wss:' : 'ws:') : to.protocol;
  from.hostname = to.hostname;
  from.port = to.port;
  return from.href;
}

export class StreamPlayer {
  readonly video: VideoLike;
  readonly #o: StreamPlayerOptions;
  readonly #t: Timing;
  readonly #now: () => number;
  #state: PlayerState = IDLE_STATE;
  readonly #listeners = new Set<(state: PlayerState) => void>();

  /** Bumped whenever a connection attempt is abandoned; async continuations of older ones stop. */
  #gen = 0;
  #running = false;
  #stream: PlayStream | null = null;
  #codeAlive = false;
  #handle: EngineHandle | null = null;
  #heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  #tickTimer: ReturnType<typeof setInterval> | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  #unsubscribeVisibility: (() => void) | null = null;
  #unsubscribeLeave: (() => void) | null = null;
  /** The page was left (SPEC §4): everything let go until it comes back. */
  #leftPage = false;
  #frameCallback: number | null = null;
  /** Source failures in a row (offline, not-found): the exponent of their backoff. */
  #sourceFailures = 0;

  #startedAt = 0;
  #openedAt = 0;
  #gotFrame = false;
  #playingSince = 0;
  #lastTime = -1;
  #lastProgressAt = 0;
  #pausedForHidden = false;
  #epochMs: number | null = null;
  #stats: PlayerStats = { firstFrameMs: null, latency: null, wallLatency: null, playbackRate: 1, restarts: 0, seeks: 0 };

  constructor(options: StreamPlayerOptions) {
    this.#o = options;
    this.#t = { ...DEFAULT_TIMING, ...options.timing };
    this.#now = options.now ?? (() => performance.now());
    this.video = options.video;
    this.video.muted = options.muted ?? false;
  }

  get state(): PlayerState {
    return this.#state;
  }

  stats(): PlayerStats {
    return { ...this.#stats };
  }

  subscribe(listener: (state: PlayerState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#startedAt = this.#now();
    this.#stats = { firstFrameMs: null, latency: null, wallLatency: null, playbackRate: 1, restarts: 0, seeks: 0 };
    const visibility = this.#o.visibility;
    if (visibility && this.#o.live) this.#unsubscribeVisibility = visibility.subscribe(this.#onVisibility);
    this.#unsubscribeLeave = visibility?.onPageLeave?.(this.#onPageLeave) ?? null;
    this.#video('ended', this.#onEnded, true);
    if (visibility?.hidden() && this.#o.live) {
      this.#set({ status: 'paused' });
      return;
    }
    void this.#connect();
  }

  /** Stops for good: no timers, no engine, no media, and the play code shut at the platform. */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#gen += 1;
    this.#clearTimers();
    this.#unsubscribeVisibility?.();
    this.#unsubscribeVisibility = null;
    this.#unsubscribeLeave?.();
    this.#unsubscribeLeave = null;
    this.#leftPage = false;
    this.#video('ended', this.#onEnded, false);
    this.#closeEngine();
    this.#releaseCode();
    this.#set({ status: 'stopped' });
  }

  setMuted(muted: boolean): void {
    this.video.muted = muted;
    if (!muted) this.#set({ autoMuted: false });
  }

  // ---- connection -------------------------------------------------------------------------

  async #connect(): Promise<void> {
    const gen = ++this.#gen;
    // While a failed camera is retried, its state stays on screen until a picture replaces it.
    if (!isSourceState(this.#state.status)) this.#set({ status: this.#state.attempt === 0 ? 'connecting' : 'reconnecting' });
    let stream: PlayStream | null;
    let engine;
    try {
      // The engine chunk downloads while the platform answers the request.
      [stream, engine] = await Promise.all([this.#ensureStream(), this.#o.engine()]);
    } catch (error) {
      if (gen !== this.#gen) return;
      const code = codeOf(error);
      if (code === 40301) return this.#end('no-permission', 'no permission');
      if (code === -1) return this.#end('no-device', error instanceof Error ? error.message : 'no device');
      if (code !== null && SESSION_CODES.has(code)) return this.#end('stopped', 'session ended');
      return this.#restart(error instanceof Error ? error.message : 'request failed');
    }
    if (gen !== this.#gen) return;
    if (!stream) return this.#end('no-device', 'no stream');
    const codec = stream.codec ?? 'h264';
    if (codec === 'h265') {
      // The H.265 engine's chunk downloads only now, for the one camera that needs it.
      try {
        engine = await (this.#o.h265Engine ?? loadMpegtsEngine)();
      } catch (error) {
        if (gen !== this.#gen) return;
        return this.#restart(error instanceof Error ? error.message : 'engine failed to load');
      }
      if (gen !== this.#gen) return;
    }
    this.#set({ codec, transcoded: stream.transcoded === true, engine: engine.name, mediaCodec: '' });
    this.#startHeartbeat();
    this.#gotFrame = false;
    this.#epochMs = null;
    this.#openedAt = this.#now();
    this.#lastProgressAt = this.#openedAt;
    this.#lastTime = -1;
    this.video.playbackRate = 1;
    this.#handle = engine.open(
      this.video,
      { url: streamUrl(stream, this.#o.transport ?? 'ws', this.#o.mediaBase ?? ''), live: this.#o.live },
      {
        onError: (failure) => {
          if (gen === this.#gen) this.#onEngineError(failure);
        },
        onMetadata: (meta) => {
          if (gen === this.#gen && typeof meta.atriumEpoch === 'number') this.#epochMs = meta.atriumEpoch;
        },
        onMediaInfo: (info) => {
          if (gen === this.#gen) this.#set({ mediaCodec: info.videoCodec });
        },
      },
    );
    this.#watchFirstFrame(gen);
    this.#play();
    this.#tickTimer ??= setInterval(this.#tick, this.#t.tickMs);
  }

  /** The current play code if it is still good, else a new one (the old one shut). */
  async #ensureStream(): Promise<PlayStream | null> {
    if (this.#stream && this.#codeAlive) return this.#stream;
    this.#releaseCode();
    const stream = await this.#o.api.request();
    if (!this.#running) {
      // Stopped while the platform answered: give the fresh code straight back.
      if (stream) void this.#o.api.shut({ id: this.#o.cameraId, playCode: stream.code }).catch(() => undefined);
      return null;
    }
    this.#stream = stream;
    this.#codeAlive = stream !== null;
    return stream;
  }

  #onEngineError(failure: EngineFailure): void {
    // 403/404: the media server no longer knows the code; the next attempt must ask for a new one.
    if (failure.status === 403 || failure.status === 404) this.#codeAlive = false;
    if (failure.source) this.#sourceFailed(failure.source, failure.message);
    else this.#restart(failure.message);
  }

  /**
   * The camera cannot be played (media contract): the picture goes (an operator must not take a last
   * frame for the camera), the state says why, and the same play code is tried again later — offline
   * and not-found with a backoff from 2 s doubling to 30 s, credentials and unsupported every 60 s.
   */
  #sourceFailed(source: SourceFailure, reason: string): void {
    if (!this.#running) return;
    this.#gen += 1;
    this.#closeEngine();
    this.#stats.restarts += 1;
    this.#sourceFailures += 1;
    const slow = source.state === 'credentials' || source.state === 'unsupported';
    const delay = slow ? this.#t.sourceSlowRetryMs : Math.min(this.#t.sourceRetryMs * 2 ** (this.#sourceFailures - 1), this.#t.sourceRetryMaxMs);
    this.#set({ status: source.state, attempt: this.#state.attempt + 1, reason, sourceCodec: source.codec ?? '' });
    this.#schedule(delay);
  }

  #schedule(delay: number): void {
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#running && !this.#pausedForHidden) void this.#connect();
    }, delay);
  }

  /** Drops the engine and tries again after a throttled delay; the play code stays while alive. */
  #restart(reason: string): void {
    if (!this.#running) return;
    this.#gen += 1;
    this.#closeEngine();
    this.#stats.restarts += 1;
    const attempt = this.#state.attempt + 1;
    // A retry of a failed camera that times out is still that camera failing, not a network drop.
    const status = isSourceState(this.#state.status) ? this.#state.status : 'reconnecting';
    this.#set({ status, attempt, reason });
    this.#schedule(backoffDelay(attempt, this.#t.backoffBaseMs, this.#t.backoffMaxMs));
  }

  #end(status: PlayerStatus, reason: string): void {
    this.#gen += 1;
    this.#clearTimers();
    this.#closeEngine();
    this.#releaseCode();
    this.#set({ status, reason });
  }

  #closeEngine(): void {
    if (this.#frameCallback !== null) {
      (this.video as { cancelVideoFrameCallback?: (id: number) => void }).cancelVideoFrameCallback?.(this.#frameCallback);
      this.#frameCallback = null;
    }
    const handle = this.#handle;
    this.#handle = null;
    handle?.destroy();
    if (this.#tickTimer !== null) clearInterval(this.#tickTimer);
    this.#tickTimer = null;
  }

  /** Stops heartbeats and shuts the code at the platform (best effort: it expires in 10 s anyway; an already dead code is simply ignored there). */
  #releaseCode(leaving = false): void {
    if (this.#heartbeatTimer !== null) clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
    const stream = this.#stream;
    this.#stream = null;
    if (stream) void this.#o.api.shut({ id: this.#o.cameraId, playCode: stream.code }, leaving).catch(() => undefined);
    this.#codeAlive = false;
  }

  #startHeartbeat(): void {
    if (this.#heartbeatTimer !== null) return;
    this.#heartbeatTimer = setInterval(() => {
      const stream = this.#stream;
      if (!stream || !this.#running) return;
      const gen = this.#gen;
      this.#o.api.heartbeat({ id: this.#o.cameraId, playCode: stream.code }).then(
        (alive) => {
          if (!alive) this.#codeExpired(stream, gen);
        },
        (error: unknown) => {
          // A heartbeat lost in transit is retried in 2 s; only the platform saying "expired" counts.
          if (codeOf(error) === -1) this.#codeExpired(stream, gen);
        },
      );
    }, this.#t.heartbeatMs);
  }

  #codeExpired(stream: PlayStream, gen: number): void {
    if (this.#stream !== stream || !this.#running) return;
    this.#codeAlive = false;
    if (this.#heartbeatTimer !== null) clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
    if (gen === this.#gen && !this.#pausedForHidden) this.#restart('play code expired');
  }

  // ---- playback -------------------------------------------------------------------------

  #play(): void {
    this.video.play().catch((error: unknown) => {
      // Autoplay with sound needs a user gesture; a muted picture is better than none.
      if ((error as { name?: string } | null)?.name === 'NotAllowedError' && !this.video.muted && this.#running) {
        this.video.muted = true;
        this.#set({ autoMuted: true });
        this.video.play().catch(() => undefined);
      }
    });
  }

  #watchFirstFrame(gen: number): void {
    const v = this.video as VideoLike & { requestVideoFrameCallback?: (cb: () => void) => number };
    if (typeof v.requestVideoFrameCallback === 'function') {
      this.#frameCallback = v.requestVideoFrameCallback(() => {
        this.#frameCallback = null;
        if (gen === this.#gen) this.#onFirstFrame();
      });
    }
  }

  #onFirstFrame(): void {
    if (this.#gotFrame) return;
    this.#gotFrame = true;
    const now = this.#now();
    this.#stats.firstFrameMs ??= now - this.#startedAt;
    this.#playingSince = now;
    this.#lastProgressAt = now;
    this.#sourceFailures = 0;
    this.#set({ status: 'playing', width: this.video.videoWidth, height: this.video.videoHeight, sourceCodec: '' });
  }

  #tick = (): void => {
    if (!this.#running || !this.#handle) return;
    const now = this.#now();
    const v = this.video;
    if (!this.#gotFrame) {
      // Without requestVideoFrameCallback (or if it never fires), a decoded picture shows here.
      if (v.readyState >= 2 && v.videoWidth > 0 && v.currentTime > 0) this.#onFirstFrame();
      else if (now - this.#openedAt > this.#t.connectTimeoutMs) this.#restart('no picture');
      return;
    }
    if (this.#pausedForHidden) return;
    // A <video> pauses itself when its element leaves the document (a pane moved on a wall).
    if (v.paused) {
      if (this.#o.live) this.#jumpToEdge();
      this.#play();
    }
    if (v.currentTime !== this.#lastTime) {
      this.#lastTime = v.currentTime;
      this.#lastProgressAt = now;
    } else if (now - this.#lastProgressAt > this.#t.stallMs) {
      this.#restart('stalled');
      return;
    }
    if (this.#o.live) this.#controlLatency();
    if (this.#state.attempt > 0 && now - this.#playingSince > this.#t.steadyMs) this.#set({ attempt: 0, reason: null });
    if (v.videoWidth !== this.#state.width || v.videoHeight !== this.#state.height) this.#set({ width: v.videoWidth, height: v.videoHeight });
  };

  #controlLatency(): void {
    const v = this.video;
    const end = bufferEndAround(v.buffered, v.currentTime);
    if (end === null) return;
    const decision = decideLatency({ bufferEnd: end, currentTime: v.currentTime, playbackRate: v.playbackRate }, this.#o.latency ?? LIVE_POLICY);
    if (decision.action === 'rate') v.playbackRate = decision.rate;
    else if (decision.action === 'seek') {
      v.currentTime = decision.to;
      v.playbackRate = 1;
      this.#stats.seeks += 1;
    }
    this.#stats.latency = Math.max(0, end - v.currentTime);
    this.#stats.playbackRate = v.playbackRate;
    if (this.#epochMs !== null) this.#stats.wallLatency = (Date.now() - this.#epochMs) / 1000 - v.currentTime;
  }

  #jumpToEdge(): void {
    const v = this.video;
    const end = bufferEndAround(v.buffered, v.currentTime);
    const target = this.#o.latency?.target ?? LIVE_POLICY.target;
    if (end !== null && end - v.currentTime > target) {
      v.currentTime = Math.max(0, end - target);
      this.#stats.seeks += 1;
    }
  }

  #onEnded = (): void => {
    if (this.#running && !this.#o.live) this.#end('ended', 'end of range');
  };

  /** SPEC §4: on page leave the streams are shut (by a request that outlives the page) and paused; back from the cache, they start afresh. */
  #onPageLeave = (leaving: boolean): void => {
    if (!this.#running || this.#finished()) return;
    if (leaving) {
      if (this.#leftPage) return;
      this.#leftPage = true;
      this.video.pause();
      this.#gen += 1;
      this.#clearTimers();
      this.#closeEngine();
      this.#releaseCode(true);
      this.#set({ status: 'paused', reason: 'page left' });
      return;
    }
    if (!this.#leftPage) return;
    this.#leftPage = false;
    if (this.#o.live && this.#o.visibility?.hidden()) {
      // Back, but hidden: the visibility rule takes over and connects when shown.
      this.#pausedForHidden = true;
      return;
    }
    void this.#connect();
  };

  /** Ended for a reason a new request would not change (no permission, no device, end of range). */
  #finished(): boolean {
    const status = this.#state.status;
    return status === 'no-permission' || status === 'no-device' || status === 'ended' || status === 'stopped';
  }

  #onVisibility = (): void => {
    if (!this.#running || this.#finished()) return;
    const hidden = this.#o.visibility?.hidden() ?? false;
    if (hidden) {
      if (this.#pausedForHidden) return;
      this.#pausedForHidden = true;
      this.video.pause();
      this.#hiddenTimer = setTimeout(() => {
        this.#hiddenTimer = null;
        // Still hidden: let go of the connection and the code rather than stream to nobody.
        this.#gen += 1;
        if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
        this.#retryTimer = null;
        this.#closeEngine();
        this.#releaseCode();
        this.#set({ status: 'paused', reason: 'hidden' });
      }, this.#t.hiddenGraceMs);
      return;
    }
    if (!this.#pausedForHidden) return;
    this.#pausedForHidden = false;
    if (this.#hiddenTimer !== null) {
      clearTimeout(this.#hiddenTimer);
      this.#hiddenTimer = null;
    }
    if (this.#handle && this.#gotFrame) {
      this.#jumpToEdge();
      this.#lastProgressAt = this.#now();
      this.#play();
      return;
    }
    if (this.#retryTimer === null) void this.#connect();
  };

  // ---- plumbing -------------------------------------------------------------------------

  #video(type: string, listener: () => void, on: boolean): void {
    if (on) this.video.addEventListener(type, listener);
    else this.video.removeEventListener(type, listener);
  }

  #clearTimers(): void {
    for (const timer of [this.#retryTimer, this.#hiddenTimer]) if (timer !== null) clearTimeout(timer);
    this.#retryTimer = null;
    this.#hiddenTimer = null;
    this.#pausedForHidden = false;
  }

  #set(patch: Partial<PlayerState>): void {
    const next = { ...this.#state, ...patch };
    const changed = (Object.keys(patch) as Array<keyof PlayerState>).some((k) => this.#state[k] !== next[k]);
    if (!changed) return;
    this.#state = next;
    for (const listener of this.#listeners) listener(next);
  }
}
