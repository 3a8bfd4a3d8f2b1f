// The page's full-screen state (SPEC §2 full-screen toggle), following Esc and other exits.
import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (notify: () => void) => {
  document.addEventListener('fullscreenchange', notify);
  return () => document.removeEventListener('fullscreenchange', notify);
};

export function useFullScreen(): { active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null, () => false);
  const toggle = useCallback(() => {
    const request = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, an iframe without allowfullscreen): nothing to undo.
    void request?.catch(() => undefined);
  }, []);
  return { active, toggle };
}
