// One camera playing live inside a console page (<atrium-video-player>, muted), and the loader of the
// player's element chunk that the page waits for (useElementChunk(loadPlayer)).
import { useEffect, useRef } from 'react';

export const loadPlayer = () => import('../../widgets/video-player/video-player.element.ts');

export function CameraPlayer({ cameraId }: { cameraId: number }) {
  const ref = useRef<HTMLElement>(null);
  // Attributes, not React props: same-named element properties would get strings.
  useEffect(() => {
    ref.current?.setAttribute('camera-id', String(cameraId));
    ref.current?.setAttribute('muted', '');
  }, [cameraId]);
  return <atrium-video-player ref={ref} style={{ display: 'block', aspectRatio: '16 / 9' }} />;
}
