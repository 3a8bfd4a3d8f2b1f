export { VideoPlayer } from './video-player.tsx';
export type { VideoPlayerProps } from './video-player.tsx';
export { useVideoPlayer, usePlayerState } from './use-video-player.ts';
export { videoPropsFromQuery } from './query.ts';
