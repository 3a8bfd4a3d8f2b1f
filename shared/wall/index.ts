// The video wall's store and its pure parts (config shape, merge, list filter, virtual window).
export { paneTitle, WallStore } from './wall-store.ts';
export type { PanePlayer, PaneState, WallState, WallStoreOptions } from './wall-store.ts';
export { emptyLayout, mergeLayouts, parseLayout, serializeLayout, isPane, sameSlot } from './wall-config.ts';
export type { Layout } from './wall-config.ts';
export { filterCameras, toListCamera, ROW_HEIGHT, OVERSCAN } from './camera-filter.ts';
export type { ListCamera } from './camera-filter.ts';
