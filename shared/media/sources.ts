// Binds the platform's play calls to one camera and kind, as the StreamApi a player needs.
import type { Client } from '../http/client.ts';
import { heartbeat, requestBoth, requestStream, shutStream } from '../api/video.ts';
import type { PlayStream } from '../api/video-types.ts';
import { browserDecodesH265 } from './codecs.ts';
import type { ReplayRate } from './recording.ts';
import type { StreamApi } from './stream-player.ts';

export interface ReplayRange {
  startTime?: string;
  endTime?: string;
}

type PlayClient = Pick<Client, 'get' | 'post'>;

const commonCalls = (client: PlayClient): Pick<StreamApi, 'heartbeat' | 'shut'> => ({
  // Heartbeats and shuts speak only through the player's state: a toast every 2 s helps nobody.
  heartbeat: (ref) => heartbeat(client, ref, { quiet: true }),
  shut: (ref, leaving) => shutStream(client, ref, { quiet: true, ...(leaving ? { keepalive: true } : {}) }),
});

/**
 * One camera's live (kind 'live') or replay stream. The first request may raise the platform's
 * notice (no permission, session expired); the retries of a reconnecting player stay quiet.
 */
export function cameraStreamApi(client: PlayClient, cameraId: number, kind: 'live' | 'replay', range: ReplayRange = {}, rate: ReplayRate = 1): StreamApi {
  let requests = 0;
  return {
    ...commonCalls(client),
    request: () =>
      requestStream(
        client,
        { id: cameraId, playType: kind === 'live' ? 0 : 1, ...(kind === 'replay' ? { ...range, ...(rate !== 1 ? { rate } : {}) } : { h265: browserDecodesH265() }) },
        { quiet: requests++ > 0 },
      ),
  };
}

/**
 * Live and replay side by side (playType 2): the first request is one call answering both streams;
 * a player that later needs a new code asks for its own kind alone.
 */
export function pairedStreamApis(client: PlayClient, cameraId: number, range: ReplayRange = {}, rate: ReplayRate = 1): { live: StreamApi; replay: StreamApi } {
  let both: Promise<PlayStream[]> | null = null;
  const taken = { live: false, replay: false };
  const make = (kind: 'live' | 'replay'): StreamApi => {
    const single = cameraStreamApi(client, cameraId, kind, range, rate);
    return {
      ...commonCalls(client),
      request: async () => {
        if (taken[kind]) return single.request();
        taken[kind] = true;
        both ??= requestBoth(client, { id: cameraId, ...range, ...(rate !== 1 ? { rate } : {}), h265: browserDecodesH265() });
        const list = await both;
        return list.find((s) => s.playType === (kind === 'live' ? 0 : 1)) ?? null;
      },
    };
  };
  return { live: make('live'), replay: make('replay') };
}
