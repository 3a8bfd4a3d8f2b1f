export { VideoWall } from './video-wall.tsx';
export type { VideoWallProps } from './video-wall.tsx';
export { useVideoWall } from './use-video-wall.ts';
