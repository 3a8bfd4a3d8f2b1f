// The flv.js engine. This module is only ever imported dynamically (see loadFlvEngine), so flv.js
// lands in its own chunk that downloads when the first player appears, not with the kit.
import flvjs from 'flv.js';
import type { EngineCallbacks, EngineHandle, EngineSource, PlayerEngine, VideoLike } from './engine.ts';

// flv.js narrates every step at info level; a console full of it hides the messages that matter.
flvjs.LoggingControl.enableVerbose = false;
flvjs.LoggingControl.enableDebug = false;
flvjs.LoggingControl.enableInfo = false;

/**
 * Low-latency settings. With the stash buffer on, flv.js holds bytes back until ~384 KB pile up
 * (seconds of a low-bitrate camera), and lazy loading pauses the download when the buffer is "big
 * enough": both trade latency for smoothness on VOD, which a live camera does not want. Old data is
 * trimmed behind the playhead so a long-running tab does not fill the SourceBuffer.
 */
export const FLV_CONFIG: flvjs.Config = {
  enableWorker: false,
  enableStashBuffer: false,
  stashInitialSize: 32 * 1024,
  lazyLoad: false,
  lazyLoadMaxDuration: 0,
  deferLoadAfterSourceOpen: false,
  autoCleanupSourceBuffer: true,
  autoCleanupMaxBackwardDuration: 20,
  autoCleanupMinBackwardDuration: 10,
  fixAudioTimestampGap: true,
  accurateSeek: false,
  reuseRedirectedURL: true,
};

function statusOf(info: unknown): number | undefined {
  const code = (info as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 100 ? code : undefined;
}

class FlvHandle implements EngineHandle {
  #player: flvjs.Player | null;
  readonly #video: VideoLike;

  constructor(video: VideoLike, source: EngineSource, callbacks: EngineCallbacks) {
    this.#video = video;
    const player = flvjs.createPlayer({ type: 'flv', url: source.url, isLive: true, cors: true, withCredentials: false }, FLV_CONFIG);
    this.#player = player;
    player.on(flvjs.Events.ERROR, (type: string, detail: string, info: unknown) => {
      if (this.#player !== player) return;
      const kind = type === flvjs.ErrorTypes.MEDIA_ERROR ? 'media' : 'network';
      const status = statusOf(info);
      callbacks.onError({ kind, ...(status ? { status } : {}), message: `${type}: ${detail}` });
    });
    // A live stream that simply ends (server closed it) is a failure to recover from, not a finish.
    player.on(flvjs.Events.LOADING_COMPLETE, () => {
      if (this.#player === player && source.live) callbacks.onError({ kind: 'network', message: 'stream ended' });
    });
    if (callbacks.onMetadata) player.on(flvjs.Events.METADATA_ARRIVED, (meta: Record<string, unknown>) => callbacks.onMetadata?.(meta));
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

export const flvEngine: PlayerEngine = {
  name: 'flv.js',
  supports: (codec) => codec === 'h264' && flvjs.isSupported(),
  open: (video, source, callbacks) => new FlvHandle(video, source, callbacks),
};
