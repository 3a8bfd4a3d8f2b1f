// Thin bridge from the shared video engine (shared/media CameraView) to the player's view: one
// CameraView per element, fed the element's attributes, torn down when the element goes away.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { http, notify } from '../../shared/http/index.ts';
import { kitConfig } from '../../shared/kit.ts';
import { browserVisibility, CameraView, loadFlvEngine, saveScreenshot, type CameraViewState } from '../../shared/media/index.ts';
import { session } from '../../shared/session/store.ts';
import { useEmit, useWidget } from '../../shared/element/context.ts';
import type { PtzAction } from '../../shared/api/video-types.ts';

export interface VideoPlayerOptions {
  cameraId?: string | undefined;
  devLabel?: string | undefined;
  playType?: number | undefined;
  disableYunControl?: boolean | undefined;
  muted?: boolean | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** What the user holds (null while the session has not loaded: the platform then decides). */
function currentRights() {
  if (!session.user) return { live: null, replay: null };
  return { live: 'video:play' in session.elements, replay: 'video:replay' in session.elements };
}

function makeVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.autoplay = false;
  video.disablePictureInPicture = true;
  video.setAttribute('data-atrium-video', '');
  return video;
}

/** The picture a paused replay keeps on screen (a JPEG data: URL), or null before any picture. */
function stillOf(video: unknown): string | null {
  const v = video as HTMLVideoElement | null;
  if (!v || !v.videoWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = v.videoWidth;
  canvas.height = v.videoHeight;
  canvas.getContext('2d')?.drawImage(v, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.9);
}

export function useVideoPlayer(options: VideoPlayerOptions) {
  const emit = useEmit();
  const [view] = useState(
    () =>
      new CameraView({
        client: http,
        engine: loadFlvEngine,
        makeVideo,
        rights: currentRights,
        visibility: typeof document === 'undefined' ? null : browserVisibility(),
        mediaBase: () => kitConfig.mediaBase,
        snapshot: stillOf,
        onEvent: (event) => {
          if (event.type === 'play') emit('atrium-play', { cameraId: String(event.cameraId), playType: event.playType });
          else emit('atrium-error', { message: event.message, code: event.code });
        },
      }),
  );
  const state = useSyncExternalStore(
    (listener) => view.subscribe(listener),
    () => view.state,
  );

  const { cameraId, devLabel, playType, disableYunControl, muted, startTime, endTime } = options;
  useEffect(() => {
    view.setInput({ cameraId, devLabel, playType, disableYunControl: Boolean(disableYunControl), muted: Boolean(muted), startTime, endTime });
  }, [view, cameraId, devLabel, playType, disableYunControl, muted, startTime, endTime]);

  // element.stats(): each pane's first-frame time, latency and restarts, for dashboards and the benchmark.
  const host = useWidget()?.host;
  useEffect(() => {
    if (!host) return;
    const stats = () => view.state.panes.map((p) => ({ kind: p.kind, status: p.player?.state.status ?? 'no-permission', ...p.player?.stats() }));
    Object.defineProperty(host, 'stats', { configurable: true, value: stats });
    return () => {
      delete (host as unknown as { stats?: unknown }).stats;
    };
  }, [host, view]);

  // Rights arrive with the session's user info, possibly after the player started.
  const { user, elements } = useSnapshot(session);
  useEffect(() => view.refreshRights(), [view, user, elements]);

  // The element keeps its tree for a few seconds after leaving the DOM (keepAliveMs), so this runs
  // only when it is really gone: then every stream is shut and every media object released.
  useEffect(() => () => view.stop(), [view]);

  const screenshot = async () => {
    const pane = view.state.panes.find((p) => p.player?.state.status === 'playing') ?? view.state.panes[0];
    const video = pane?.player?.video as HTMLVideoElement | undefined;
    const name = video ? await saveScreenshot(video) : null;
    if (!name) {
      notify({ kind: 'toast', level: 'warning', key: 'video.screenshotNone', duration: 2000 });
      return;
    }
    emit('atrium-screenshot', { fileName: name });
    notify({ kind: 'toast', level: 'success', key: 'video.screenshotSaved', params: { name }, duration: 2000 });
  };

  // Full screen follows the document, including Esc and the browser's own controls.
  const [fullscreen, setFullscreen] = useState(false);
  const fullscreenTarget = useRef<Element | null>(null);
  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === fullscreenTarget.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  /** Full screen for the element (or `fallback`, the view's root, when rendered outside an element). */
  const toggleFullscreen = (fallback: HTMLElement | null) => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else {
      fullscreenTarget.current = host ?? fallback;
      void fullscreenTarget.current?.requestFullscreen().catch(() => undefined);
    }
  };

  // One object for the view's lifetime: the timeline's effects depend on it.
  const timeline = useMemo(
    () => ({
      positionMs: () => view.positionMs(),
      seek: (ms: number) => view.seek(ms),
      setRate: (rate: number) => view.setRate(rate),
      togglePause: () => view.togglePause(),
      setDay: (day: string) => view.setDay(day),
      refreshSegments: () => view.refreshSegments(),
      clip: async (startMs: number, endMs: number) => {
        try {
          await view.clip(startMs, endMs);
          notify({ kind: 'toast', level: 'info', key: 'video.timeline.clipStarted', duration: 5000 });
          return true;
        } catch {
          // The platform's refusal was already shown.
          return false;
        }
      },
    }),
    [view],
  );

  return {
    state,
    fullscreen,
    toggleFullscreen,
    setMode: (mode: 'live' | 'replay') => view.setMode(mode),
    setRange: (range: { startTime: string; endTime: string }) => view.setRange(range),
    screenshot,
    openPtz: () => view.openPtz(),
    closePtz: () => view.closePtz(),
    ptzPress: (action: PtzAction) => view.ptzPress(action),
    ptzRelease: () => view.ptzRelease(),
    ptzSpeed: () => view.ptzSpeed,
    timeline,
    setPtzSpeed: (speed: number) => view.setPtzSpeed(speed),
  };
}

export type VideoPlayerModel = ReturnType<typeof useVideoPlayer>;
export type { CameraViewState };

export { usePlayerState } from './player-state.ts';
