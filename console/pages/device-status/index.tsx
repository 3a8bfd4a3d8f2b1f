// devstatus/tabs (real-time monitoring, devCard): the device list element is the list view.
import { useEffect, useRef } from 'react';
import * as css from './device-status.css.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';

const loadList = () => import('../../../widgets/device-list/device-list.element.ts');

export default function DeviceStatusPage() {
  const chunk = useElementChunk(loadList);
  const ready = chunk.ready;
  const ref = useRef<HTMLElement>(null);
  // A bare attribute: React would set the element's same-named property to '' (false) instead.
  useEffect(() => ref.current?.setAttribute('selectable', ''), [ready]);
  return <div className={css.page}>{chunk.failed ? <ChunkFailed chunk={chunk} /> : ready && <atrium-device-list ref={ref} className={css.list} />}</div>;
}
