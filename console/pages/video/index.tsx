// /video: the single-camera player page (SPEC §2 "Video player"). The query string carries the
// same parameters as the element's attributes; the element does the work.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as css from './video.css.ts';

/** Query parameter → element attribute; booleans become bare attributes. */
const MAPPING: Array<[string, string, 'text' | 'flag']> = [
  ['id', 'camera-id', 'text'],
  ['devLabel', 'dev-label', 'text'],
  ['playType', 'play-type', 'text'],
  ['disableYunControl', 'disable-yun-control', 'flag'],
  ['muted', 'muted', 'flag'],
  ['startTime', 'start-time', 'text'],
  ['endTime', 'end-time', 'text'],
];

export default function VideoPage() {
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    void import('../../../widgets/video-player/video-player.element.ts').then(() => setReady(true));
  }, []);

  // Attributes are set directly: React would set same-named element properties with strings instead.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (const [param, attr, kind] of MAPPING) {
      const value = params.get(param);
      const on = kind === 'flag' ? value === 'true' || value === '1' : value !== null && value !== '';
      if (on) el.setAttribute(attr, kind === 'flag' ? '' : value!);
      else el.removeAttribute(attr);
    }
  }, [params, ready]);

  return <div className={css.page}>{ready && <atrium-video-player ref={ref} className={css.player} />}</div>;
}
