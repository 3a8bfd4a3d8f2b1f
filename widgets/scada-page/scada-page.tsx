// A published scada page, live: the background and every element at its place, scaled to fit the
// host; values from one shared poll per tab; a switch writes through the device's gateway after a
// confirmation; a link to another page shows that page (unless the host cancels atrium-scada-link).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writePoint } from '../../shared/api/point.ts';
import { viewScadaPage } from '../../shared/api/scada.ts';
import type { ScadaView } from '../../shared/api/scada-types.ts';
import { useEmit } from '../../shared/element/context.ts';
import { http } from '../../shared/http/index.ts';
import type { ScadaElement } from '../../shared/scada/doc.ts';
import { ElementBody, elementBox, isAlarming } from './scada-canvas.tsx';
import * as css from './scada-page.css.ts';
import { useScadaLive } from './use-scada-live.ts';

export interface ScadaPageProps {
  pageId?: string | number;
  /** For a React host (the console's viewer): where a link element goes, instead of the event. */
  onLink?: (pageId: number) => void;
}

/** The scale that fits a width × height page into the box. */
export const fitScale = (box: { width: number; height: number }, page: { width: number; height: number }): number =>
  box.width > 0 && box.height > 0 ? Math.min(box.width / page.width, box.height / page.height) : 1;

function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function ScadaPage({ pageId, onLink }: ScadaPageProps) {
  const { t } = useTranslation();
  const emit = useEmit();
  // The page shown: the attribute's, or the one a link led to from it.
  const [followed, setFollowed] = useState<{ from: string; to: number } | null>(null);
  const asked = String(pageId ?? '');
  const parsed = Number(asked);
  const current = followed && followed.from === asked ? followed.to : Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const [loaded, setLoaded] = useState<{ id: number; view: ScadaView | null; error: string | null } | null>(null);
  const view = loaded?.id === current ? loaded.view : null;
  const error = loaded?.id === current ? loaded.error : null;
  const [asking, setAsking] = useState<{ el: ScadaElement; next: number } | null>(null);
  const [writing, setWriting] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const size = useBoxSize(host);

  useEffect(() => {
    if (current === null) return;
    const abort = new AbortController();
    viewScadaPage(http, current, abort.signal).then(
      (v) => setLoaded({ id: current, view: v, error: null }),
      (e: unknown) => {
        if (!abort.signal.aborted) setLoaded({ id: current, view: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => abort.abort();
  }, [current]);

  const [live, refresh] = useScadaLive(view ? view.id : null);
  const names = (el: ScadaElement) => (el.deviceId !== undefined ? (live.devices.get(el.deviceId)?.name ?? String(el.deviceId)) : '');

  const write = async () => {
    if (!asking?.el.deviceId || !asking.el.code) return;
    setWriting(true);
    try {
      await writePoint(http, asking.el.deviceId, { code: asking.el.code, value: asking.next });
      refresh();
    } catch {
      /* the client showed the gateway's message */
    } finally {
      setWriting(false);
      setAsking(null);
    }
  };

  const follow = (target: number) => {
    if (onLink) onLink(target);
    else if (emit('atrium-scada-link', { pageId: target })) setFollowed({ from: asked, to: target });
  };

  if (current === null) return <div className={css.host} />;
  if (error) {
    return (
      <div className={css.host} role="alert">
        <p className={css.message}>{error}</p>
      </div>
    );
  }
  const doc = view?.doc;
  const scale = doc ? fitScale(size, doc) : 1;
  return (
    <div ref={host} className={css.host} data-page-id={view?.id ?? ''} aria-busy={!view}>
      {!doc ? <p className={css.message}>{t('scadaView.loading')}</p> : null}
      {doc ? (
        <div className={css.stage} style={{ width: doc.width, height: doc.height, transform: `scale(${scale})` }} role="region" aria-label={view?.name}>
          {doc.background ? <img className={css.background} src={doc.background} alt="" /> : null}
          {doc.elements.map((el) => (
            <div key={el.id} className={`${css.element}${isAlarming(el, live) ? ` ${css.alarming}` : ''}`} style={elementBox(el)} data-element={el.id} data-kind={el.kind}>
              <ElementBody el={el} live={live} mode="view" onSwitch={(e, next) => setAsking({ el: e, next })} onLink={follow} />
            </div>
          ))}
        </div>
      ) : null}
      {asking ? (
        <div className={css.confirm} role="alertdialog" aria-modal="true" aria-label={t('scadaView.confirm')}>
          <p>{t('scadaView.confirmWrite', { name: names(asking.el), code: asking.el.text || asking.el.code, value: t(asking.next ? 'scadaView.on' : 'scadaView.off') })}</p>
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <button type="button" className={css.ghost} onClick={() => setAsking(null)} disabled={writing} autoFocus>
              {t('scadaView.cancel')}
            </button>
            <button type="button" className={css.primary} onClick={() => void write()} disabled={writing} data-action="confirm-write">
              {t('scadaView.confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
