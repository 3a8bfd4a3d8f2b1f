// The mpegts.js engine, for H.265 streams (FLV codec 12) in browsers that decode H.265. Like the flv.js
// engine it is only ever imported dynamically (see loadMpegtsEngine): its chunk downloads when the
// first H.265 stream arrives, never with the kit or for an H.264 camera.
import mpegts from 'mpegts.js';
import type { PlayerEngine } from './engine.ts';
import { libraryEngine } from './library-engine.ts';
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

export const mpegtsEngine: PlayerEngine = libraryEngine('mpegts.js', mpegts, MPEGTS_CONFIG, (codec) =>
  mpegts.isSupported() && (codec === 'h264' || H265_TYPES.some((type) => MediaSource.isTypeSupported(type))),
);
