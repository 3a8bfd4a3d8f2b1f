// One live stream per camera, shared by all its viewers. A producer (the clip loop, or an ffmpeg
// relay) publishes frames on the channel's clock; the channel keeps the current GOP so a new viewer
// gets a decodable picture at once, and re-stamps each viewer's stream to start at 0.
import { encodeTag, flvHeader, isKeyframe, metadataBody, TAG_SCRIPT, type FlvTag } from './flv.ts';
import type { Sink } from './sinks.ts';

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
}

export interface ChannelOptions {
  cameraId: number;
  info: StreamInfo;
  config: FlvTag[];
  now?: () => number;
}

/** Something that feeds a channel in real time. */
export interface Producer {
  start(channel: LiveChannel): void;
  stop(): void;
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
      videocodecid: info.videoCodec ?? 7,
      ...(info.hasAudio ? { audiocodecid: 10 } : {}),
      atriumEpoch: epochMs,
      atriumKind: kind,
    }),
  );
}

export class LiveChannel {
  readonly cameraId: number;
  readonly info: StreamInfo;
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
    this.info = options.info;
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
    const viewer: Viewer = { code, sink, base: null, waitingKey: true };
    this.#viewers.add(viewer);
    sink.onClose(() => this.#viewers.delete(viewer));
    sink.write(flvHeader(this.info.hasAudio, this.info.hasVideo));
    // The cached GOP starts with a key frame: the viewer can decode its first picture right away.
    if (this.#gop.length > 0) {
      this.#begin(viewer, this.#gop[0]!.ts);
      sink.write(Buffer.concat(this.#gop.map((f) => encodeTag(f.tag.type, f.ts - viewer.base!, f.tag.data))));
    }
    return viewer;
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
      if (viewer.sink.closed) continue;
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
    viewer.sink.write(metadataTag(this.info, this.startedAt + base, 'live'));
    for (const c of this.#config) viewer.sink.write(encodeTag(c.type, 0, c.data));
  }
}
