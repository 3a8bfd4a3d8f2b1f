// The mpegts.js engine, for H.265 streams (FLV codec 12) in browsers that decode H.265. Like the flv.js
// engine it is only ever imported dynamically (see loadMpegtsEngine): its chunk downloads when the
// first H.265 stream arrives, never with the kit or for an H.264 camera.
import mpegts from 'mpegts.js';
import type { EngineCallbacks, EngineHandle, EngineSource, PlayerEngine, VideoLike } from './engine.ts';
import { H265_TYPES } from './codecs.ts';

mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false, enableWarn: false });

/** The same low-latency choices as the flv.js engine (see FLV_CONFIG): no stash, no lazy loading. */
const MPEGTS_CONFIG: mpegts.Config = {
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
};

function statusOf(info: unknown): number | undefined {
  const code = (info as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 100 ? code : undefined;
}

class MpegtsHandle implements EngineHandle {
  #player: mpegts.Player | null;
  readonly #video: VideoLike;

  constructor(video: VideoLike, source: EngineSource, callbacks: EngineCallbacks) {
    this.#video = video;
    const player = mpegts.createPlayer({ type: 'flv', url: source.url, isLive: true, cors: true, withCredentials: false }, MPEGTS_CONFIG);
    this.#player = player;
    player.on(mpegts.Events.ERROR, (type: string, detail: string, info: unknown) => {
      if (this.#player !== player) return;
      const kind = type === mpegts.ErrorTypes.MEDIA_ERROR ? 'media' : 'network';
      const status = statusOf(info);
      callbacks.onError({ kind, ...(status ? { status } : {}), message: `${type}: ${detail}` });
    });
    player.on(mpegts.Events.LOADING_COMPLETE, () => {
      if (this.#player === player && source.live) callbacks.onError({ kind: 'network', message: 'stream ended' });
    });
    player.on(mpegts.Events.MEDIA_INFO, (info: { videoCodec?: unknown; width?: unknown; height?: unknown }) => {
      if (this.#player === player && typeof info.videoCodec === 'string') callbacks.onMediaInfo?.({ videoCodec: info.videoCodec });
    });
    if (callbacks.onMetadata) player.on(mpegts.Events.METADATA_ARRIVED, (meta: Record<string, unknown>) => callbacks.onMetadata?.(meta));
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
      player.detachMediaElement();
      player.destroy();
    } catch {
      /* a half-open player may throw on teardown; the element is emptied below either way */
    }
    this.#video.removeAttribute('src');
    this.#video.load();
  }
}

export const mpegtsEngine: PlayerEngine = {
  name: 'mpegts.js',
  supports: (codec) => mpegts.isSupported() && (codec === 'h264' || H265_TYPES.some((type) => MediaSource.isTypeSupported(type))),
  open: (video, source, callbacks) => new MpegtsHandle(video, source, callbacks),
};
