// /video_wall: the stand-alone wall, shown full screen in the dashboard-style layout (SPEC §2).
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as css from './video-wall.css.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';

// The wall's panes replay in the player element, which the console defines itself.
const loadWall = () => Promise.all([import('../../../widgets/video-wall/video-wall.element.ts'), import('../../../widgets/video-player/video-player.element.ts')]);

export default function VideoWallPage() {
  const [params] = useSearchParams();
  const chunk = useElementChunk(loadWall);
  const ready = chunk.ready;
  const ref = useRef<HTMLElement>(null);
  // Attributes are set directly: React would set the element's same-named properties with strings.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.setAttribute('fullscreen', '');
    const tree = params.get('treeId');
    if (tree) el.setAttribute('tree-id', tree);
    else el.removeAttribute('tree-id');
  }, [params, ready]);
  return <div className={css.page}>{chunk.failed ? <ChunkFailed chunk={chunk} /> : ready && <atrium-video-wall ref={ref} className={css.wall} />}</div>;
}
