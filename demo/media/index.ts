// The demo media server's public face: start it beside the API, and share one play-code store.
import { PlayCodeStore } from './play-codes.ts';
import { startMediaServer as startServer, type MediaServer, type MediaServerOptions } from './server.ts';

export { PlayCodeStore, HEARTBEAT_TIMEOUT_MS } from './play-codes.ts';
export type { StreamGrant, StreamKind, GrantInput } from './play-codes.ts';
export type { MediaServer, MediaStats } from './server.ts';
export { clipLibrary } from './clip.ts';

/**
 * The process-wide play-code store: the API route issues codes into it and the media server
 * checks them, so both must run in one process (they do: demo/server/main.ts starts both).
 */
export const playCodes = new PlayCodeStore();

let current: MediaServer | null = null;

/** The running media server, for the test-only stop/start hook of the video routes. */
export function currentMediaServer(): MediaServer | null {
  return current;
}

/** Starts the media server on `port` (MEDIA_PORT, 8081 by default) sharing the process's play codes. */
export async function startMediaServer(
  options: Omit<MediaServerOptions, 'playCodes'> & { playCodes?: PlayCodeStore },
): Promise<MediaServer> {
  current = await startServer({ ...options, playCodes: options.playCodes ?? playCodes });
  return current;
}
