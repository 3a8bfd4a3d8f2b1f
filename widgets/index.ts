// The widget kit's entry: defines every tag once and exposes window.Atrium.
import { configure, defineCoreElements } from '../shared/element/index.ts';
import './alarm-bell/alarm-bell.element.ts';
import './progress-panel/progress-panel.element.ts';

defineCoreElements();

export interface AtriumGlobal {
  configure: typeof configure;
  version: string;
}

declare global {
  interface Window {
    Atrium?: AtriumGlobal;
  }
}

window.Atrium ??= { configure, version: '2.17.0.11684' };

export { configure };
