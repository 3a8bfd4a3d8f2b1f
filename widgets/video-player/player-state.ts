// One pane's player state as React state: its own small module, so the wall can follow its panes'
// players without loading the single player's view.
import { useSyncExternalStore } from 'react';
import type { PlayerState, StreamPlayer } from '../../shared/media/index.ts';

const IDLE: PlayerState = { status: 'idle', attempt: 0, reason: null, width: 0, height: 0, autoMuted: false };

/** One pane's player state (idle when the pane has no player). */
export function usePlayerState(player: StreamPlayer | null): PlayerState {
  return useSyncExternalStore(
    (listener) => (player ? player.subscribe(listener) : () => undefined),
    () => player?.state ?? IDLE,
  );
}
