export { ScadaPage, fitScale } from './scada-page.tsx';
export type { ScadaPageProps } from './scada-page.tsx';
export { ElementBody, elementBox, isAlarming, indexLive, EMPTY_LIVE, type LiveIndex } from './scada-canvas.tsx';
export { useScadaLive, LIVE_POLL_MS } from './use-scada-live.ts';
