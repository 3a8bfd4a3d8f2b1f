// One live stream per camera, shared by all its viewers. A producer (the clip loop, or an ffmpeg
// relay) publishes frames on the channel's clock; the channel keeps the current GOP so a new viewer
// gets a decodable picture at once, and re-stamps each viewer's stream to start at 0.
import { encodeTag, flvHeader, isKeyframe, metadataBody, TAG_SCRIPT, type FlvTag } from './flv.ts';
import type { Sink } from './sinks.ts';
import { failureReason, type SourceFailure } from './source.ts';

/** A viewer whose socket holds this much unsent data skips ahead to the next key frame. */
const BACKLOG_LIMIT = 512 * 1024;

export interface StreamInfo {
  hasAudio: boolean;
  hasVideo: boolean;
  width: number;
  height: number;
  fps: number;
  /** FLV video codec id: 7 H.264 (the default), 12 H.265. */
  videoCodec?: 7 | 12;
}

interface TimedFrame {
  tag: FlvTag;
  /** Channel clock, ms since the channel started. */
  ts: number;
}

export interface Viewer {
  readonly code: string;
  readonly sink: Sink;
  /** Channel time of the viewer's first frame (their 0); null until a key frame arrives. */
  base: number | null;
  /** Dropping frames until the next key frame (just joined, or fell behind). */
  waitingKey: boolean;
  /** The FLV header went out (a relayed source's header waits until its tracks are known). */
  headed: boolean;
}

export interface ChannelOptions {
  cameraId: number;
  /** The stream's tracks; null for a relayed source until it is probed (viewers wait for their header). */
  info: StreamInfo | null;
  config: FlvTag[];
  now?: () => number;
}

/** Something that feeds a channel in real time. */
export interface Producer {
  start(channel: LiveChannel): void;
  stop(): void;
  /** A viewer arrived while the source is failed: the producer may try the source again now. */
  retryNow?(): boolean;
}

/** onMetaData for one viewer: the stream's shape, plus `atriumEpoch`, the wall-clock ms of media time 0. */
export function metadataTag(info: StreamInfo, epochMs: number, kind: 'live' | 'replay'): Buffer {
  return encodeTag(
    TAG_SCRIPT,
    0,
    metadataBody({
      hasAudio: info.hasAudio,
      hasVideo: info.hasVideo,
      width: info.width,
      height: info.height,
      framerate: info.fps,
      ...(info.hasVideo ? { videocodecid: info.videoCodec ?? 7 } : {}),
      ...(info.hasAudio ? { audiocodecid: 10 } : {}),
      atriumEpoch: epochMs,
      atriumKind: kind,
    }),
  );
}

export class LiveChannel {
  readonly cameraId: number;
  #info: StreamInfo | null;
  /** Why the source is not playing, while it is not (viewers arriving are told at once). */
  #failure: SourceFailure | null = null;
  readonly startedAt: number;
  readonly #now: () => number;
  #config: FlvTag[];
  #gop: TimedFrame[] = [];
  readonly #viewers = new Set<Viewer>();
  #producer: Producer | null = null;
  #closed = false;
  /** Frames published so far (tests and stats). */
  published = 0;

  constructor(options: ChannelOptions) {
    this.cameraId = options.cameraId;
    this.#info = options.info;
    this.#config = options.config;
    this.#now = options.now ?? Date.now;
    this.startedAt = this.#now();
  }

  /** Milliseconds on the channel clock. */
  clock(): number {
    return this.#now() - this.startedAt;
  }

  get viewers(): ReadonlySet<Viewer> {
    return this.#viewers;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The tracks every viewer's header declares; null while a relayed source is not yet known. */
  get info(): StreamInfo | null {
    return this.#info;
  }

  get failure(): SourceFailure | null {
    return this.#failure;
  }

  /**
   * The source's real tracks are known (a relay read them from the source): viewers waiting get their
   * header now. If they differ from what viewers were already told (a camera rebooted into other
   * settings), those viewers are let go so they reconnect to a true header.
   */
  setInfo(info: StreamInfo): void {
    const before = this.#info;
    this.#info = info;
    this.#failure = null;
    const same = before !== null && before.hasAudio === info.hasAudio && before.hasVideo === info.hasVideo && (before.videoCodec ?? 7) === (info.videoCodec ?? 7);
    for (const viewer of [...this.#viewers]) {
      if (viewer.sink.closed) continue;
      if (viewer.headed && !same) {
        this.removeViewer(viewer);
        continue;
      }
      if (!viewer.headed) this.#head(viewer);
    }
  }

  /**
   * The source failed (or could not be reached): every viewer is told why and let go, the cached
   * pictures are dropped (never shown for another source state), and viewers arriving until the
   * source plays again are told at once.
   */
  fail(failure: SourceFailure): void {
    this.#failure = failure;
    this.#info = null;
    this.#gop = [];
    this.#config = [];
    const reason = failureReason(failure);
    for (const viewer of [...this.#viewers]) {
      this.#viewers.delete(viewer);
      viewer.sink.fail(reason);
    }
  }

  /** The source is being reached again: viewers arriving now wait for it instead of being turned away. */
  connecting(): void {
    this.#failure = null;
  }

  run(producer: Producer): void {
    this.#producer = producer;
    producer.start(this);
  }

  /**
   * Replaces the decoder configuration (a relay learns it from its source, or hands over to the
   * clip). Viewers already playing get the new headers in-band; the player reconfigures on them.
   */
  setConfig(config: FlvTag[], ts: number): void {
    this.#config = config;
    this.#gop = [];
    for (const viewer of this.#viewers) {
      if (viewer.base === null || viewer.sink.closed) continue;
      for (const c of config) viewer.sink.write(encodeTag(c.type, Math.max(0, ts - viewer.base), c.data));
      viewer.waitingKey = true;
    }
  }

  addViewer(code: string, sink: Sink): Viewer {
    const viewer: Viewer = { code, sink, base: null, waitingKey: true, headed: false };
    // A failed source is tried again for a newcomer when the producer allows it; otherwise the
    // viewer hears why at once.
    if (this.#failure && !this.#producer?.retryNow?.()) {
      sink.fail(failureReason(this.#failure));
      return viewer;
    }
    this.#viewers.add(viewer);
    sink.onClose(() => this.#viewers.delete(viewer));
    if (this.#info) this.#head(viewer);
    return viewer;
  }

  /** The header (true to the stream's tracks), then the cached GOP, which starts with a key frame. */
  #head(viewer: Viewer): void {
    const info = this.#info!;
    viewer.headed = true;
    viewer.sink.write(flvHeader(info.hasAudio, info.hasVideo));
    if (this.#gop.length > 0) {
      this.#begin(viewer, this.#gop[0]!.ts);
      viewer.sink.write(Buffer.concat(this.#gop.map((f) => encodeTag(f.tag.type, f.ts - viewer.base!, f.tag.data))));
    }
  }

  removeViewer(viewer: Viewer): void {
    if (this.#viewers.delete(viewer)) viewer.sink.end();
  }

  /** Called by the producer with frames in decode order, stamped on the channel clock. */
  publish(tag: FlvTag, ts: number): void {
    if (this.#closed) return;
    this.published += 1;
    const frame: TimedFrame = { tag, ts };
    const key = isKeyframe(tag);
    if (key) this.#gop = [frame];
    else if (this.#gop.length > 0) this.#gop.push(frame);
    for (const viewer of this.#viewers) {
      if (viewer.sink.closed || !viewer.headed) continue;
      if (viewer.waitingKey) {
        if (!key) continue;
        if (viewer.base === null) this.#begin(viewer, ts);
        viewer.waitingKey = false;
      }
      viewer.sink.write(encodeTag(tag.type, ts - viewer.base!, tag.data));
      // A viewer that cannot keep up drops to the next key frame instead of growing a backlog.
      if (viewer.sink.backlog > BACKLOG_LIMIT) viewer.waitingKey = true;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#producer?.stop();
    for (const viewer of [...this.#viewers]) viewer.sink.end();
    this.#viewers.clear();
    this.#gop = [];
  }

  #begin(viewer: Viewer, base: number): void {
    viewer.base = base;
    viewer.waitingKey = false;
    viewer.sink.write(metadataTag(this.#info!, this.startedAt + base, 'live'));
    for (const c of this.#config) viewer.sink.write(encodeTag(c.type, 0, c.data));
  }
}
