// Issue 41 type test (tsc -p tests/types, run by types.test.ts): a React 19 portal uses the kit's tags
// with their attributes, and reads e.detail of each event through the element's addEventListener.
import { useEffect, useRef } from 'react';
import type { AtriumAlarmBellElement, AtriumDeviceListElement, AtriumVideoPlayerElement } from '../../widgets/custom-elements.d.ts';
import type {} from '../../widgets/types/atrium-react.d.ts';

export function Portal() {
  const player = useRef<AtriumVideoPlayerElement>(null);
  const bell = useRef<AtriumAlarmBellElement>(null);
  const list = useRef<AtriumDeviceListElement>(null);
  useEffect(() => {
    player.current?.addEventListener('atrium-play', (e) => {
      const camera: string = e.detail.cameraId;
      const kind: number = e.detail.playType;
      console.log(camera, kind);
    });
    player.current?.addEventListener('atrium-error', (e) => console.log(e.detail.message));
    bell.current?.addEventListener('atrium-alarm-new', (e) => console.log(e.detail.latestId + e.detail.count));
    list.current?.addEventListener('atrium-device-select', (e) => console.log(e.detail.device));
    // @ts-expect-error the bell's event carries a count, not a camera
    bell.current?.addEventListener('atrium-alarm-open', (e) => console.log(e.detail.cameraId));
    document.addEventListener('atrium-session-expired', (e) => {
      const reason: 'expired' | 'sign-out' | 'other-tab' | 'logged-elsewhere' = e.detail.reason;
      console.log(reason);
      e.preventDefault();
    });
  }, []);
  return (
    <div>
      <atrium-alarm-bell ref={bell} href="https://atrium.example.com/alarm/search" sound theme="dark-theme" />
      <atrium-video-player ref={player} camera-id="3" play-type={1} muted />
      <atrium-video-player dev-label="CAM-3" play-type="2" />
      <atrium-device-list ref={list} area-id="a1" selectable />
      {/* @ts-expect-error camera-id is text, not a number */}
      <atrium-video-player camera-id={3} />
      {/* @ts-expect-error there is no such theme */}
      <atrium-alarm-bell theme="pink-theme" />
    </div>
  );
}
