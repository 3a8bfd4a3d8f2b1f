// Registers <atrium-video-wall>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { VideoWall, type VideoWallProps } from './video-wall.tsx';

/**
 * @summary The video wall: camera groups, four panes, drag a camera onto a pane,
 * move panes without re-requesting their streams.
 * @attr tree-id - a camera group (data group type 7) to select first
 * @attr fullscreen - the stand-alone /video_wall page: fills the viewport
 * @attr theme - blue-theme | dark-theme | light-theme
 * @method stats() - per pane: { pane, cameraId, status, firstFrameMs, latency, wallLatency, playbackRate, restarts, seeks }
 */
export const VideoWallElement = defineWidget<VideoWallProps>({
  tag: 'atrium-video-wall',
  component: VideoWall,
  props: { treeId: 'string', fullscreen: 'boolean' },
  // Moving the wall in the DOM (a console tab switch) reconnects within this time: streams stay.
  keepAliveMs: 3000,
});
