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
