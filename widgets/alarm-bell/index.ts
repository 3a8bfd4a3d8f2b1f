export { AlarmBell } from './alarm-bell.tsx';
export type { AlarmBellProps } from './alarm-bell.tsx';
export { useAlarmBell, safeHref, DEFAULT_ALARM_PAGE } from './use-alarm-bell.ts';
