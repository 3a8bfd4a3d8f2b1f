// The flv.js engine. This module is only ever imported dynamically (see loadFlvEngine), so flv.js
// lands in its own chunk that downloads when the first player appears, not with the kit.
import flvjs from 'flv.js';
import type { PlayerEngine } from './engine.ts';
import { libraryEngine } from './library-engine.ts';

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

export const flvEngine: PlayerEngine = libraryEngine('flv.js', flvjs, FLV_CONFIG, (codec) => codec === 'h264' && flvjs.isSupported());
