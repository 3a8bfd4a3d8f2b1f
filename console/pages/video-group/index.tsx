// /videoGroup (devManager): ?type=wall shows the video wall in video-management mode (treeId picks
// a group); otherwise the video access management page. Both are reachable from the tab bar.
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import * as css from './video-group.css.ts';
import { VideoGroupManager } from './video-group.tsx';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';

// The wall's panes replay in the player element, which the console defines itself.
const loadWall = () => Promise.all([import('../../../widgets/video-wall/video-wall.element.ts'), import('../../../widgets/video-player/video-player.element.ts')]);

export default function VideoGroupPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wall = params.get('type') === 'wall';
  const chunk = useElementChunk(loadWall, wall);
  const ready = chunk.ready;

  const go = (type: string | null) => {
    const next = new URLSearchParams(params);
    if (type) next.set('type', type);
    else next.delete('type');
    setParams(next);
  };
  const treeId = params.get('treeId');

  return (
    <div className={css.page}>
      <div className={css.tabs} role="tablist">
        <button type="button" role="tab" aria-selected={wall} className={wall ? button : buttonGhost} onClick={() => go('wall')}>
          {t('wall.title')}
        </button>
        <button type="button" role="tab" aria-selected={!wall} className={!wall ? button : buttonGhost} onClick={() => go(null)}>
          {t('videoGroup.title')}
        </button>
      </div>
      {wall ? chunk.failed ? <ChunkFailed chunk={chunk} /> : ready && createElement('atrium-video-wall', { class: css.wall, ...(treeId ? { 'tree-id': treeId } : {}) }) : <VideoGroupManager />}
    </div>
  );
}
