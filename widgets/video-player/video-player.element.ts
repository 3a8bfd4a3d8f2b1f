// Registers <atrium-video-player camera-id dev-label play-type disable-yun-control muted start-time end-time>.
//   @attr camera-id            the camera's id; or
//   @attr dev-label            its device code (looked up: page 1, limit 10, exact)
//   @attr play-type            0 live (default), 1 replay, 2 both side by side, 3 live with pan-tilt open
//   @attr disable-yun-control  hides the pan-tilt control
//   @attr muted                starts without sound
//   @attr start-time/end-time  replay period, 'YYYY-MM-DD HH:mm:ss' (default: today in full)
//   @method stats()            per pane: { kind, status, firstFrameMs, latency, wallLatency, playbackRate, restarts, seeks }
//   @event atrium-play         a stream started playing ({ cameraId, playType })
//   @event atrium-error        a stream failed or cannot play ({ message, code })
//   @event atrium-screenshot   a screenshot was saved ({ fileName })
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';

export const VideoPlayerElement = defineWidget<VideoPlayerProps>({
  tag: 'atrium-video-player',
  component: VideoPlayer,
  props: {
    cameraId: 'string',
    devLabel: 'string',
    playType: 'number',
    disableYunControl: 'boolean',
    muted: 'boolean',
    startTime: 'string',
    endTime: 'string',
  },
  // Moving the element (a pane dragged on a wall) reconnects it within this time: the stream stays.
  keepAliveMs: 3000,
});
