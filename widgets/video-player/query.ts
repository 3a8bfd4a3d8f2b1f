// The /video route's query parameters (SPEC §2: id, devLabel, playType, disableYunControl, muted,
// startTime, endTime) as the player's props, so the console page and the element read them alike.
import type { VideoPlayerProps } from './video-player.tsx';

const flag = (value: string | null): boolean => value !== null && value !== 'false' && value !== '0';

export function videoPropsFromQuery(query: URLSearchParams): VideoPlayerProps {
  // SPEC §4: a missing playType means 0 (live); so does one that is not a whole number.
  const raw = query.get('playType');
  const playType = raw === null || raw.trim() === '' ? 0 : Number(raw);
  return {
    cameraId: query.get('id') ?? undefined,
    devLabel: query.get('devLabel') ?? undefined,
    playType: Number.isInteger(playType) ? playType : 0,
    disableYunControl: flag(query.get('disableYunControl')),
    muted: flag(query.get('muted')),
    startTime: query.get('startTime') ?? undefined,
    endTime: query.get('endTime') ?? undefined,
  };
}
