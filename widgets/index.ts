// The widget kit's all-in-one entry: every tag, the infrastructure tags and window.Atrium.
// A new widget adds one line here (the per-widget entries are found by the build on their own).
export { configure } from '../shared/element/boot.ts';
export type { AtriumGlobal } from '../shared/element/boot.ts';
import './alarm-bell/alarm-bell.element.ts';
import './progress-panel/progress-panel.element.ts';
import './device-list/device-list.element.ts';
import './video-player/video-player.element.ts';
import './video-wall/video-wall.element.ts';
import './scada-page/scada-page.element.ts';
