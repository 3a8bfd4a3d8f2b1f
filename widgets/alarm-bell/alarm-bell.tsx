// The header bar's alarm bell (SPEC §2): the unhandled-alarm count (up to 20000), a pulse on a new
// alarm, and a link to the alarm search for users who may open it.
import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from '../../shared/theme/base.css.ts';
import { useAlarmBell } from './use-alarm-bell.ts';
import * as css from './alarm-bell.css.ts';

export interface AlarmBellProps {
  /** Where a click leads (default /alarm/search); only followed with the alarmManager right. */
  href?: string;
  /** Play a short tone on a new alarm (once per browser). */
  sound?: boolean;
  /** Show a desktop notification on a new alarm (permission is asked on the first click). */
  notify?: boolean;
}

function BellIcon() {
  return (
    <svg className={css.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}

/**
 * What a screen reader hears about the count: nothing for the count the bell starts with, then the new
 * count once each time it changes. The poll answers every few seconds; the same count written again is
 * no change of the live region's text, so it is not announced again.
 */
function useCountAnnouncement(total: number | null, label: string): string {
  const first = useRef<number | null | undefined>(undefined);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (total === null) return;
    if (first.current === undefined) {
      first.current = total;
      return;
    }
    if (total !== first.current || said) setSaid(label);
    // Announced when the count (and with it the label) changes; a new language re-reads the label.
  }, [total, label]); // eslint-disable-line react-hooks/exhaustive-deps
  return said;
}

export function AlarmBell({ href, sound = false, notify = false }: AlarmBellProps) {
  const bell = useAlarmBell({ href, sound, notify });
  const announcement = useCountAnnouncement(bell.total, bell.label);
  const content = (
    <>
      <span key={bell.pulses} className={bell.pulses > 0 ? css.pulse : undefined} data-part="icon">
        <BellIcon />
      </span>
      {bell.total !== null && bell.total > 0 && (
        <span className={css.count} data-part="count" aria-hidden="true">
          {bell.text}
        </span>
      )}
    </>
  );
  const common = {
    className: css.bell,
    title: bell.label,
    'aria-label': bell.label,
    'data-openable': String(bell.canOpen),
    'data-pulses': bell.pulses,
    onClick: bell.onActivate,
  };
  return (
    <span className={css.host}>
      <span className={visuallyHidden} role="status" aria-live="polite" aria-atomic="true" data-part="announce">
        {announcement}
      </span>
      {bell.canOpen ? (
        <a {...common} href={bell.target}>
          {content}
        </a>
      ) : (
        <button {...common} type="button">
          {content}
        </button>
      )}
    </span>
  );
}
