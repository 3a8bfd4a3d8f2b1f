// The alarm count every bell shows (SPEC §2, §9): one shared poller of GET /api/alarm/total/tenant,
// every 5 s while the user holds alarmSearch, and the arrival of new alarms between two polls.
import { proxy, subscribe } from 'valtio/vanilla';
import { fetchAlarmTotal } from '../api/alarm.ts';
import type { AlarmTotal } from '../api/alarm-types.ts';
import { http } from '../http/client.ts';
import { singleton } from '../kit.ts';
import { session, hasMenu } from '../session/store.ts';
import { setAlarmTotal } from '../session/settings.ts';
import { browserEnv } from './env.ts';
import { SharedPoller } from './shared-poller.ts';

export const ALARM_POLL_MS = 5000;

export interface AlarmBellState {
  /** Unhandled alarms, null until the first answer (or without the right). */
  total: number | null;
  /** Newest alarm id seen, null when not known yet. */
  latestId: number | null;
  /** Grows by one each time a poll brings an alarm newer than the previous poll's newest. */
  arrivals: number;
  latest: AlarmTotal['latest'];
}

export const alarmBell: AlarmBellState = singleton('alarm-bell-state', () =>
  proxy<AlarmBellState>({ total: null, latestId: null, arrivals: 0, latest: null }),
);

/** True when `next` brings an alarm newer than the newest known one (never on the first answer). */
export function isNewArrival(previousLatestId: number | null, next: AlarmTotal): boolean {
  return previousLatestId !== null && next.latestId > previousLatestId;
}

export function applyAlarmTotal(state: AlarmBellState, next: AlarmTotal | null): void {
  if (!next) {
    state.total = null;
    state.latestId = null;
    state.latest = null;
    return;
  }
  if (isNewArrival(state.latestId, next)) state.arrivals += 1;
  state.total = next.total;
  state.latestId = next.latestId;
  state.latest = next.latest;
}

/** Who the values belong to: the signed-in user of the tenant (values of another user are ignored). */
export const sessionScope = (): string => (session.token && session.user ? `${session.user.tenantId}/${session.user.id}` : '');

/** Polls pause while this tab or any other refreshes the token (SPEC §4). */
export const tokenRefreshPause = (env: { refreshInProgress(): Promise<boolean> }) => (): boolean | Promise<boolean> =>
  session.tokenOverdueFlag || env.refreshInProgress();

export const alarmPoller: SharedPoller<AlarmTotal> = singleton('poll:alarm-total', () => {
  const env = browserEnv();
  return new SharedPoller<AlarmTotal>(
    {
      name: 'alarm-total',
      intervalMs: ALARM_POLL_MS,
      fetch: (signal) => fetchAlarmTotal(http, signal),
      allowed: () => Boolean(session.token) && hasMenu('alarmSearch'),
      paused: tokenRefreshPause(env),
      scope: sessionScope,
      watch: (onChange) => subscribe(session, onChange),
      onValue: (value) => {
        applyAlarmTotal(alarmBell, value);
        setAlarmTotal(value?.total ?? 0);
      },
    },
    env,
  );
});
