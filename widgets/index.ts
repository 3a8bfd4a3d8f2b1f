// The widget kit's entry: defines every tag once and exposes window.Atrium.
import { configure, defineCoreElements } from '../shared/element/index.ts';
import './alarm-bell/alarm-bell.element.ts';
import './progress-panel/progress-panel.element.ts';
import './device-list/device-list.element.ts';
import './video-player/video-player.element.ts';

defineCoreElements();

export interface AtriumGlobal {
  configure: typeof configure;
  version: string;
  /** configure() calls made through atrium.js before the kit arrived. */
  __queue?: Parameters<typeof configure>[0][];
}

declare global {
  interface Window {
    Atrium?: AtriumGlobal;
  }
}

const pending = window.Atrium?.__queue ?? [];
if (!window.Atrium || window.Atrium.__queue) window.Atrium = { configure, version: '2.17.0.11684' };
for (const options of pending) configure(options);

export { configure };
