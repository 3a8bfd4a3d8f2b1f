// The video wall's view: group tree, camera list (virtual: only rows in sight are in the DOM) and
// four monitor panes. It renders the store's state and calls its actions; drag and drop and the
// 1–4 keys are two ways to the same store.place().
import { createElement, memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useWidget } from '../../shared/element/context.ts';
import type { DataGroup } from '../../shared/api/data-group-types.ts';
import type { PanePlayer, WallStore } from '../../shared/wall/index.ts';
import { scrollToReveal, visibleRange } from '../../shared/element/virtual-range.ts';
import { OVERSCAN, paneTitle, ROW_HEIGHT, type ListCamera } from '../../shared/wall/index.ts';
import { usePlayerState } from '../video-player/player-state.ts';
import { ensureKitElement } from '../../shared/kit.ts';
import { session } from '../../shared/session/store.ts';
import { TreeList, type TreeNode } from '../../shared/tree/tree-list.tsx';
import { paneNote } from '../../shared/theme/base.css.ts';
import * as css from './video-wall.css.ts';
import { bindListDrag, bindPaneDrop, useVideoWall } from './use-video-wall.ts';

export interface VideoWallProps {
  /** A data group (type 7) to select first. */
  treeId?: string;
  /** The stand-alone /video_wall page: the whole viewport. */
  fullscreen?: boolean;
}

export function VideoWall({ treeId, fullscreen = false }: VideoWallProps) {
  const { t } = useTranslation();
  const id = treeId && /^\d+$/.test(treeId) ? Number(treeId) : null;
  const store = useVideoWall(id);
  const snap = useSnapshot(store.state);
  const widget = useWidget();
  // After a pane was chosen with the keyboard, focus goes back to the list for the next camera.
  const focusList = () => widget?.root.querySelector<HTMLElement>('[data-role=camera-list]')?.focus();

  return (
    <div className={`${css.root} ${fullscreen ? css.fullscreen : ''}`} role="region" aria-label={t('wall.title')} data-fullscreen={fullscreen}>
      <GroupTree store={store} />
      <CameraList store={store} />
      {snap.canPlay === false ? (
        <div className={css.notice} role="alert" data-status="no-play-right">
          {t('wall.noPlayRight')}
        </div>
      ) : (
        <div className={css.panes} aria-label={t('wall.title')}>
          {snap.panes.map((pane, i) => (
            <PaneView key={i} store={store} n={i + 1} name={paneTitle(snap, pane.slot)} cameraId={pane.slot?.id ?? null} player={pane.player as PanePlayer | null} pending={snap.pending !== null} onPlaced={focusList} />
          ))}
        </div>
      )}
    </div>
  );
}

// ---- group tree ----

const toNodes = (groups: readonly DataGroup[]): TreeNode[] => groups.map((g) => ({ id: String(g.id), name: g.name, children: toNodes(g.children) }));

function GroupTree({ store }: { store: WallStore }) {
  const { t } = useTranslation();
  const snap = useSnapshot(store.state, { sync: true });
  const nodes = useMemo(() => toNodes(snap.tree as DataGroup[]), [snap.tree]);
  return (
    <nav className={css.column} aria-label={t('wall.groups')}>
      <h2 className={css.heading}>{t('wall.groups')}</h2>
      <input className={css.filter} type="search" aria-label={t('wall.groupFilter')} placeholder={t('wall.groupFilter')} value={snap.treeKeyword} onChange={(e) => store.setTreeKeyword(e.target.value)} />
      {snap.treePhase === 'error' ? (
        <button type="button" className={css.retryLine} onClick={() => void store.loadTree()}>
          {t('wall.loadFailed')} · {t('wall.retry')}
        </button>
      ) : (
        <div className={css.tree}>
          <TreeList
            label={t('wall.groups')}
            nodes={nodes}
            selected={snap.groupId === null ? null : String(snap.groupId)}
            onSelect={(id) => void store.selectGroup(id === null ? null : Number(id))}
            allLabel={t('wall.allGroups')}
            filter={snap.treeKeyword}
            busy={snap.treePhase === 'loading'}
            expandLabel={t('wall.expand')}
            collapseLabel={t('wall.collapse')}
          />
        </div>
      )}
    </nav>
  );
}

// ---- camera list ----

function CameraList({ store }: { store: WallStore }) {
  const { t } = useTranslation();
  const snap = useSnapshot(store.state, { sync: true });
  const filtered = snap.filtered as readonly ListCamera[];
  const scroller = useRef<HTMLDivElement>(null);
  const rowsEl = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const [focused, setFocused] = useState(0);
  const active = useMemo(() => new Set(snap.panes.flatMap((p) => (p.slot ? [p.slot.id] : []))), [snap.panes]);

  // A new filter starts at the top (state adjusted while rendering, as React advises over an effect).
  const [shownList, setShownList] = useState(filtered);
  if (shownList !== filtered) {
    setShownList(filtered);
    setFocused(0);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [filtered]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    setViewport(el.clientHeight);
    return () => ro.disconnect();
  }, []);

  useEffect(() => (rowsEl.current ? bindListDrag(rowsEl.current) : undefined), []);

  const reveal = (index: number) => {
    const el = scroller.current;
    if (!el) return;
    const next = scrollToReveal(index, el.scrollTop, el.clientHeight, ROW_HEIGHT, 0);
    if (next !== null) el.scrollTop = next;
  };

  const move = (index: number) => {
    const next = Math.max(0, Math.min(filtered.length - 1, index));
    setFocused(next);
    reveal(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const camera = filtered[focused];
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown': move(focused + 1); break;
      case 'ArrowUp': move(focused - 1); break;
      case 'PageDown': move(focused + page); break;
      case 'PageUp': move(focused - page); break;
      case 'Home': move(0); break;
      case 'End': move(filtered.length - 1); break;
      case 'Enter': if (camera) store.choose(camera); break;
      case 'Escape': store.choose(null); break;
      case '1': case '2': case '3': case '4': {
        const target = snap.pending ?? camera;
        if (target) void store.place(target, Number(e.key));
        break;
      }
      default: return;
    }
    e.preventDefault();
  };

  const { start, end } = visibleRange(scrollTop, viewport, filtered.length, ROW_HEIGHT, 0, OVERSCAN);
  const focusedCamera = filtered[focused];
  const optionId = (cid: number) => `wall-camera-${cid}`;

  return (
    <section className={css.column} aria-label={t('wall.cameras')}>
      <h2 className={css.heading}>{t('wall.cameras')}</h2>
      <input className={css.filter} type="search" aria-label={t('wall.keyword')} placeholder={t('wall.keyword')} value={snap.keyword} maxLength={64} onChange={(e) => store.setKeyword(e.target.value)} data-role="keyword" />
      <span className={css.count} aria-live="polite" data-role="count">
        {snap.camerasPhase === 'loading' ? t('wall.loading') : snap.camerasPhase === 'error' ? t('wall.loadFailed') : t('wall.count', { count: filtered.length })}
      </span>
      <div
        ref={scroller}
        className={css.scroller}
        role="listbox"
        tabIndex={0}
        aria-label={t('wall.cameras')}
        aria-describedby="wall-keys-help"
        aria-activedescendant={focusedCamera ? optionId(focusedCamera.id) : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
        data-role="camera-list"
      >
        <div ref={rowsEl} className={css.rows} style={{ height: filtered.length * ROW_HEIGHT }}>
          {filtered.slice(start, end).map((c, i) => (
            <Row key={c.id} camera={c} index={start + i} id={optionId(c.id)} focused={start + i === focused} active={active.has(c.id)} onPick={() => setFocused(start + i)} activeText={t('wall.active')} />
          ))}
        </div>
        {snap.camerasPhase === 'ready' && filtered.length === 0 && <p className={css.hint}>{t('wall.empty')}</p>}
      </div>
      <p id="wall-keys-help" className={css.hint} aria-live="polite">
        {snap.pending ? t('wall.choosePane') : t('wall.keysHelp')}
      </p>
    </section>
  );
}

const Row = memo(function Row(props: { camera: ListCamera; index: number; id: string; focused: boolean; active: boolean; onPick(): void; activeText: string }) {
  const { camera: c } = props;
  return (
    <div
      id={props.id}
      className={css.row}
      role="option"
      aria-selected={props.focused}
      style={{ top: props.index * ROW_HEIGHT }}
      data-camera-id={c.id}
      data-focused={props.focused}
      data-active={props.active}
      onMouseDown={props.onPick}
      title={c.slotName}
    >
      <span className={css.rowName}>{c.name}</span>
      <span className={css.rowLabel}>{c.label}</span>
      {props.active && <span className={css.badge}>● {props.activeText}</span>}
    </div>
  );
});

// ---- panes ----

const STATUS_KEYS: Partial<Record<string, string>> = {
  idle: 'wall.status.connecting',
  connecting: 'wall.status.connecting',
  reconnecting: 'wall.status.reconnecting',
  paused: 'wall.status.paused',
  'no-device': 'wall.status.noDevice',
  'no-permission': 'wall.status.noPermission',
  stopped: 'wall.status.stopped',
  // A camera the media server says cannot play: the player's own texts (issue 35).
  offline: 'video.status.offline',
  credentials: 'video.status.credentials',
  'not-found': 'video.status.notFound',
  unsupported: 'video.status.unsupported',
};

/**
 * The player element, for a pane's replay: the kit's own entry for it, loaded the first time a pane
 * replays (the wall's chunk stays within its budget, and nothing is bundled twice).
 */
const loadPlayerElement = (): Promise<void> => ensureKitElement('video-player');

function PaneView(props: { store: WallStore; n: number; name: string; cameraId: number | null; player: PanePlayer | null; pending: boolean; onPlaced(): void }) {
  const { store, n, name, cameraId, player, pending } = props;
  const { t } = useTranslation();
  const surface = useRef<HTMLDivElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const state = usePlayerState(player as Parameters<typeof usePlayerState>[0]);
  // Replay of this pane's camera (video:replay), over its live picture; a new camera ends it.
  const { elements } = useSnapshot(session);
  const canReplay = 'video:replay' in elements;
  const [replaying, setReplaying] = useState<number | null>(null);
  const replayOn = replaying !== null && replaying === cameraId;
  const [playerReady, setPlayerReady] = useState(false);
  useEffect(() => {
    if (!replayOn) return;
    let live = true;
    loadPlayerElement().then(
      () => live && setPlayerReady(true),
      () => live && setReplaying(null),
    );
    return () => {
      live = false;
    };
  }, [replayOn]);

  // The engine owns the <video>; a moved player's video is re-parented here, its stream untouched.
  useLayoutEffect(() => {
    const video = player?.video as HTMLVideoElement | undefined;
    const el = surface.current;
    if (!el) return;
    // A replaced or closed pane's old <video> (emptied by its stopped player) must not linger.
    if (!video) el.replaceChildren();
    else if (video.parentNode !== el || el.childNodes.length > 1) el.replaceChildren(video);
  }, [player]);

  useEffect(() => {
    if (!zone.current) return;
    return bindPaneDrop(zone.current, (id) => {
      const camera = store.cameraById(id);
      if (camera) void store.place(camera, n);
    });
  }, [store, n]);

  const status = cameraId === null ? 'empty' : player ? state.status : 'idle';
  const label = cameraId !== null ? STATUS_KEYS[status] : undefined;
  return (
    <div className={css.pane} role="group" aria-label={t('wall.pane', { n })} data-pane={n} data-camera-id={cameraId ?? ''} data-status={status} data-pending={pending} data-codec={state.codec} data-engine={state.engine}>
      <div className={css.paneBar}>
        <span className={css.paneTitle} title={name}>
          {n}. {name}
        </span>
        {cameraId !== null && canReplay && (
          <button type="button" className={css.iconButton} aria-pressed={replayOn} aria-label={t('wall.replay', { n })} title={t('wall.replay', { n })} onClick={() => setReplaying(replayOn ? null : cameraId)} data-action="replay">
            ⟲
          </button>
        )}
        {cameraId !== null && (
          <button type="button" className={css.iconButton} aria-label={t('wall.close', { n })} title={t('wall.close', { n })} onClick={() => void store.close(n)} data-action="close">
            ✕
          </button>
        )}
      </div>
      <div className={css.surface}>
        <div ref={surface} className={css.surface} style={{ height: '100%' }} />
        <div ref={zone} className={css.drop} data-role="drop" />
        {cameraId === null && <div className={css.tip}>{t('wall.tip', { n })}</div>}
        {cameraId !== null && state.transcoded && (
          <p className={paneNote} role="note" data-part="transcoded">
            {t('media.transcoded')}
          </p>
        )}
        {replayOn && cameraId !== null && (
          <div className={css.replay} data-part="pane-replay">
            {playerReady && createElement('atrium-video-player', { 'camera-id': String(cameraId), 'play-type': '1', muted: '', class: css.replayPlayer })}
          </div>
        )}
        {label && status !== 'playing' && (
          <div className={css.tip} role="status">
            {t(label, { codec: state.sourceCodec || '?' })}
          </div>
        )}
        {pending && (
          <button
            type="button"
            className={css.place}
            onClick={() => {
              const camera = store.state.pending;
              if (camera) void store.place(camera, n).then(props.onPlaced);
            }}
            data-action="place"
          >
            {t('wall.placeHere', { n })}
          </button>
        )}
      </div>
    </div>
  );
}
