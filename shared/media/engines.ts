// Engine loaders. Each returns a promise of the engine module, imported only when first needed.
import type { EngineLoader, PlayerEngine } from './engine.ts';

/** A loader that imports once and shares the promise; a failed import is tried again next time. */
function once(load: () => Promise<PlayerEngine>): EngineLoader {
  let pending: Promise<PlayerEngine> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** flv.js (H.264 HTTP-FLV and WS-FLV); the chunk is fetched once and shared by every player. */
export const loadFlvEngine: EngineLoader = once(() => import('./flv-engine.ts').then((m) => m.flvEngine));

/** mpegts.js (H.265 in FLV, for browsers that decode H.265); its chunk downloads only for an H.265 stream. */
export const loadMpegtsEngine: EngineLoader = once(() => import('./mpegts-engine.ts').then((m) => m.mpegtsEngine));
