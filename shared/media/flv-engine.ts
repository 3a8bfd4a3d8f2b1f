// The flv.js engine. This module is only ever imported dynamically (see loadFlvEngine), so flv.js
// lands in its own chunk that downloads when the first player appears, not with the kit.
import flvjs from 'flv.js';
import type { PlayerEngine } from './engine.ts';
import { libraryEngine, LOW_LATENCY } from './library-engine.ts';

// flv.js narrates every step at info level; a console full of it hides the messages that matter.
flvjs.LoggingControl.enableVerbose = false;
flvjs.LoggingControl.enableDebug = false;
flvjs.LoggingControl.enableInfo = false;

/**
 * The shared low-latency settings (see LOW_LATENCY), and no lazy-load window at all. (flv.js's types
 * describe a custom loader by its private fields; it reads only the public ones StreamLoader has.)
 */
export const FLV_CONFIG = { ...LOW_LATENCY, lazyLoadMaxDuration: 0 } satisfies Omit<flvjs.Config, 'customLoader'>;

export const flvEngine: PlayerEngine = libraryEngine('flv.js', flvjs, FLV_CONFIG, (codec) => codec === 'h264' && flvjs.isSupported());
