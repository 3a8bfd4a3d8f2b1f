// The video player's view: toolbar (live/replay switch, replay period, screenshot, pan-tilt) over
// one or two panes, each with a status overlay. It renders the engine's state and nothing else.
import { lazy, Suspense, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PTZ_ACTIONS, PTZ_SPEED_MAX, PTZ_SPEED_MIN, type PtzActionName } from '../../shared/api/video-types.ts';
import { isSourceState, stateWord, type Pane, type PlayerStatus } from '../../shared/media/index.ts';
import { button, buttonGhost, paneNote } from '../../shared/theme/base.css.ts';
import * as css from './video-player.css.ts';
import { usePlayerState, useVideoPlayer, type VideoPlayerModel, type VideoPlayerOptions } from './use-video-player.ts';
import { Timeline } from './timeline.tsx';

// The period picker carries the calendar (Ark UI's DatePicker): loaded when the panel first opens.
const RangePanel = lazy(() => import('./range-panel.tsx'));

export type VideoPlayerProps = VideoPlayerOptions;

export function VideoPlayer(props: VideoPlayerProps) {
  const { t } = useTranslation();
  const model = useVideoPlayer(props);
  const { state } = model;
  const [rangeOpen, setRangeOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const ready = state.phase === 'ready';
  const replayDenied = state.rights.replay === false;
  const liveDenied = state.rights.live === false;
  // A user without the replay right is not offered replay at all (no switch, no period), unless an
  // embedding page asked for replay and must show why it cannot play.
  const offerReplay = !replayDenied || state.mode !== 'live';
  // The root's data-state: the first pane's (live when both play), else the lookup's.
  const first = state.panes[0];
  const firstStatus = usePlayerState(first?.player ?? null).status;
  const rootState = first ? stateWord(paneStatus(first, firstStatus)) : state.phase === 'no-device' ? 'no-device' : 'connecting';

  return (
    <div ref={rootRef} className={css.root} role="group" aria-label={t('video.player')} data-state={rootState}>
      <div className={css.toolbar}>
        <span className={css.title} title={state.cameraName} data-part="title">
          {state.cameraName || props.devLabel || (state.cameraId !== null ? `#${state.cameraId}` : '')}
        </span>
        {state.mode !== 'both' && offerReplay && (
          <div className={css.segmented} role="group" aria-label={t('video.mode')}>
            <button type="button" className={css.segment} aria-pressed={state.mode === 'live'} disabled={!ready || liveDenied} onClick={() => model.setMode('live')} data-mode="live">
              {t('media.live')}
            </button>
            <button type="button" className={css.segment} aria-pressed={state.mode === 'replay'} disabled={!ready || replayDenied} onClick={() => model.setMode('replay')} data-mode="replay">
              {t('media.replay')}
            </button>
          </div>
        )}
        {!replayDenied && (
          <button type="button" className={`${buttonGhost} ${css.small}`} disabled={!ready} aria-expanded={rangeOpen} onClick={() => setRangeOpen((o) => !o)} data-action="range">
            {state.range && state.mode !== 'live' ? `${state.range.startTime} – ${state.range.endTime}` : t('media.replayRange')}
          </button>
        )}
        <button type="button" className={`${buttonGhost} ${css.small}`} disabled={!ready} onClick={() => void model.screenshot()} data-action="screenshot">
          {t('media.screenshot')}
        </button>
        <button type="button" className={`${buttonGhost} ${css.small}`} aria-pressed={model.fullscreen} onClick={() => model.toggleFullscreen(rootRef.current)} data-action="fullscreen">
          {t(model.fullscreen ? 'video.exitFullscreen' : 'video.fullscreen')}
        </button>
        {state.ptzAvailable && (
          <button type="button" className={`${buttonGhost} ${css.small}`} aria-expanded={state.ptzOpen} onClick={() => (state.ptzOpen ? model.closePtz() : model.openPtz())} data-action="ptz">
            {t('video.ptzOpen')}
          </button>
        )}
      </div>
      <div className={css.panes}>
        {state.panes.map((pane) => (
          <PaneView key={pane.key} pane={pane} labelled={state.panes.length > 1} />
        ))}
        {state.phase === 'no-device' && (
          <div className={css.overlay} role="status" data-status="no-device">
            {t('media.noDevice')}
          </div>
        )}
        {state.phase === 'looking-up' && (
          <div className={css.overlay} role="status" data-status="looking-up">
            {t('video.status.lookingUp')}
          </div>
        )}
      </div>
      {ready && state.timeline && <Timeline timeline={state.timeline} model={model.timeline} />}
      {rangeOpen && ready && (
        <Suspense fallback={<div className={css.panel} role="status">{t('common.loading')}</div>}>
          <RangePanel
            initial={state.range}
            onCancel={() => setRangeOpen(false)}
            onApply={(range) => {
              if (model.setRange(range)) setRangeOpen(false);
            }}
          />
        </Suspense>
      )}
      {state.ptzOpen && <PtzPanel model={model} />}
    </div>
  );
}

const STATUS_KEYS: Partial<Record<string, string>> = {
  idle: 'video.status.connecting',
  connecting: 'video.status.connecting',
  reconnecting: 'video.status.reconnecting',
  paused: 'video.status.paused',
  'no-device': 'media.noDevice',
  'no-permission': 'video.status.noPermission',
  ended: 'video.status.ended',
  stopped: 'video.status.stopped',
  offline: 'video.status.offline',
  credentials: 'video.status.credentials',
  'not-found': 'video.status.notFound',
  unsupported: 'video.status.unsupported',
};

function paneStatus(pane: Pane, status: PlayerStatus): PlayerStatus {
  return pane.player ? status : pane.still !== undefined ? 'paused' : 'no-permission';
}

function PaneView({ pane, labelled }: { pane: Pane; labelled: boolean }) {
  const { t } = useTranslation();
  const surface = useRef<HTMLDivElement>(null);
  const state = usePlayerState(pane.player);
  const status = paneStatus(pane, state.status);
  const failed = pane.player !== null && isSourceState(state.status);

  // The engine owns the <video>; the view only gives it a place on screen.
  useLayoutEffect(() => {
    const video = pane.player?.video as HTMLVideoElement | undefined;
    if (video && surface.current && video.parentNode !== surface.current) surface.current.append(video);
  }, [pane.player]);

  // A paused replay shows its last picture under a small "paused" label, not a veil.
  const label = pane.still !== undefined ? undefined : STATUS_KEYS[status];
  return (
    <div className={css.pane} data-pane={pane.kind} data-status={status} data-state={stateWord(status)} data-codec={state.codec} data-engine={state.engine} data-media-codec={state.mediaCodec}>
      <div ref={surface} className={css.surface} />
      {state.transcoded && (
        <p className={paneNote} role="note" data-part="transcoded">
          {t('media.transcoded')}
        </p>
      )}
      {pane.still !== undefined && (
        <>
          {pane.still && <img className={css.still} src={pane.still} alt="" data-part="still" />}
          <span className={css.paneLabel} role="status">
            {t('video.timeline.paused')}
          </span>
        </>
      )}
      {labelled && <span className={css.paneLabel}>{t(pane.kind === 'live' ? 'media.live' : 'media.replay')}</span>}
      {label && (
        <div className={failed ? css.overlayCover : css.overlay} role="status" aria-live="polite" data-part="state">
          {t(label, { codec: state.sourceCodec || '?' })}
        </div>
      )}
      {status === 'playing' && state.autoMuted && (
        <div className={css.overlayCorner}>
          <span className={css.hint}>{t('video.autoMuted')}</span>
          <button type="button" className={`${button} ${css.small}`} onClick={() => pane.player?.setMuted(false)}>
            {t('video.unmute')}
          </button>
        </div>
      )}
    </div>
  );
}

const PAD: Array<PtzActionName | null> = ['upLeft', 'up', 'upRight', 'left', null, 'right', 'downLeft', 'down', 'downRight'];
const GLYPH: Record<PtzActionName, string> = {
  upLeft: '↖',
  up: '↑',
  upRight: '↗',
  left: '←',
  right: '→',
  downLeft: '↙',
  down: '↓',
  downRight: '↘',
  zoomIn: '+',
  zoomOut: '−',
};

function PtzPanel({ model }: { model: VideoPlayerModel }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState<PtzActionName | null>(null);
  const [speed, setSpeed] = useState(model.ptzSpeed());

  const press = (name: PtzActionName) => {
    setHeld(name);
    model.ptzPress(PTZ_ACTIONS[name]);
  };
  const release = () => {
    setHeld(null);
    model.ptzRelease();
  };

  const control = (name: PtzActionName) => ({
    type: 'button' as const,
    className: `${buttonGhost} ${css.padButton}`,
    'aria-label': t(`media.ptz.action.${name}`),
    title: t(`media.ptz.action.${name}`),
    'data-ptz': name,
    'data-held': held === name,
    // Pointer capture keeps the release coming to this button even if the pointer leaves it, or the window.
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      press(name);
    },
    onPointerUp: release,
    onPointerCancel: release,
    onLostPointerCapture: release,
    onBlur: release,
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
        e.preventDefault();
        press(name);
      }
    },
    onKeyUp: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (e.key === ' ' || e.key === 'Enter') release();
    },
  });

  return (
    <div className={css.panel} role="dialog" aria-label={t('media.ptz.title')} data-panel="ptz">
      <div className={css.panelHead}>
        <span>{t('media.ptz.title')}</span>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={model.closePtz}>
          {t('video.close')}
        </button>
      </div>
      <div className={css.hint}>{t('video.ptzHint')}</div>
      <div className={css.pad}>
        {PAD.map((name, i) => (name ? <button key={name} {...control(name)}>{GLYPH[name]}</button> : <span key={`gap-${i}`} />))}
      </div>
      <div className={css.zoomRow}>
        <button {...control('zoomIn')}>{GLYPH.zoomIn}</button>
        <button {...control('zoomOut')}>{GLYPH.zoomOut}</button>
      </div>
      <label className={css.field}>
        {t('media.ptz.speed')}: {speed}
        <input
          className={css.slider}
          type="range"
          min={PTZ_SPEED_MIN}
          max={PTZ_SPEED_MAX}
          step={1}
          value={speed}
          name="speed"
          onChange={(e) => {
            const value = Number(e.target.value);
            setSpeed(value);
            model.setPtzSpeed(value);
          }}
        />
      </label>
    </div>
  );
}
