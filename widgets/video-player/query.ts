// The /video route's query parameters (SPEC §2: id, devLabel, playType, disableYunControl, muted,
// startTime, endTime) as the player's props, so the console page and the element read them alike.
import type { VideoPlayerProps } from './video-player.tsx';

const flag = (value: string | null): boolean => value !== null && value !== 'false' && value !== '0';

export function videoPropsFromQuery(query: URLSearchParams): VideoPlayerProps {
  const playType = Number(query.get('playType'));
  return {
    cameraId: query.get('id') ?? undefined,
    devLabel: query.get('devLabel') ?? undefined,
    playType: query.get('playType') !== null && Number.isInteger(playType) ? playType : undefined,
    disableYunControl: flag(query.get('disableYunControl')),
    muted: flag(query.get('muted')),
    startTime: query.get('startTime') ?? undefined,
    endTime: query.get('endTime') ?? undefined,
  };
}
