// Registers <atrium-video-player>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';

/**
 * @summary A live or recorded camera: HTTP-FLV/WS-FLV with latency control, stall recovery,
 * screenshot, full screen and pan-tilt; H.265 cameras play as H.265 where the browser decodes it and
 * as an H.264 transcode elsewhere, with one line saying so; in replay, an NVR timeline of the day's recordings (seek by
 * click, drag or keyboard, zoom, previous/next day, pause, 0.5–8×, clip download; needs video:replay).
 * The video engine loads only when this element appears. A camera that cannot play shows one state in
 * place of any picture, also named in `data-state` on the player's root (and on each pane): live,
 * connecting, offline ("camera offline, retrying"), credentials ("wrong camera credentials"),
 * not-found ("the camera has no such stream"), unsupported ("unsupported codec: …"), and the player's
 * own paused, no-device, no-permission, ended, stopped. Offline and not-found are retried after 2 s
 * doubling to 30 s, credentials and unsupported every 60 s; the picture comes back by itself. A stream
 * whose FLV header claims audio that never comes plays its video alone within a second.
 * @attr camera-id - the camera's id; or
 * @attr dev-label - its device code (looked up: page 1, limit 10, exact)
 * @attr play-type - 0 live (default), 1 replay, 2 both side by side, 3 live with pan-tilt open
 * @attr disable-yun-control - hides the pan-tilt control
 * @attr muted - starts without sound
 * @attr start-time - replay start, 'YYYY-MM-DD HH:mm:ss' (default: today 00:00:00)
 * @attr end-time - replay end, 'YYYY-MM-DD HH:mm:ss' (default: today 23:59:59)
 * @attr theme - blue-theme | dark-theme | light-theme
 * @method stats() - per pane: { kind, status, firstFrameMs, latency, wallLatency, playbackRate, restarts, seeks }
 * @event atrium-play - a stream started playing ({ cameraId, playType })
 * @event atrium-error - a stream failed or cannot play ({ message, code })
 * @event atrium-screenshot - a screenshot was saved ({ fileName })
 */
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
