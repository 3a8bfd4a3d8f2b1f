// Registers <atrium-alarm-bell>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { AlarmBell, type AlarmBellProps } from './alarm-bell.tsx';

/**
 * @summary The alarm bell: the tenant's open-alarm count ('20000+' above 20000), polled once per browser
 * however many bells and tabs are open; a click opens the alarm page.
 * @attr href - where a click goes (default: the console's alarm manager)
 * @attr sound - play a short sound when a new alarm arrives
 * @attr notify - show a desktop notification when a new alarm arrives (permission asked on the first click)
 * @attr theme - blue-theme | dark-theme | light-theme
 * @event atrium-alarm-open - every click (cancel it to stop the navigation, e.g. to route in a SPA)
 * @event atrium-alarm-new - a poll brought a new alarm
 */
export const AlarmBellElement = defineWidget<AlarmBellProps>({
  tag: 'atrium-alarm-bell',
  component: AlarmBell,
  props: { href: 'string', sound: 'boolean', notify: 'boolean' },
});
