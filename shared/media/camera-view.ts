// One camera on screen (the /video page and <atrium-video-player>): finds the camera, decides which
// panes play (live, replay or both), switches between them, and owns the pan-tilt control. Framework
// free; the widget's hook only subscribes and forwards user actions.
import type { Client } from '../http/client.ts';
import { findCameraById, findCameraByLabel, recordDays, requestClip, sendPtz } from '../api/video.ts';
import { PTZ_RUN_TIME_MS, type PtzAction } from '../api/video-types.ts';
import type { EngineLoader, VideoLike } from './engine.ts';
import { dateTimeText } from '../forms/date-text.ts';
import { PtzControl } from './ptz.ts';
import { cameraStreamApi, pairedStreamApis, type ReplayRange } from './sources.ts';
import { isReplayRate, positionAfter, type RecordSegment, type ReplayRate, type Span } from './recording.ts';
import type { PlayStream } from '../api/video-types.ts';
import { isSourceState, StreamPlayer, type PlayerState, type StreamApi, type Timing, type Visibility } from './stream-player.ts';

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
  /** A paused replay: the last picture (a data: URL) shown in place of the stream. */
  still?: string | null;
}

/** The replay timeline's state: the day shown, its recordings, speed, pause and where the stream began. */
export interface ReplayTimeline {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** Null while loading. */
  segments: RecordSegment[] | null;
  failed: boolean;
  rate: ReplayRate;
  paused: boolean;
  /** Where a paused replay stopped, ms since epoch. */
  pausedAt: number | null;
  /** The recorded spans the current stream plays (from the platform's answer); empty before it. */
  spans: Span[];
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
  /** Set while a replay pane the user may play exists. */
  timeline: ReplayTimeline | null;
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
  /** The picture a video shows now as a data: URL (kept on screen while a replay is paused). */
  snapshot?: (video: VideoLike | null) => string | null;
}

/** SPEC §4: replay with no time set covers today, 00:00:00 to 23:59:59. */
export function todayRange(now: Date = new Date()): Required<ReplayRange> {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  return { startTime: dateTimeText(start), endTime: dateTimeText(end) };
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
    timeline: null,
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

  // ---- the replay timeline --------------------------------------------------------------------

  /** The recorded instant the replay shows now (ms), or null without a replay. */
  positionMs(): number | null {
    const tl = this.#state.timeline;
    if (!tl) return null;
    if (tl.paused) return tl.pausedAt;
    const video = this.#replayPane()?.player?.video;
    if (!tl.spans.length) return tl.pausedAt;
    return positionAfter(tl.spans, (video?.currentTime ?? 0) * 1000 * tl.rate);
  }

  /** Plays from `atMs` (the platform moves a time in a gap to the nearest recording). */
  seek(atMs: number): void {
    const tl = this.#state.timeline;
    if (!tl || this.#state.phase !== 'ready') return;
    const start = new Date(atMs);
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, 59);
    if (rangeProblem({ startTime: dateTimeText(start), endTime: dateTimeText(end) })) return;
    this.#set({ range: { startTime: dateTimeText(start), endTime: dateTimeText(end) }, timeline: { ...tl, paused: false, pausedAt: atMs, spans: [] } });
    this.#rebuildReplay();
  }

  setRate(rate: number): void {
    const tl = this.#state.timeline;
    if (!tl || !isReplayRate(rate) || rate === tl.rate) return;
    const at = this.positionMs();
    this.#set({ timeline: { ...tl, rate } });
    if (at !== null && !tl.paused) this.seek(at);
  }

  /** Pause keeps the last picture and lets the stream go; resume plays on from the same instant. */
  togglePause(): void {
    const tl = this.#state.timeline;
    const pane = this.#replayPane();
    if (!tl || !pane) return;
    if (tl.paused) {
      if (tl.pausedAt !== null) this.seek(tl.pausedAt);
      return;
    }
    const at = this.positionMs();
    const still = this.#o.snapshot?.(pane.player?.video ?? null) ?? null;
    pane.player?.stop();
    pane.player?.video.remove?.();
    this.#set({ timeline: { ...tl, paused: true, pausedAt: at }, panes: this.#state.panes.map((p) => (p === pane ? { key: `${p.key}-paused`, kind: 'replay', player: null, still } : p)) });
  }

  /** Asks the platform to make [startMs, endMs) of this camera's recordings into a file (a background task). */
  async clip(startMs: number, endMs: number): Promise<void> {
    const id = this.#state.cameraId;
    if (id === null) return;
    await requestClip(this.#o.client, { id, startTime: dateTimeText(new Date(startMs)), endTime: dateTimeText(new Date(endMs)) });
  }

  /** Reads the shown day's recordings again (today's grow while it is watched). */
  refreshSegments(): void {
    const tl = this.#state.timeline;
    if (tl && this.#state.phase === 'ready') void this.#loadSegments(tl.day);
  }

  /** Shows another day (e.g. ±1 from the current one) from its start. */
  setDay(day: string): void {
    const tl = this.#state.timeline;
    const range = { startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` };
    if (!tl || rangeProblem(range)) return;
    this.#set({ range, timeline: { ...tl, day, segments: null, failed: false, paused: false, pausedAt: null, spans: [] } });
    void this.#loadSegments(day);
    this.#rebuildReplay();
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
    const rate = s.timeline?.rate ?? 1;
    const apis: Record<'live' | 'replay', StreamApi> =
      s.mode === 'both'
        ? pairedStreamApis(this.#o.client, id, range, rate)
        : { live: cameraStreamApi(this.#o.client, id, 'live'), replay: cameraStreamApi(this.#o.client, id, 'replay', range, rate) };
    apis.replay = this.#followSpans(apis.replay);
    const panes = kinds.map((kind): Pane => this.#makePane(kind, id, apis[kind], rights));
    this.#replacePanes(panes);
    const replayable = s.mode !== 'live' && rights.replay !== false;
    const day = range.startTime.slice(0, 10);
    const loaded = this.#state.timeline;
    this.#set({ rights, timeline: replayable ? (loaded && loaded.day === day ? loaded : { day, segments: null, failed: false, rate, paused: false, pausedAt: null, spans: [] }) : null });
    if (replayable && (!loaded || loaded.day !== day)) void this.#loadSegments(day);
    for (const pane of panes) pane.player?.start();
  }

  /** Replaces only the replay pane (a seek, a speed, a day): the live pane beside it plays on. */
  #rebuildReplay(): void {
    const s = this.#state;
    const old = this.#replayPane();
    if (s.cameraId === null || !old) return;
    const range = s.range ?? todayRange();
    const api = this.#followSpans(cameraStreamApi(this.#o.client, s.cameraId, 'replay', range, s.timeline?.rate ?? 1));
    const pane = this.#makePane('replay', s.cameraId, api, this.#o.rights());
    old.player?.stop();
    old.player?.video.remove?.();
    this.#set({ panes: s.panes.map((p) => (p === old ? pane : p)) });
    pane.player?.start();
  }

  #replayPane(): Pane | undefined {
    return this.#state.panes.find((p) => p.kind === 'replay');
  }

  /** Keeps the spans of each answered replay, so the timeline knows which instant the stream shows. */
  #followSpans(api: StreamApi): StreamApi {
    return {
      ...api,
      request: async () => {
        const stream: PlayStream | null = await api.request();
        const tl = this.#state.timeline;
        if (stream?.spans && tl) this.#set({ timeline: { ...tl, spans: stream.spans, pausedAt: stream.spans[0]?.[0] ?? tl.pausedAt } });
        return stream;
      },
    };
  }

  async #loadSegments(day: string): Promise<void> {
    const id = this.#state.cameraId;
    if (id === null) return;
    try {
      const days = await recordDays(this.#o.client, { id, day }, { quiet: true });
      const tl = this.#state.timeline;
      if (tl && tl.day === day) this.#set({ timeline: { ...tl, segments: days[0]?.segments.map((g) => ({ startMs: g.startMs, endMs: g.endMs, state: g.state, trigger: g.trigger })) ?? [], failed: false } });
    } catch {
      const tl = this.#state.timeline;
      if (tl && tl.day === day) this.#set({ timeline: { ...tl, segments: [], failed: true } });
    }
  }

  #makePane(kind: 'live' | 'replay', id: number, api: StreamApi, rights: Rights): Pane {
    const allowed = (kind === 'live' ? rights.live : rights.replay) !== false;
    const key = `${kind}-${++this.#paneSeq}`;
    if (!allowed) return { key, kind, player: null };
    const player = new StreamPlayer({
      cameraId: id,
      live: kind === 'live',
      api,
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
  }

  /** Turns player state changes into the element's events (only for things that happened). */
  #watch(player: StreamPlayer, cameraId: number, kind: 'live' | 'replay'): void {
    let last: PlayerState['status'] = player.state.status;
    player.subscribe((state) => {
      if (state.status === last) return;
      last = state.status;
      if (state.status === 'playing') this.#o.onEvent?.({ type: 'play', cameraId, playType: kind === 'live' ? 0 : 1 });
      else if (state.status === 'reconnecting' || state.status === 'no-device' || state.status === 'no-permission' || isSourceState(state.status)) {
        // A failed camera is told by its state word (offline, credentials, not-found, unsupported: codec).
        const told = isSourceState(state.status) ? [state.status, state.sourceCodec].filter(Boolean).join(': ') : null;
        this.#o.onEvent?.({ type: 'error', message: told ?? state.reason ?? state.status, code: state.status === 'no-permission' ? 40301 : null });
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
