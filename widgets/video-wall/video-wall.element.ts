// Registers <atrium-video-wall tree-id fullscreen>.
//   @attr tree-id     a camera group (data group type 7) to select first
//   @attr fullscreen  the stand-alone /video_wall page: fills the viewport
//   @method stats()   per pane: { pane, cameraId, status, firstFrameMs, latency, wallLatency, playbackRate, restarts, seeks }
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { VideoWall, type VideoWallProps } from './video-wall.tsx';

export const VideoWallElement = defineWidget<VideoWallProps>({
  tag: 'atrium-video-wall',
  component: VideoWall,
  props: { treeId: 'string', fullscreen: 'boolean' },
  // Moving the wall in the DOM (a console tab switch) reconnects within this time: streams stay.
  keepAliveMs: 3000,
});
