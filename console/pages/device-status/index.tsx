// devstatus/tabs (real-time monitoring, devCard): the device list element is the list view.
import { useEffect, useRef, useState } from 'react';
import * as css from './device-status.css.ts';

export default function DeviceStatusPage() {
  const [ready, setReady] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    void import('../../../widgets/device-list/device-list.element.ts').then(() => setReady(true));
  }, []);
  // A bare attribute: React would set the element's same-named property to '' (false) instead.
  useEffect(() => ref.current?.setAttribute('selectable', ''), [ready]);
  return <div className={css.page}>{ready && <atrium-device-list ref={ref} className={css.list} />}</div>;
}
