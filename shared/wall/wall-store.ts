// The video wall's state and effects (SPEC §2 "Video wall", §4): the group tree, the camera list of
// the chosen group, four panes each owning a live StreamPlayer, and the stored config. A pane move
// hands the same player object to another pane, so its stream is never re-requested; a replaced or
// closed pane's player is stopped, which shuts its stream. Saves are serialized; a save that meets
// another tab's newer value re-reads it, merges this tab's changed panes onto it and saves again.
import { proxy, ref } from 'valtio';
import type { Client, RequestOptions } from '../http/client.ts';
import type { Notice } from '../http/notify.ts';
import { groupTree } from '../api/data-group.ts';
import type { DataGroup } from '../api/data-group-types.ts';
import { findCameraById, listCameras } from '../api/video.ts';
import { TOTAL_CAP } from '../api/resource.ts';
import { CAMERA_GROUP_TYPE } from '../api/video-types.ts';
import { createWallConfig, readWallConfig, updateWallConfig } from '../api/wall.ts';
import type { CustomDataItem } from '../api/types.ts';
import { WALL_PANES, type PaneNumber, type WallSlot } from '../api/wall-types.ts';
import type { StreamPlayer } from '../media/stream-player.ts';
import { filterCameras, toListCamera, type ListCamera } from './camera-filter.ts';
import { emptyLayout, isPane, mergeLayouts, parseLayout, serializeLayout, type Layout } from './wall-config.ts';

/** What a pane needs of a player; StreamPlayer has it, unit tests fake it. */
export type PanePlayer = Pick<StreamPlayer, 'start' | 'stop' | 'video' | 'state' | 'subscribe' | 'stats'>;

export interface PaneState {
  slot: WallSlot | null;
  player: PanePlayer | null;
}

type Phase = 'idle' | 'loading' | 'ready' | 'error';

export interface WallState {
  /** video:play: true, false, or null while the session has not said. */
  canPlay: boolean | null;
  configPhase: Phase;
  treePhase: Phase;
  tree: DataGroup[];
  treeKeyword: string;
  groupId: number | null;
  camerasPhase: Phase;
  /** Every camera of the chosen group (up to 20000), and those matching the keyword. Not proxied: too many. */
  cameras: readonly ListCamera[];
  filtered: readonly ListCamera[];
  keyword: string;
  panes: PaneState[];
  /**
   * Each pane camera's title in the reader's language (camera id → name and group path). A slot
   * stores the name its camera had when placed, in the language of whoever placed it; the title is
   * read again from the camera, whose seeded names the platform answers in the reader's language.
   */
  titles: Record<number, string>;
  /** A camera chosen with Enter that waits for a pane key or click. */
  pending: ListCamera | null;
  saving: boolean;
}

export interface WallStoreOptions {
  client: Pick<Client, 'get' | 'post' | 'put'>;
  makePlayer(slot: WallSlot): PanePlayer;
  rights(): boolean | null;
  notify(notice: Omit<Notice, 'id' | 'onClose'>): void;
}

/** A pane's title: its camera's name and group path in the reader's language (titles), else as stored. */
export const paneTitle = (state: { readonly titles: Readonly<Record<number, string>> }, slot: Pick<WallSlot, 'id' | 'name'> | null): string => (slot ? (state.titles[slot.id] ?? slot.name) : '');

const QUIET: RequestOptions = { quiet: true };
/** Attempts at saving over other tabs' changes before the user is told. */
const SAVE_ATTEMPTS = 3;

export class WallStore {
  readonly state: WallState;
  readonly #o: WallStoreOptions;
  /** Id and version of the stored value this tab last read or wrote; null before the first save. */
  #stored: { id: number; version: number } | null = null;
  /** Panes (index) changed by this tab since the stored value was last in step with it. */
  readonly #dirty = new Set<number>();
  #saving: Promise<void> = Promise.resolve();
  #camerasRequest = 0;
  #stopped = false;

  constructor(options: WallStoreOptions) {
    this.#o = options;
    this.state = proxy<WallState>({
      canPlay: options.rights(),
      configPhase: 'idle',
      treePhase: 'idle',
      tree: ref([]),
      treeKeyword: '',
      groupId: null,
      camerasPhase: 'idle',
      cameras: ref([]),
      filtered: ref([]),
      keyword: '',
      panes: Array.from({ length: WALL_PANES }, () => ({ slot: null, player: null })),
      titles: {},
      pending: null,
      saving: false,
    });
  }

  // ---- life ----

  /** Loads the tree, the camera list (of `groupId`, or every camera) and the stored wall. */
  async start(groupId: number | null): Promise<void> {
    this.#stopped = false;
    this.state.groupId = groupId;
    await Promise.all([this.loadTree(), this.loadCameras(), this.loadConfig()]);
    await this.#readTitles();
  }

  /** Stops every pane's player (shutting its stream). */
  stop(): void {
    this.#stopped = true;
    for (const pane of this.state.panes) {
      pane.player?.stop();
      pane.player = null;
    }
  }

  refreshRights(): void {
    const can = this.#o.rights();
    if (can === this.state.canPlay) return;
    this.state.canPlay = can;
    if (can === false) for (const pane of this.state.panes) this.#setPlayer(pane, null);
    else this.#applyLayout(this.layout());
  }

  // ---- tree and list ----

  async loadTree(): Promise<void> {
    this.state.treePhase = 'loading';
    try {
      const tree = await groupTree(this.#o.client, 0, { type: CAMERA_GROUP_TYPE });
      this.state.tree = ref(tree);
      this.state.treePhase = 'ready';
    } catch {
      this.state.treePhase = 'error';
    }
  }

  setTreeKeyword(keyword: string): void {
    this.state.treeKeyword = keyword;
  }

  selectGroup(groupId: number | null): Promise<void> {
    if (groupId === this.state.groupId) return Promise.resolve();
    this.state.groupId = groupId;
    return this.loadCameras();
  }

  async loadCameras(): Promise<void> {
    const request = ++this.#camerasRequest;
    this.state.camerasPhase = 'loading';
    try {
      const groupId = this.state.groupId;
      const list = await listCameras(this.#o.client, { page: 1, limit: TOTAL_CAP, ...(groupId ? { dataGroupId: groupId } : {}) });
      if (request !== this.#camerasRequest) return;
      const cameras = list.rows.map(toListCamera);
      this.state.cameras = ref(cameras);
      this.state.filtered = ref(filterCameras(cameras, this.state.keyword) as ListCamera[]);
      this.state.camerasPhase = 'ready';
    } catch {
      if (request === this.#camerasRequest) this.state.camerasPhase = 'error';
    }
  }

  setKeyword(keyword: string): void {
    this.state.keyword = keyword;
    this.state.filtered = ref(filterCameras(this.state.cameras, keyword) as ListCamera[]);
  }

  cameraById(id: number): ListCamera | undefined {
    return this.state.cameras.find((c) => c.id === id) ?? (this.state.filtered as ListCamera[]).find((c) => c.id === id);
  }

  // ---- the wall ----

  layout(): Layout {
    return this.state.panes.map((p) => p.slot);
  }

  /** Reads the titles of pane cameras not yet known: from the list when it holds them, else by id. */
  async #readTitles(): Promise<void> {
    const missing = this.state.panes.flatMap((p) => (p.slot && !(p.slot.id in this.state.titles) ? [p.slot.id] : []));
    await Promise.all(
      missing.map(async (id) => {
        const camera = this.cameraById(id) ?? (await findCameraById(this.#o.client, id, QUIET).then((c) => (c ? toListCamera(c) : undefined), () => undefined));
        if (camera) this.state.titles[id] = camera.slotName;
      }),
    );
  }

  /** Camera ids on the wall (the list marks them active). */
  activeIds(): Set<number> {
    return new Set(this.state.panes.flatMap((p) => (p.slot ? [p.slot.id] : [])));
  }

  async loadConfig(): Promise<void> {
    this.state.configPhase = 'loading';
    try {
      const item = await readWallConfig(this.#o.client);
      this.#stored = item ? { id: item.id, version: item.version } : null;
      this.#applyLayout(parseLayout(item?.customValue));
      this.state.configPhase = 'ready';
    } catch {
      this.state.configPhase = 'error';
    }
  }

  /** Puts a camera in pane 1–4. A camera already on the wall moves there (its player with it); a pane's previous camera moves to the pane it left, or is stopped. */
  place(camera: Pick<ListCamera, 'id' | 'label' | 'slotName' | 'disableYunControl'>, pane: number): Promise<void> {
    this.state.pending = null;
    if (!isPane(pane)) return Promise.resolve();
    if (this.state.canPlay === false) {
      this.#o.notify({ kind: 'toast', level: 'warning', key: 'wall.noPlayRight', duration: 5000 });
      return Promise.resolve();
    }
    const to = pane - 1;
    const panes = this.state.panes;
    const from = panes.findIndex((p) => p.slot?.id === camera.id);
    if (from === to) return Promise.resolve();
    if (from >= 0) {
      const a = panes[from]!;
      const b = panes[to]!;
      const moving = { slot: a.slot, player: a.player };
      a.slot = b.slot ? { ...b.slot, type: (from + 1) as PaneNumber } : null;
      a.player = b.player ? ref(b.player) : null;
      b.slot = { ...moving.slot!, type: pane };
      b.player = moving.player ? ref(moving.player) : null;
      this.#dirty.add(from).add(to);
    } else {
      const slot: WallSlot = { id: camera.id, name: camera.slotName, label: camera.label, type: pane, params: { disableYunControl: camera.disableYunControl } };
      this.state.titles[camera.id] = camera.slotName;
      panes[to]!.slot = slot;
      this.#setPlayer(panes[to]!, this.#newPlayer(slot));
      this.#dirty.add(to);
    }
    return this.save();
  }

  /** Blanks a pane (its stream is shut) and updates the stored config. */
  close(pane: number): Promise<void> {
    if (!isPane(pane)) return Promise.resolve();
    const p = this.state.panes[pane - 1]!;
    if (!p.slot) return Promise.resolve();
    p.slot = null;
    this.#setPlayer(p, null);
    this.#dirty.add(pane - 1);
    return this.save();
  }

  /** Keyboard placement: Enter chooses a camera, then a pane key or click puts it there. */
  choose(camera: ListCamera | null): void {
    this.state.pending = camera ? ref(camera) : null;
  }

  /** Resolves when every change so far is stored (or the user was told it could not be). */
  save(): Promise<void> {
    this.#saving = this.#saving.then(() => this.#flush());
    return this.#saving;
  }

  async #flush(): Promise<void> {
    if (this.#dirty.size === 0) return;
    this.state.saving = true;
    try {
      for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
        const sent = this.layout();
        const value = serializeLayout(sent);
        const sentDirty = new Set(this.#dirty);
        let saved: CustomDataItem | null = null;
        let problem: unknown = null;
        try {
          saved = this.#stored
            ? await updateWallConfig(this.#o.client, this.#stored.id, value, this.#stored.version, QUIET)
            : await createWallConfig(this.#o.client, value, QUIET);
        } catch (error) {
          problem = error;
        }
        if (saved) {
          this.#stored = { id: saved.id, version: saved.version };
          // Panes changed again while the call ran stay dirty for the next save.
          const now = this.layout();
          for (const i of sentDirty) if (now[i] === sent[i]) this.#dirty.delete(i);
          if (this.#dirty.size > 0) continue;
          return;
        }
        // Either another tab saved first (stale version, or it created the value) or the call failed.
        let current: CustomDataItem | null;
        try {
          current = await readWallConfig(this.#o.client, QUIET);
        } catch {
          current = null;
        }
        const otherTabSaved = current !== null && (this.#stored === null || current.version !== this.#stored.version || current.id !== this.#stored.id);
        if (!otherTabSaved) {
          this.#o.notify({ kind: 'toast', level: 'error', ...(problem instanceof Error && problem.message ? { text: problem.message } : { key: 'wall.saveFailed' }), duration: 5000 });
          return;
        }
        const merged = mergeLayouts(parseLayout(current!.customValue), this.layout(), this.#dirty);
        this.#stored = { id: current!.id, version: current!.version };
        this.#applyLayout(merged);
        // Cameras another tab placed are titled in this reader's language too.
        void this.#readTitles();
        this.#o.notify({ kind: 'toast', level: 'info', key: 'wall.merged', duration: 5000 });
      }
      this.#o.notify({ kind: 'toast', level: 'warning', key: 'wall.saveConflict', duration: 5000 });
    } finally {
      this.state.saving = false;
    }
  }

  /** Shows `layout`, keeping the player of every camera that stays on the wall (wherever it goes). */
  #applyLayout(layout: Layout): void {
    const panes = this.state.panes;
    const players = new Map<number, PanePlayer>();
    panes.forEach((p) => {
      if (p.slot && p.player) players.set(p.slot.id, p.player);
    });
    const kept = new Set<PanePlayer>();
    layout.forEach((slot, i) => {
      const pane = panes[i]!;
      pane.slot = slot ? { ...slot, type: (i + 1) as PaneNumber } : null;
      const reuse = slot ? players.get(slot.id) : undefined;
      if (reuse) {
        kept.add(reuse);
        pane.player = ref(reuse);
      } else {
        const made = slot ? this.#newPlayer(slot) : null;
        pane.player = made ? ref(made) : null;
      }
    });
    for (const p of players.values()) if (!kept.has(p)) p.stop();
  }

  #newPlayer(slot: WallSlot): PanePlayer | null {
    if (this.state.canPlay === false || this.#stopped) return null;
    const player = this.#o.makePlayer(slot);
    player.start();
    return player;
  }

  #setPlayer(pane: PaneState, player: PanePlayer | null): void {
    const old = pane.player;
    pane.player = player ? ref(player) : null;
    if (old && old !== player) old.stop();
  }
}

export { emptyLayout };
