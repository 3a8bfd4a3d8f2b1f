// flv.js and mpegts.js share one player API (mpegts.js grew out of flv.js): create, attach, load, the
// same events and the same teardown. One engine handle drives either; each engine module passes its
// own library in, so each library still lands in its own lazily loaded chunk.
import type { EngineCallbacks, EngineHandle, EngineSource, PlayerEngine, VideoLike } from './engine.ts';
import { StreamLoader, type SourceFailure, type StreamLoaderConfig } from './stream-loader.ts';

/** The part of a flv.js or mpegts.js player the engine uses. */
interface LibraryPlayer {
  on(event: string, listener: (...args: unknown[]) => void): void;
  attachMediaElement(element: HTMLMediaElement): void;
  load(): void;
  pause(): void;
  unload(): void;
  detachMediaElement(): void;
  destroy(): void;
}

/** The part of the flv.js or mpegts.js module the engine uses. */
export interface PlayerLibrary {
  createPlayer(source: { type: 'flv'; url: string; isLive: boolean; cors: boolean; withCredentials: boolean }, config: object): LibraryPlayer;
  Events: { ERROR: string; LOADING_COMPLETE: string; METADATA_ARRIVED: string; MEDIA_INFO?: string };
  ErrorTypes: { MEDIA_ERROR: string };
}

/**
 * Low-latency settings both libraries take. With the stash buffer on, they hold bytes back until
 * ~384 KB pile up (seconds of a low-bitrate camera), and lazy loading pauses the download when the
 * buffer is "big enough": both trade latency for smoothness on VOD, which a live camera does not
 * want. Old data is trimmed behind the playhead so a long-running tab does not fill the SourceBuffer.
 */
export const LOW_LATENCY = {
  enableWorker: false,
  enableStashBuffer: false,
  stashInitialSize: 32 * 1024,
  lazyLoad: false,
  deferLoadAfterSourceOpen: false,
  autoCleanupSourceBuffer: true,
  autoCleanupMaxBackwardDuration: 20,
  autoCleanupMinBackwardDuration: 10,
  fixAudioTimestampGap: true,
  accurateSeek: false,
  reuseRedirectedURL: true,
  // Reads why a stream failed and copes with headers that claim audio (see stream-loader.ts).
  customLoader: StreamLoader,
} as const;

function statusOf(info: unknown): number | undefined {
  const code = (info as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** FLV codec ids the demuxers refuse (their "Unsupported … codec idx: N" message), by name. */
const FLV_CODECS: Record<string, Record<string, string>> = {
  audio: { '1': 'ADPCM', '3': 'PCM', '4': 'Nellymoser', '5': 'Nellymoser', '6': 'Nellymoser', '7': 'G.711 A-law', '8': 'G.711 µ-law', '11': 'Speex' },
  video: { '2': 'H.263', '3': 'Screen video', '4': 'VP6', '5': 'VP6', '6': 'Screen video 2', '12': 'H.265' },
};

/** The reason a stream cannot play: told by the media server, or a codec the demuxer refused. */
function sourceOf(detail: unknown, info: unknown): SourceFailure | undefined {
  const told = (info as { source?: SourceFailure } | null)?.source;
  if (told) return told;
  if (detail !== 'CodecUnsupported') return undefined;
  // flv.js wraps the demuxer's message as { msg }, mpegts.js passes the bare string.
  const msg = typeof info === 'string' ? info : String((info as { msg?: unknown } | null)?.msg ?? '');
  const m = /audio codec(?: idx)?: (\w+)/i.exec(msg) ?? /video frame: (\w+)/i.exec(msg);
  const kind = /audio/i.test(msg) ? 'audio' : 'video';
  return { state: 'unsupported', codec: m ? (FLV_CODECS[kind]?.[m[1]!] ?? `${kind} ${m[1]!}`) : 'unknown' };
}

class LibraryHandle implements EngineHandle {
  #player: LibraryPlayer | null;
  readonly #video: VideoLike;

  constructor(lib: PlayerLibrary, config: object, video: VideoLike, source: EngineSource, callbacks: EngineCallbacks) {
    this.#video = video;
    const current = () => this.#player === player;
    // Told after the library's own call returns: the player tears the engine down on an error, and
    // mpegts.js reports one from inside its MediaSource 'sourceopen' handler (a codec MSE refuses),
    // which then reads the state the teardown just emptied (an uncaught TypeError in the page).
    const report = (failure: Parameters<EngineCallbacks['onError']>[0]) =>
      queueMicrotask(() => {
        if (current()) callbacks.onError(failure);
      });
    const onSourceFailure: StreamLoaderConfig['onSourceFailure'] = (failure, status) => {
      if (current()) report({ kind: 'network', ...(status ? { status } : {}), source: failure, message: `source: ${failure.state}` });
    };
    const player = lib.createPlayer({ type: 'flv', url: source.url, isLive: true, cors: true, withCredentials: false }, { ...config, onSourceFailure });
    this.#player = player;
    player.on(lib.Events.ERROR, (type, detail, info) => {
      if (!current()) return;
      const status = statusOf(info);
      const source = sourceOf(detail, info);
      report({
        kind: type === lib.ErrorTypes.MEDIA_ERROR ? 'media' : 'network',
        ...(status ? { status } : {}),
        ...(source ? { source } : {}),
        message: `${String(type)}: ${String(detail)}`,
      });
    });
    // A live stream that simply ends (server closed it) is a failure to recover from, not a finish.
    player.on(lib.Events.LOADING_COMPLETE, () => {
      if (current() && source.live) report({ kind: 'network', message: 'stream ended' });
    });
    if (callbacks.onMetadata) {
      player.on(lib.Events.METADATA_ARRIVED, (meta) => {
        if (current() && meta && typeof meta === 'object') callbacks.onMetadata?.(meta as Record<string, unknown>);
      });
    }
    if (lib.Events.MEDIA_INFO && callbacks.onMediaInfo) {
      player.on(lib.Events.MEDIA_INFO, (info) => {
        const codec = (info as { videoCodec?: unknown } | null)?.videoCodec;
        if (current() && typeof codec === 'string') callbacks.onMediaInfo?.({ videoCodec: codec });
      });
    }
    player.attachMediaElement(video as unknown as HTMLMediaElement);
    player.load();
  }

  destroy(): void {
    const player = this.#player;
    if (!player) return;
    this.#player = null;
    try {
      player.pause();
      player.unload();
      // Ends the MediaSource and revokes its object URL.
      player.detachMediaElement();
      player.destroy();
    } catch {
      /* a half-open player may throw on teardown; the element is emptied below either way */
    }
    // Without this the element keeps the last MediaSource URL and its decoder alive.
    this.#video.removeAttribute('src');
    this.#video.load();
  }
}

/** An engine playing through `lib` with `config`. */
export function libraryEngine(name: string, lib: PlayerLibrary, config: object, supports: PlayerEngine['supports']): PlayerEngine {
  return { name, supports, open: (video, source, callbacks) => new LibraryHandle(lib, config, video, source, callbacks) };
}
