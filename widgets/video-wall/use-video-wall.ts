// Thin bridge from the wall store (shared/wall) to the view: one store per element, its panes'
// players built on the shared video engine, rights followed from the session, and SortableJS bound
// to the shadow root's own elements (the only way it works there: it is handed the nodes directly).
import { useEffect, useState } from 'react';
import type Sortable from 'sortablejs';
import { useSnapshot } from 'valtio';
import { http, notify } from '../../shared/http/index.ts';
import { kitConfig } from '../../shared/kit.ts';
import { browserVisibility, cameraStreamApi, loadFlvEngine, StreamPlayer } from '../../shared/media/index.ts';
import { session } from '../../shared/session/store.ts';
import { useWidget } from '../../shared/element/context.ts';
import type { WallSlot } from '../../shared/api/wall-types.ts';
import { WallStore } from '../../shared/wall/index.ts';

const canPlay = (): boolean | null => (session.user ? 'video:play' in session.elements : null);

function makeVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.disablePictureInPicture = true;
  video.setAttribute('data-atrium-video', '');
  return video;
}

/** SPEC §9 wall play: live (playType 0), muted so four panes can start without a gesture. */
function makePlayer(slot: WallSlot): StreamPlayer {
  return new StreamPlayer({
    cameraId: slot.id,
    live: true,
    api: cameraStreamApi(http, slot.id, 'live'),
    engine: loadFlvEngine,
    video: makeVideo(),
    muted: true,
    // The same transport as the single player: WS-FLV, which the six-connection limit does not touch.
    transport: 'ws',
    mediaBase: kitConfig.mediaBase,
    visibility: browserVisibility(),
  });
}

export function useVideoWall(treeId: number | null) {
  const [store] = useState(() => new WallStore({ client: http, makePlayer, rights: canPlay, notify }));

  useEffect(() => {
    void store.start(treeId);
  }, [store, treeId]);
  // The element keeps its tree for keepAliveMs after leaving the DOM, so this runs only when it is really gone.
  useEffect(() => () => store.stop(), [store]);

  const { user, elements } = useSnapshot(session);
  useEffect(() => store.refreshRights(), [store, user, elements]);

  // element.stats(): each pane's camera and player numbers, for dashboards and the benchmark.
  const host = useWidget()?.host;
  useEffect(() => {
    if (!host) return;
    const stats = () => store.state.panes.map((p, i) => ({ pane: i + 1, cameraId: p.slot?.id ?? null, status: p.player?.state.status ?? 'idle', ...p.player?.stats() }));
    Object.defineProperty(host, 'stats', { configurable: true, value: stats });
    return () => {
      delete (host as unknown as { stats?: unknown }).stats;
    };
  }, [host, store]);

  return store;
}

const GROUP = 'atrium-wall';

// SortableJS arrives in its own chunk right after the wall mounts: it keeps the wall's entry within
// the kit's per-widget budget, and the keyboard path never needs it.
let sortableModule: Promise<typeof Sortable> | null = null;
const loadSortable = (): Promise<typeof Sortable> => (sortableModule ??= import('sortablejs').then((m) => m.default));

/** Creates a Sortable once the library has loaded; the returned cleanup works before or after that. */
function bindSortable(el: HTMLElement, options: Sortable.Options): () => void {
  let instance: Sortable | null = null;
  let cancelled = false;
  void loadSortable().then((S) => {
    if (!cancelled) instance = S.create(el, options);
  });
  return () => {
    cancelled = true;
    instance?.destroy();
  };
}

/** The camera list: rows are cloned out, nothing is dropped in. */
export function bindListDrag(list: HTMLElement): () => void {
  return bindSortable(list, {
    group: { name: GROUP, pull: 'clone', put: false },
    sort: false,
    draggable: '[data-camera-id]',
    animation: 0,
  });
}

/**
 * A pane's drop zone: on drop, the dragged row is handed back to the list (React owns it) and
 * `onDrop` gets its camera id.
 */
export function bindPaneDrop(zone: HTMLElement, onDrop: (cameraId: number) => void): () => void {
  return bindSortable(zone, {
    group: { name: GROUP, pull: false, put: true },
    // Nothing inside a pane is itself draggable, so any drop lands in the zone.
    draggable: '[data-never-drag]',
    animation: 0,
    onAdd: (event) => {
      const item = event.item;
      const id = Number(item.dataset.cameraId);
      // Put React's row back where Sortable's clone stands, so the list's DOM is React's again.
      if (event.clone?.parentNode) event.clone.replaceWith(item);
      else item.remove();
      if (Number.isInteger(id) && id > 0) onDrop(id);
    },
  });
}
