// /video: the single-camera player page (SPEC §2 "Video player"). The query string carries the
// same parameters as the element's attributes; the element does the work.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as css from './video.css.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';

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

const loadPlayer = () => import('../../../widgets/video-player/video-player.element.ts');

export default function VideoPage() {
  const [params] = useSearchParams();
  const chunk = useElementChunk(loadPlayer);
  const ready = chunk.ready;
  const ref = useRef<HTMLElement>(null);

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

  return <div className={css.page}>{chunk.failed ? <ChunkFailed chunk={chunk} /> : ready && <atrium-video-player ref={ref} className={css.player} />}</div>;
}
