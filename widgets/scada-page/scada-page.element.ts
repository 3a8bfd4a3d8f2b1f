// Registers <atrium-scada-page>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { ScadaPage, type ScadaPageProps } from './scada-page.tsx';
// Camera elements are video players: registered with the page (the engine itself still loads lazily).
import '../video-player/video-player.element.ts';

/**
 * @summary A published scada page, live: its background and elements scaled to fit the element —
 * cameras (video players; the video engine loads only when a page has one), point values coloured by thresholds
 * and blinking on alarm, device states, switches that write through the gateway after a
 * confirmation, the alarm count and list, charts, text, images, shapes and links. One poll per page
 * per browser tab feeds every element.
 * @attr page-id - the page's id (scada/index); only pages of the signed-in user's tenant show
 * @attr theme - blue-theme | dark-theme | light-theme
 * @event atrium-scada-link - a link element was followed ({ pageId }); cancel it to route yourself
 */
export const ScadaPageElement = defineWidget<ScadaPageProps>({
  tag: 'atrium-scada-page',
  component: ScadaPage,
  props: { pageId: 'string' },
});
