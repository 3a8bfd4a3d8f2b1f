// The loader flv.js and mpegts.js read a live stream through (their `customLoader` option), in place
// of their own WebSocket and fetch loaders, for two things those cannot do:
//  - Tell why a stream failed. The media server closes a WS-FLV socket with code 4500 and a JSON reason
//    ({"source":"offline"} …), or answers HTTP-FLV with 502 and the same JSON body; the stock loaders
//    drop both (the WebSocket loader reports any close as "complete", the fetch loader only the status
//    text). Here the reason reaches the engine through the player config's `onSourceFailure` (a
//    function the libraries copy along with the config to the loader they construct), so an
//    expected state is not logged by the library as an I/O error; without it, as `source` on the
//    error's info.
//  - Survive a header that claims audio when no audio ever comes (SRS, ZLMediaKit and relays write
//    the flag by habit): both libraries' FLV demuxers then hold every video frame back waiting for an
//    audio track (`_isInitialMetadataDispatched`). TrackGuard below watches the stream's start and, when
//    video flows without audio, rewrites the claim before the demuxer reads it.

export type SourceState = 'offline' | 'credentials' | 'not-found' | 'unsupported';

/** Why the media server cannot play the camera (media contract, issue 35). */
export interface SourceFailure {
  state: SourceState;
  /** For 'unsupported': the codec the platform cannot serve (e.g. mjpeg). */
  codec?: string;
}

/** The WebSocket close code the media server uses for "the source failed", with a JSON reason. */
export const SOURCE_CLOSE_CODE = 4500;

const STATES: readonly string[] = ['offline', 'credentials', 'not-found', 'unsupported'];

/** `{"source":"unsupported","codec":"mjpeg"}` → { state, codec }; null when it is not such a reason. */
export function parseSourceReason(text: string): SourceFailure | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const source = (value as { source?: unknown } | null)?.source;
  if (typeof source !== 'string' || !STATES.includes(source)) return null;
  const codec = (value as { codec?: unknown }).codec;
  return { state: source as SourceState, ...(typeof codec === 'string' && codec ? { codec } : {}) };
}

// ---- the lying-header guard -------------------------------------------------------------------

/** How long video may flow (by its timestamps, or by the clock) without audio before the claim is dropped. */
export const AUDIO_WAIT_MS = 500;

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;
const TAG_HEADER = 11;
/** FLV sound formats the demuxers and MSE play: MP3 (2) and AAC (10). */
const PLAYABLE_AUDIO = new Set([2, 10]);
const HAS_AUDIO_KEY = [0x00, 0x08, ...Array.from('hasAudio', (c) => c.charCodeAt(0)), 0x01];

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Where the boolean value of onMetaData's `hasAudio` sits in `bytes[from, to)`, or -1. */
function hasAudioValueAt(bytes: Uint8Array, from: number, to: number): number {
  outer: for (let i = from; i + HAS_AUDIO_KEY.length < to; i++) {
    for (let k = 0; k < HAS_AUDIO_KEY.length; k++) if (bytes[i + k] !== HAS_AUDIO_KEY[k]) continue outer;
    return i + HAS_AUDIO_KEY.length;
  }
  return -1;
}

/**
 * Passes an FLV byte stream on, holding back only its start (header, onMetaData, the first video
 * frames) while the header or onMetaData claims audio and none has come yet. The first audio tag
 * releases everything unchanged. If instead video flows for AUDIO_WAIT_MS (by its timestamps, or by
 * the clock when it trickles in) without audio, the stream is declared video only — header flag and
 * onMetaData hasAudio rewritten to false in place — and any audio tag arriving later is dropped, since
 * a track added after the video has started cannot join the MediaSource. Audio in a codec MSE cannot
 * play (G.711 A-law/µ-law, ADPCM…) is dropped the same way, so its video still plays.
 */
export class TrackGuard {
  readonly #emit: (bytes: Uint8Array) => void;
  readonly #waitMs: number;
  #mode: 'start' | 'pass' | 'drop-audio' = 'start';
  #pending: Uint8Array = new Uint8Array(0);
  /** Where the next unread tag starts in #pending (start mode). */
  #scan = -1;
  #headerClaimsAudio = false;
  /** Offset in #pending of onMetaData's hasAudio value, -1 if it has none. */
  #metaValueAt = -1;
  #firstVideoTs = -1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** True once the stream's audio was given up: claimed but not sent, or in a codec MSE cannot play. */
  lied = false;

  constructor(emit: (bytes: Uint8Array) => void, waitMs = AUDIO_WAIT_MS) {
    this.#emit = emit;
    this.#waitMs = waitMs;
  }

  push(chunk: Uint8Array): void {
    if (this.#mode === 'pass') return this.#emit(chunk);
    this.#pending = concat(this.#pending, chunk);
    if (this.#mode === 'drop-audio') return this.#dropAudio();
    this.#read();
  }

  dispose(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = new Uint8Array(0);
  }

  #claimsAudio(): boolean {
    // The demuxers let onMetaData's hasAudio overrule the header's flag.
    return this.#metaValueAt >= 0 ? this.#pending[this.#metaValueAt] !== 0 : this.#headerClaimsAudio;
  }

  #read(): void {
    const b = this.#pending;
    if (this.#scan < 0) {
      if (b.length < 13) return;
      const dataOffset = ((b[5]! << 24) | (b[6]! << 16) | (b[7]! << 8) | b[8]!) >>> 0;
      // Not FLV, or no video announced: nothing to guard.
      if (b[0] !== 0x46 || b[1] !== 0x4c || b[2] !== 0x56 || (b[4]! & 1) === 0 || dataOffset > 64) return this.#release();
      this.#headerClaimsAudio = (b[4]! & 4) !== 0;
      this.#scan = dataOffset + 4;
    }
    while (this.#mode === 'start' && b.length - this.#scan >= TAG_HEADER) {
      const at = this.#scan;
      const size = (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
      const end = at + TAG_HEADER + size + 4;
      if (b.length < end) return;
      const type = b[at]! & 0x1f;
      // Audio MSE can play (AAC, MP3) releases the stream as it is; any other (G.711 from a server
      // that does not transcode it) would stop the demuxer, so the video plays alone instead (this
      // tag, still unread, is dropped with the rest).
      if (type === TAG_AUDIO) return PLAYABLE_AUDIO.has((b[at + TAG_HEADER] ?? 0) >> 4) ? this.#release() : this.#declareVideoOnly();
      this.#scan = end;
      if (type === TAG_SCRIPT && this.#metaValueAt < 0) this.#metaValueAt = hasAudioValueAt(b, at + TAG_HEADER, at + TAG_HEADER + size);
      if (type !== TAG_VIDEO) continue;
      if (!this.#claimsAudio()) return this.#release();
      const ts = ((b[at + 7]! << 24) | (b[at + 4]! << 16) | (b[at + 5]! << 8) | b[at + 6]!) >>> 0;
      if (this.#firstVideoTs < 0) {
        this.#firstVideoTs = ts;
        this.#timer = setTimeout(() => {
          this.#timer = null;
          if (this.#mode === 'start') this.#declareVideoOnly();
        }, this.#waitMs);
      } else if (ts - this.#firstVideoTs >= this.#waitMs) {
        return this.#declareVideoOnly();
      }
    }
  }

  /** Everything held so far goes on unchanged, and so does the rest of the stream. */
  #release(): void {
    this.#mode = 'pass';
    const held = this.#pending;
    this.dispose();
    if (held.length) this.#emit(held);
  }

  #declareVideoOnly(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.lied = true;
    this.#mode = 'drop-audio';
    const b = this.#pending;
    b[4] = b[4]! & ~4;
    if (this.#metaValueAt >= 0) b[this.#metaValueAt] = 0;
    this.#pending = b.subarray(this.#scan);
    this.#emit(b.subarray(0, this.#scan));
    this.#dropAudio();
  }

  /** Passes every complete non-audio tag on; an incomplete last tag waits for its rest. */
  #dropAudio(): void {
    const b = this.#pending;
    let at = 0;
    let runStart = 0;
    while (b.length - at >= TAG_HEADER) {
      const size = (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
      const end = at + TAG_HEADER + size + 4;
      if (b.length < end) break;
      if ((b[at]! & 0x1f) === TAG_AUDIO) {
        if (at > runStart) this.#emit(b.subarray(runStart, at));
        runStart = end;
      }
      at = end;
    }
    if (at > runStart) this.#emit(b.subarray(runStart, at));
    this.#pending = b.subarray(at);
  }
}

// ---- the loader -------------------------------------------------------------------------------

// The libraries' loader contract (flv.js and mpegts.js src/io/loader.js): these values, not imports,
// so this module stays free of either library.
const STATUS = { idle: 0, connecting: 1, buffering: 2, error: 3, complete: 4 } as const;
const ERRORS = { exception: 'Exception', httpStatus: 'HttpStatusCodeInvalid', earlyEof: 'UnrecoverableEarlyEof' } as const;

export interface LoaderErrorInfo {
  code: number;
  msg: string;
  source?: SourceFailure;
}

/** What a player's config may carry for this loader. */
export interface StreamLoaderConfig {
  /** Told when the media server says why the source failed (with the HTTP status for HTTP-FLV). */
  onSourceFailure?: (failure: SourceFailure, status?: number) => void;
}

/** An exact ArrayBuffer of `bytes` (the demuxers read chunks through DataView on the whole buffer). */
function bufferOf(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

/**
 * WS-FLV (ws:, wss:) and HTTP-FLV (http:, https:) for a live stream, as the libraries' I/O controller
 * drives a loader: constructed with (seekHandler, config), then open(dataSource), abort(), destroy().
 */
export class StreamLoader {
  static isSupported(): boolean {
    return typeof WebSocket !== 'undefined' && typeof fetch !== 'undefined';
  }

  readonly type = 'atrium-stream-loader';
  readonly needStashBuffer = false;
  status: number = STATUS.idle;
  onContentLengthKnown: ((length: number) => void) | null = null;
  onURLRedirect: ((url: string) => void) | null = null;
  onDataArrival: ((chunk: ArrayBuffer, byteStart: number, receivedLength: number) => void) | null = null;
  onError: ((type: string, info: LoaderErrorInfo) => void) | null = null;
  onComplete: ((from: number, to: number) => void) | null = null;

  readonly #onSource: StreamLoaderConfig['onSourceFailure'];
  #ws: WebSocket | null = null;
  #fetch: AbortController | null = null;
  #guard: TrackGuard | null = null;
  #handed = 0;

  constructor(_seekHandler?: unknown, config?: StreamLoaderConfig) {
    this.#onSource = config?.onSourceFailure;
  }

  isWorking(): boolean {
    return this.status === STATUS.connecting || this.status === STATUS.buffering;
  }

  open(dataSource: { url: string }): void {
    this.#handed = 0;
    this.#guard?.dispose();
    this.#guard = new TrackGuard((bytes) => this.#hand(bytes));
    this.status = STATUS.connecting;
    if (/^wss?:/i.test(dataSource.url)) this.#openSocket(dataSource.url);
    else void this.#openFetch(dataSource.url);
  }

  abort(): void {
    const ws = this.#ws;
    this.#ws = null;
    if (ws && ws.readyState <= 1) ws.close();
    this.#fetch?.abort();
    this.#fetch = null;
    this.#guard?.dispose();
    this.status = STATUS.complete;
  }

  destroy(): void {
    this.abort();
    this.#guard = null;
    this.status = STATUS.idle;
    this.onContentLengthKnown = this.onURLRedirect = this.onDataArrival = this.onError = this.onComplete = null;
  }

  #hand(bytes: Uint8Array): void {
    const start = this.#handed;
    this.#handed += bytes.byteLength;
    this.onDataArrival?.(bufferOf(bytes), start, this.#handed);
  }

  #fail(type: string, info: LoaderErrorInfo): void {
    this.status = STATUS.error;
    this.#guard?.dispose();
    this.onError?.(type, info);
  }

  /** The media server said why: told on the side channel when there is one (no library error log). */
  #sourceFailed(type: string, info: LoaderErrorInfo & { source: SourceFailure }, status?: number): void {
    if (!this.#onSource) return this.#fail(type, info);
    this.status = STATUS.error;
    this.#guard?.dispose();
    this.#onSource(info.source, status);
  }

  #complete(): void {
    this.status = STATUS.complete;
    this.#guard?.dispose();
    this.onComplete?.(0, this.#handed - 1);
  }

  #openSocket(url: string): void {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (error) {
      return this.#fail(ERRORS.exception, { code: -1, msg: error instanceof Error ? error.message : String(error) });
    }
    this.#ws = ws;
    ws.binaryType = 'arraybuffer';
    let failed = false;
    ws.onopen = () => {
      if (this.#ws === ws) this.status = STATUS.buffering;
    };
    ws.onmessage = (event: MessageEvent<unknown>) => {
      if (this.#ws === ws && event.data instanceof ArrayBuffer) this.#guard?.push(new Uint8Array(event.data));
    };
    // An error is always followed by a close, which reports it: one report per connection.
    ws.onerror = () => {
      failed = true;
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      if (event.code === SOURCE_CLOSE_CODE) {
        const source = parseSourceReason(event.reason) ?? { state: 'offline' as const };
        return this.#sourceFailed(ERRORS.exception, { code: event.code, msg: event.reason || 'source failed', source });
      }
      // As the libraries' own loader: a connection that failed is an error, any other close the stream's end.
      if (failed) return this.#fail(ERRORS.exception, { code: event.code, msg: event.reason || 'connection failed' });
      this.#complete();
    };
  }

  async #openFetch(url: string): Promise<void> {
    const control = new AbortController();
    this.#fetch = control;
    const current = () => this.#fetch === control;
    try {
      const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store', signal: control.signal });
      if (!current()) return;
      if (!response.ok) {
        // 502 with a JSON body: the source failed before the stream began (media contract).
        const json = (response.headers.get('content-type') ?? '').includes('json');
        const source = json ? parseSourceReason(await response.text().catch(() => '')) : null;
        if (!current()) return;
        if (source) return this.#sourceFailed(ERRORS.httpStatus, { code: response.status, msg: response.statusText, source }, response.status);
        return this.#fail(ERRORS.httpStatus, { code: response.status, msg: response.statusText });
      }
      if (!response.body) return this.#fail(ERRORS.exception, { code: -1, msg: 'no response body' });
      this.status = STATUS.buffering;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (!current()) {
          void reader.cancel().catch(() => undefined);
          return;
        }
        if (done) return this.#complete();
        if (value?.byteLength) this.#guard?.push(value);
      }
    } catch (error) {
      if (!current()) return;
      this.#fail(ERRORS.earlyEof, { code: -1, msg: error instanceof Error ? error.message : String(error) });
    }
  }
}
