// Thin bridge from the shared alarm poller to the bell's view: holds the poller while mounted,
// reads the count and rights, and decides what a click does.
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useEmit } from '../../shared/element/context.ts';
import { alarmBell, alarmPoller } from '../../shared/poll/alarm-total.ts';
import { alertNewAlarm, askNotificationPermission } from '../../shared/poll/alarm-alert.ts';
import { TOTAL_CAP } from '../../shared/api/resource.ts';
import { formatCount } from '../../shared/poll/format.ts';
import { session } from '../../shared/session/store.ts';
import { kitConfig } from '../../shared/kit.ts';

export const DEFAULT_ALARM_PAGE = '/alarm/search';

/** The platform console's alarm page: on the platform (apiBase) when the kit is pointed at one, not the host's origin. */
export const defaultAlarmPage = (): string => (kitConfig.apiBase ? `${kitConfig.apiBase}${DEFAULT_ALARM_PAGE}` : DEFAULT_ALARM_PAGE);

/** A host's href is used only when it is a web address (never javascript: and friends). */
export function safeHref(href: string | undefined): string {
  if (!href) return defaultAlarmPage();
  try {
    const url = new URL(href, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? href : defaultAlarmPage();
  } catch {
    return defaultAlarmPage();
  }
}

export interface AlarmBellOptions {
  href?: string | undefined;
  sound: boolean;
  notify: boolean;
}

export function useAlarmBell({ href, sound, notify }: AlarmBellOptions) {
  const { t } = useTranslation();
  const emit = useEmit();
  useEffect(() => alarmPoller.acquire(), []);
  const bell = useSnapshot(alarmBell);
  const { token, menus } = useSnapshot(session);
  const canCount = Boolean(token) && 'alarmSearch' in menus;
  const canOpen = Boolean(token) && 'alarmManager' in menus;
  const total = canCount ? bell.total : null;

  // Only arrivals after this bell appeared make it pulse: a bell added later must not ring for old news.
  const [arrivalsAtMount] = useState(bell.arrivals);
  const pulses = bell.arrivals - arrivalsAtMount;

  useEffect(() => {
    if (pulses <= 0 || !alarmBell.latest) return;
    const latest = alarmBell.latest;
    emit('atrium-alarm-new', { count: alarmBell.total ?? 0, latestId: latest.id });
    if (sound || notify) {
      alertNewAlarm(latest, {
        sound,
        notify,
        title: t('alarm.bell.newAlarm'),
        body: t('alarm.bell.newAlarmBody', { device: latest.deviceName, content: latest.content }),
      });
    }
    // Fires once per arrival; the other inputs only shape how it is announced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pulses]);

  const onActivate = (event: MouseEvent) => {
    if (notify) askNotificationPermission();
    const proceed = emit('atrium-alarm-open', { count: total ?? 0 });
    if (!canOpen || !proceed) event.preventDefault();
  };

  return {
    total,
    text: total === null ? '' : formatCount(total, TOTAL_CAP),
    label: total === null ? t('alarm.bell.labelNone') : t('alarm.bell.label', { count: formatCount(total, TOTAL_CAP) }),
    canOpen,
    target: safeHref(href),
    pulses,
    onActivate,
  };
}
