// devstatus/tabs (real-time monitoring, devCard): device cards with a detail drawer by default (SPEC
// "real-time monitoring cards"), or the device list element as a table. The choice is remembered.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';
import { DeviceCards } from './cards.tsx';
import * as css from './device-status.css.ts';
import './texts.ts';

const loadList = () => import('../../../widgets/device-list/device-list.element.ts');
const VIEW_KEY = 'atrium.monitor.view';
type View = 'cards' | 'table';

function storedView(): View {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export default function DeviceStatusPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(storedView);
  const choose = (next: View) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      /* storage denied: the choice lasts for this visit */
    }
  };
  return (
    <div className={css.page}>
      <div className={css.viewSwitch} role="group" aria-label={t('devcard.view')}>
        {(['cards', 'table'] as const).map((v) => (
          <button key={v} type="button" className={css.viewButton} aria-pressed={view === v} onClick={() => choose(v)} data-view-choice={v}>
            {t(`devcard.${v}`)}
          </button>
        ))}
      </div>
      {view === 'cards' ? <DeviceCards /> : <DeviceTable />}
    </div>
  );
}

function DeviceTable() {
  const chunk = useElementChunk(loadList);
  const ready = chunk.ready;
  const ref = useRef<HTMLElement>(null);
  // A bare attribute: React would set the element's same-named property to '' (false) instead.
  useEffect(() => ref.current?.setAttribute('selectable', ''), [ready]);
  return chunk.failed ? <ChunkFailed chunk={chunk} /> : ready ? <atrium-device-list ref={ref} className={css.list} /> : null;
}
