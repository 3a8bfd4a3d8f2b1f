// The mpegts.js engine, for H.265 streams (FLV codec 12) in browsers that decode H.265. Like the flv.js
// engine it is only ever imported dynamically (see loadMpegtsEngine): its chunk downloads when the
// first H.265 stream arrives, never with the kit or for an H.264 camera.
import mpegts from 'mpegts.js';
import type { PlayerEngine } from './engine.ts';
import { libraryEngine, LOW_LATENCY } from './library-engine.ts';
import { H265_TYPES } from './codecs.ts';

mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false, enableWarn: false });

export const mpegtsEngine: PlayerEngine = libraryEngine('mpegts.js', mpegts, LOW_LATENCY, (codec) =>
  mpegts.isSupported() && (codec === 'h264' || H265_TYPES.some((type) => MediaSource.isTypeSupported(type))),
);
