// One pane's player state as React state: its own small module, so the wall can follow its panes'
// players without loading the single player's view.
import { useSyncExternalStore } from 'react';
import { IDLE_STATE, type PlayerState, type StreamPlayer } from '../../shared/media/index.ts';

/** One pane's player state (idle when the pane has no player). */
export function usePlayerState(player: StreamPlayer | null): PlayerState {
  return useSyncExternalStore(
    (listener) => (player ? player.subscribe(listener) : () => undefined),
    () => player?.state ?? IDLE_STATE,
  );
}
