// Engine loaders. Each returns a promise of the engine module, imported only when first needed.
import type { EngineLoader } from './engine.ts';

let flv: ReturnType<EngineLoader> | null = null;

/** flv.js (H.264 HTTP-FLV and WS-FLV); the chunk is fetched once and shared by every player. */
export const loadFlvEngine: EngineLoader = () => {
  flv ??= import('./flv-engine.ts').then((m) => m.flvEngine).catch((error: unknown) => {
    flv = null;
    throw error;
  });
  return flv;
};

let mpegts: ReturnType<EngineLoader> | null = null;

/** mpegts.js (H.265 in FLV, for browsers that decode H.265); its chunk downloads only for an H.265 stream. */
export const loadMpegtsEngine: EngineLoader = () => {
  mpegts ??= import('./mpegts-engine.ts').then((m) => m.mpegtsEngine).catch((error: unknown) => {
    mpegts = null;
    throw error;
  });
  return mpegts;
};
