// One camera on screen (the /video page and <atrium-video-player>): finds the camera, decides which
// panes play (live, replay or both), switches between them, and owns the pan-tilt control. Framework
// free; the widget's hook only subscribes and forwards user actions.
import type { Client } from '../http/client.ts';
import { findCameraById, findCameraByLabel, sendPtz } from '../api/video.ts';
import { PTZ_RUN_TIME_MS, type PtzAction } from '../api/video-types.ts';
import type { EngineLoader, VideoLike } from './engine.ts';
import { PtzControl } from './ptz.ts';
import { cameraStreamApi, pairedStreamApis, type ReplayRange } from './sources.ts';
import { StreamPlayer, type PlayerState, type StreamApi, type Timing, type Visibility } from './stream-player.ts';

export type ViewMode = 'live' | 'replay' | 'both';

export interface CameraViewInput {
  cameraId?: string | number | null;
  devLabel?: string | null;
  /** SPEC §4: 0 live, 1 replay, 2 both, 3 live with the pan-tilt control open. */
  playType?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  muted?: boolean;
  disableYunControl?: boolean;
}

export interface Rights {
  /** null when the user's rights are not known here (the platform decides). */
  live: boolean | null;
  replay: boolean | null;
}

export interface Pane {
  key: string;
  kind: 'live' | 'replay';
  /** Null when the user lacks the right: the pane shows "no permission" and asks for nothing. */
  player: StreamPlayer | null;
}

export interface CameraViewState {
  phase: 'idle' | 'looking-up' | 'ready' | 'no-device';
  cameraId: number | null;
  cameraName: string;
  mode: ViewMode;
  /** The replay window in 'YYYY-MM-DD HH:mm:ss'; set whenever a replay pane exists. */
  range: Required<ReplayRange> | null;
  panes: Pane[];
  ptzAvailable: boolean;
  ptzOpen: boolean;
  rights: Rights;
}

export type CameraViewEvent =
  | { type: 'play'; cameraId: number; playType: 0 | 1 }
  | { type: 'error'; message: string; code: number | null };

export interface CameraViewOptions {
  client: Pick<Client, 'get' | 'post'>;
  engine: EngineLoader;
  makeVideo: () => VideoLike;
  rights: () => Rights;
  visibility?: Visibility | null;
  mediaBase?: () => string;
  /**
   * WS-FLV by default: browsers allow only six HTTP/1.1 connections per origin, so a wall of
   * HTTP-FLV panes (plus panes kept alive while being moved) would queue behind each other.
   */
  transport?: 'http' | 'ws';
  timing?: Partial<Timing>;
  onEvent?: (event: CameraViewEvent) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const formatTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** SPEC §4: replay with no time set covers today, 00:00:00 to 23:59:59. */
export function todayRange(now: Date = new Date()): Required<ReplayRange> {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  return { startTime: formatTime(start), endTime: formatTime(end) };
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Why a picked range cannot be replayed, or null when it can (dates after today are blocked). */
export function rangeProblem(range: ReplayRange, now: Date = new Date()): 'format' | 'order' | 'future' | null {
  if (!range.startTime || !range.endTime || !TIME.test(range.startTime) || !TIME.test(range.endTime)) return 'format';
  if (range.startTime >= range.endTime) return 'order';
  const lastToday = todayRange(now).endTime;
  if (range.startTime > lastToday || range.endTime > lastToday) return 'future';
  return null;
}

const modeOf = (playType: number | null | undefined): ViewMode => (playType === 1 ? 'replay' : playType === 2 ? 'both' : 'live');

export class CameraView {
  readonly #o: CameraViewOptions;
  #input: CameraViewInput = {};
  #state: CameraViewState = {
    phase: 'idle',
    cameraId: null,
    cameraName: '',
    mode: 'live',
    range: null,
    panes: [],
    ptzAvailable: false,
    ptzOpen: false,
    rights: { live: null, replay: null },
  };
  readonly #listeners = new Set<(state: CameraViewState) => void>();
  #ptz: PtzControl | null = null;
  #unguardPtz: (() => void) | null = null;
  #lookup = 0;
  #paneSeq = 0;
  #running = false;
  /** The looked-up camera itself has no pan-tilt (params.disableYunControl). */
  #cameraNoPtz = false;

  constructor(options: CameraViewOptions) {
    this.#o = options;
  }

  get state(): CameraViewState {
    return this.#state;
  }

  subscribe(listener: (state: CameraViewState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Starts (or restarts, when what to show changed) for these attributes. */
  setInput(input: CameraViewInput): void {
    const prev = this.#input;
    this.#input = input;
    const same =
      this.#running &&
      String(prev.cameraId ?? '') === String(input.cameraId ?? '') &&
      (prev.devLabel ?? '') === (input.devLabel ?? '') &&
      (prev.playType ?? 0) === (input.playType ?? 0) &&
      (prev.startTime ?? '') === (input.startTime ?? '') &&
      (prev.endTime ?? '') === (input.endTime ?? '');
    if (same) {
      for (const pane of this.#state.panes) pane.player?.setMuted(Boolean(input.muted));
      this.#set({ ptzAvailable: this.#ptzAvailable(this.#state.cameraId, null) });
      return;
    }
    this.#running = true;
    void this.#begin();
  }

  stop(): void {
    this.#running = false;
    this.#lookup += 1;
    this.closePtz();
    this.#replacePanes([]);
    this.#set({ phase: 'idle' });
  }

  /** Re-reads the user's rights (the session finished loading, or changed): panes follow them. */
  refreshRights(): void {
    const rights = this.#o.rights();
    const s = this.#state;
    if (rights.live === s.rights.live && rights.replay === s.rights.replay) return;
    const allowed = (kind: 'live' | 'replay') => (kind === 'live' ? rights.live : rights.replay) !== false;
    const changed = s.panes.some((pane) => allowed(pane.kind) !== (pane.player !== null));
    this.#set({ rights, ptzAvailable: this.#ptzAvailable(s.cameraId, null) });
    if (changed && s.phase === 'ready') this.#buildPanes();
  }

  /** The zb/hf switch. Switching to live stops the replay player (SPEC §4). */
  setMode(mode: 'live' | 'replay'): void {
    const s = this.#state;
    if (s.phase !== 'ready' || s.mode === mode) return;
    const range = mode === 'replay' ? (s.range ?? todayRange()) : s.range;
    this.#set({ mode, range });
    this.#buildPanes();
  }

  /** Picking a range switches to replay and restarts it on the new window (SPEC §4). */
  setRange(range: Required<ReplayRange>): boolean {
    if (rangeProblem(range) || this.#state.phase !== 'ready') return false;
    this.#set({ range, mode: this.#state.mode === 'both' ? 'both' : 'replay' });
    this.#buildPanes();
    return true;
  }

  openPtz(): void {
    if (!this.#state.ptzAvailable || this.#state.cameraId === null) return;
    if (!this.#ptz) {
      const id = this.#state.cameraId;
      this.#ptz = new PtzControl({
        send: (c, { renewal }) => sendPtz(this.#o.client, { id, playType: 3, ...c }, { quiet: renewal }),
        runTime: PTZ_RUN_TIME_MS,
      });
      this.#unguardPtz = typeof window === 'undefined' ? null : this.#ptz.guard();
    }
    this.#set({ ptzOpen: true });
  }

  closePtz(): void {
    this.#ptz?.dispose();
    this.#unguardPtz?.();
    this.#unguardPtz = null;
    this.#ptz = null;
    if (this.#state.ptzOpen) this.#set({ ptzOpen: false });
  }

  ptzPress(action: PtzAction): void {
    this.#ptz?.press(action);
  }

  ptzRelease(): void {
    this.#ptz?.release();
  }

  get ptzSpeed(): number {
    return this.#ptz?.speed ?? 4;
  }

  setPtzSpeed(speed: number): void {
    if (this.#ptz) this.#ptz.speed = speed;
  }

  // ---- internals ------------------------------------------------------------------------

  async #begin(): Promise<void> {
    const run = ++this.#lookup;
    this.closePtz();
    this.#replacePanes([]);
    const input = this.#input;
    const mode = modeOf(input.playType);
    const given = input.startTime && input.endTime ? { startTime: input.startTime, endTime: input.endTime } : null;
    const range = mode === 'live' ? given : (given ?? todayRange());
    this.#set({ mode, range, cameraId: null, cameraName: '', rights: this.#o.rights() });

    let id = Number(input.cameraId);
    let name = '';
    let cameraNoPtz = false;
    if (!(Number.isInteger(id) && id > 0)) {
      const label = input.devLabel?.trim();
      if (!label) return this.#set({ phase: 'no-device' });
      this.#set({ phase: 'looking-up' });
      try {
        const camera = await findCameraByLabel(this.#o.client, label);
        if (run !== this.#lookup) return;
        if (!camera) return this.#set({ phase: 'no-device' });
        id = camera.id;
        name = camera.name;
        cameraNoPtz = camera.params.disableYunControl;
      } catch (error) {
        if (run !== this.#lookup) return;
        this.#o.onEvent?.({ type: 'error', message: error instanceof Error ? error.message : String(error), code: codeOf(error) });
        return this.#set({ phase: 'no-device' });
      }
    }
    this.#set({ phase: 'ready', cameraId: id, cameraName: name, ptzAvailable: this.#ptzAvailable(id, cameraNoPtz) });
    this.#buildPanes();
    if (input.playType === 3) this.openPtz();
    // Given by id: the header names the camera, and its own pan-tilt setting applies, once known.
    if (!name) void this.#describe(run, id);
  }

  async #describe(run: number, id: number): Promise<void> {
    try {
      const camera = await findCameraById(this.#o.client, id, { quiet: true });
      if (run !== this.#lookup || !camera) return;
      this.#set({ cameraName: camera.name, ptzAvailable: this.#ptzAvailable(id, camera.params.disableYunControl) });
      if (!this.#state.ptzAvailable) this.closePtz();
    } catch {
      // The picture plays without the name; the header keeps the id.
    }
  }

  #ptzAvailable(id: number | null, cameraNoPtz: boolean | null): boolean {
    if (cameraNoPtz !== null) this.#cameraNoPtz = cameraNoPtz;
    const rights = this.#o.rights();
    return id !== null && !this.#input.disableYunControl && !this.#cameraNoPtz && rights.live !== false;
  }

  #buildPanes(): void {
    const s = this.#state;
    if (s.cameraId === null) return;
    const id = s.cameraId;
    const rights = this.#o.rights();
    const range = s.range ?? todayRange();
    const kinds: Array<'live' | 'replay'> = s.mode === 'both' ? ['live', 'replay'] : [s.mode];
    const apis: Record<'live' | 'replay', StreamApi> =
      s.mode === 'both'
        ? pairedStreamApis(this.#o.client, id, range)
        : { live: cameraStreamApi(this.#o.client, id, 'live'), replay: cameraStreamApi(this.#o.client, id, 'replay', range) };
    const panes = kinds.map((kind): Pane => {
      const allowed = (kind === 'live' ? rights.live : rights.replay) !== false;
      const key = `${kind}-${++this.#paneSeq}`;
      if (!allowed) return { key, kind, player: null };
      const player = new StreamPlayer({
        cameraId: id,
        live: kind === 'live',
        api: apis[kind],
        engine: this.#o.engine,
        video: this.#o.makeVideo(),
        muted: Boolean(this.#input.muted),
        visibility: this.#o.visibility ?? null,
        mediaBase: this.#o.mediaBase?.() ?? '',
        transport: this.#o.transport ?? 'ws',
        ...(this.#o.timing ? { timing: this.#o.timing } : {}),
      });
      this.#watch(player, id, kind);
      return { key, kind, player };
    });
    this.#replacePanes(panes);
    this.#set({ rights });
    for (const pane of panes) pane.player?.start();
  }

  /** Turns player state changes into the element's events (only for things that happened). */
  #watch(player: StreamPlayer, cameraId: number, kind: 'live' | 'replay'): void {
    let last: PlayerState['status'] = player.state.status;
    player.subscribe((state) => {
      if (state.status === last) return;
      last = state.status;
      if (state.status === 'playing') this.#o.onEvent?.({ type: 'play', cameraId, playType: kind === 'live' ? 0 : 1 });
      else if (state.status === 'reconnecting' || state.status === 'no-device' || state.status === 'no-permission') {
        this.#o.onEvent?.({ type: 'error', message: state.reason ?? state.status, code: state.status === 'no-permission' ? 40301 : null });
      }
    });
  }

  #replacePanes(panes: Pane[]): void {
    for (const old of this.#state.panes) {
      old.player?.stop();
      old.player?.video.remove?.();
    }
    this.#set({ panes });
  }

  #set(patch: Partial<CameraViewState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener(this.#state);
  }
}

const codeOf = (error: unknown): number | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
};
