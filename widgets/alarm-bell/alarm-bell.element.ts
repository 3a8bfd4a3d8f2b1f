// Registers <atrium-alarm-bell href sound notify>.
//   @event atrium-alarm-open  every click (cancel it to stop the navigation, e.g. to route in a SPA)
//   @event atrium-alarm-new   a poll brought a new alarm
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { AlarmBell, type AlarmBellProps } from './alarm-bell.tsx';

export const AlarmBellElement = defineWidget<AlarmBellProps>({
  tag: 'atrium-alarm-bell',
  component: AlarmBell,
  props: { href: 'string', sound: 'boolean', notify: 'boolean' },
});
