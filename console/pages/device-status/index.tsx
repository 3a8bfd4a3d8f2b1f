// devstatus/tabs (real-time monitoring, devCard): the device list element, as cards with a detail
// drawer by default (SPEC "real-time monitoring cards": <atrium-device-list view="cards">, the same
// element a portal embeds) or as its table. The choice is remembered.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../shared/api/device-types.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';
import { DeviceDrawer } from './drawer.tsx';
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
      <DeviceList view={view} />
    </div>
  );
}

/** One element for both views: switching keeps its rows and filters. A chosen card opens the device's drawer. */
function DeviceList({ view }: { view: View }) {
  const chunk = useElementChunk(loadList);
  const ready = chunk.ready;
  const ref = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<Device | null>(null);
  // Attributes, not React's properties: a bare boolean would become the property '' (false).
  useEffect(() => {
    ref.current?.setAttribute('selectable', '');
    ref.current?.setAttribute('view', view);
  }, [ready, view]);
  useEffect(() => {
    const el = ref.current;
    if (!el || view !== 'cards') return;
    const chosen = (event: CustomEvent<{ device: Device }>) => setOpen(event.detail.device);
    el.addEventListener('atrium-device-select', chosen);
    return () => el.removeEventListener('atrium-device-select', chosen);
  }, [ready, view]);
  if (chunk.failed) return <ChunkFailed chunk={chunk} />;
  if (!ready) return null;
  return (
    <>
      <atrium-device-list ref={ref} className={css.list} />
      {open ? <DeviceDrawer device={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
