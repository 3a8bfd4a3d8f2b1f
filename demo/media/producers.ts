// What feeds a live channel: the endless clip loop (always available), a demo camera's own picture
// drawn by ffmpeg when it is installed (scene.ts), or an ffmpeg relay of a real source when the camera
// names one. All publish on the channel's clock. A camera with a source only ever shows that source.
import { maskUrlsIn } from '../server/security.ts';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { loopFrame, type Clip } from './clip.ts';
import { readFfmpegTags, type TagReader } from './ffmpeg-tags.ts';
import { FlvReader, isKeyframe, readMetadata, TAG_VIDEO, type FlvTag } from './flv.ts';
import type { LiveChannel, Producer } from './channel.ts';
import { HevcFlvPackager } from './hevc-flv.ts';
import { hevcClipFor } from './hevc-source.ts';
import { SCENE, SCENE_ENCODER, sceneInput, type SceneOptions } from './scene.ts';
import { failureOf, inputArgs, probeSource, relayStarted, relayStopped, SERVED_VIDEO, type SourceFailure, type SourceState } from './source.ts';

/** Paces the clip loop in real time: frame n goes out when the channel clock reaches its timestamp. */
export class ClipProducer implements Producer {
  readonly #clip: Clip;
  #next = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #channel: LiveChannel | null = null;
  /** Added to loop timestamps, so a clip taking over from a failed relay continues the clock. */
  readonly #offset: number;

  constructor(clip: Clip, offsetMs = 0) {
    this.#clip = clip;
    this.#offset = offsetMs;
  }

  start(channel: LiveChannel): void {
    this.#channel = channel;
    this.#tick();
  }

  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#channel = null;
  }

  #tick = (): void => {
    this.#timer = null;
    const channel = this.#channel;
    if (!channel || channel.closed) return;
    const now = channel.clock();
    let frame = loopFrame(this.#clip, this.#next);
    while (frame.timestamp + this.#offset <= now) {
      channel.publish(frame.tag, frame.timestamp + this.#offset);
      this.#next += 1;
      frame = loopFrame(this.#clip, this.#next);
    }
    // Absolute targets: a late timer never accumulates drift, it just sends two frames at once.
    this.#timer = setTimeout(this.#tick, Math.max(1, frame.timestamp + this.#offset - channel.clock()));
  };
}

let ffmpegChecked: boolean | null = null;

/** Whether `ffmpeg` runs here (checked once; the relay is optional and never needed by tests). */
export function hasFfmpeg(): boolean {
  if (ffmpegChecked === null) {
    try {
      ffmpegChecked = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
    } catch {
      ffmpegChecked = false;
    }
  }
  return ffmpegChecked;
}

/**
 * Publishes an ffmpeg pipe drawing a demo camera's picture on a channel as FLV, on the channel's clock;
 * the camera's committed clip takes over if it exits (demo cameras only: never for a source).
 */
class FfmpegProducer implements Producer {
  readonly #args: string[] | Promise<string[]>;
  readonly #fallback: Clip;
  readonly #log: (line: string) => void;
  readonly #what: string;
  readonly #reader: () => TagReader;
  #child: ChildProcess | null = null;
  #fallbackProducer: ClipProducer | null = null;
  #stopped = false;

  /** `args` may still be in the making (a clip to encode first); `reader` reads ffmpeg's output. */
  constructor(args: string[] | Promise<string[]>, fallback: Clip, log: (line: string) => void, what: string, reader: () => TagReader = () => new FlvReader()) {
    this.#args = args;
    this.#fallback = fallback;
    this.#log = log;
    this.#what = what;
    this.#reader = reader;
  }

  start(channel: LiveChannel): void {
    if (Array.isArray(this.#args)) return this.#spawn(channel, this.#args);
    this.#args.then(
      (args) => {
        if (!this.#stopped && !channel.closed) this.#spawn(channel, args);
      },
      (error: unknown) => {
        if (!this.#stopped && !channel.closed) this.refuse(channel, `(${error instanceof Error ? error.message : String(error)})`);
      },
    );
  }

  #spawn(channel: LiveChannel, args: string[]): void {
    let config: FlvTag[] = [];
    let first: number | null = null;
    let offset = 0;
    const { child, errors } = readFfmpegTags(
      args,
      this.#reader(),
      {
        config: (tag) => {
          config = [...config.filter((c) => c.type !== tag.type), { ...tag, timestamp: 0 }];
          channel.setConfig(config, channel.clock());
        },
        frame: (tag) => {
          if (first === null) {
            first = tag.timestamp;
            offset = channel.clock();
          }
          channel.publish(tag, offset + tag.timestamp - first);
        },
      },
      400,
    );
    this.#child = child;
    child.on('exit', (code) => {
      this.#child = null;
      if (this.#stopped || channel.closed) return;
      this.#log(`media: ${this.#what} of demo camera ${channel.cameraId} ended (exit ${code ?? 'signal'}${errors().trim() ? `: ${errors().trim()}` : ''}); showing its committed clip instead`);
      this.#fallBack(channel);
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#child?.kill('SIGKILL');
    this.#child = null;
    this.#fallbackProducer?.stop();
  }

  #fallBack(channel: LiveChannel): void {
    const at = channel.clock();
    channel.setConfig(this.#fallback.config, at);
    this.#fallbackProducer = new ClipProducer(this.#fallback, at);
    this.#fallbackProducer.start(channel);
  }

  /** Skips ffmpeg and goes straight to the clip (a source that must not be read). */
  protected refuse(channel: LiveChannel, why: string): void {
    this.#log(`media: ${this.#what} of demo camera ${channel.cameraId} refused ${why}; showing its committed clip instead`);
    this.#fallBack(channel);
  }
}

/** The NAL units of an AVC video tag (4-byte lengths, as ffmpeg writes FLV). */
function nalsOf(tag: FlvTag): Buffer[] {
  const nals: Buffer[] = [];
  for (let at = 5; at + 4 <= tag.data.length; ) {
    const size = tag.data.readUInt32BE(at);
    nals.push(tag.data.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return nals;
}

const isSlice = (nal: Buffer): boolean => (nal[0]! & 0x1f) >= 1 && (nal[0]! & 0x1f) <= 5;

/**
 * Where an AVC video tag stands in a picture: 'none' (parameter sets and the like, no slice),
 * 'first' (it opens a picture: an access unit delimiter, or a slice starting at macroblock 0), or
 * 'rest' (the further slices of a picture).
 */
export function pictureStart(tag: FlvTag): 'none' | 'first' | 'rest' {
  const nals = nalsOf(tag);
  if (nals.some((nal) => (nal[0]! & 0x1f) === 9)) return 'first';
  const slice = nals.find(isSlice);
  if (!slice) return 'none';
  // first_mb_in_slice is ue(v): its first bit is 1 exactly when it is 0.
  return ((slice[1] ?? 0) & 0x80) !== 0 ? 'first' : 'rest';
}

/**
 * Two AVC video tags of one picture as one: the NAL units of the second (after its 5-byte header)
 * appended to the first; a key frame if either is one; stamped as the first picture-bearing tag.
 */
export function joinPicture(a: FlvTag, b: FlvTag): FlvTag {
  const head = Buffer.from((pictureStart(a) === 'none' ? b : a).data.subarray(0, 5));
  if ((a.data[0]! >> 4) === 1 || (b.data[0]! >> 4) === 1) head[0] = (1 << 4) | (head[0]! & 0x0f);
  return { type: a.type, timestamp: pictureStart(a) === 'none' ? b.timestamp : a.timestamp, data: Buffer.concat([head, a.data.subarray(5), b.data.subarray(5)]) };
}

/**
 * Whether a key picture (an AVC or HEVC video tag, 4-byte NAL lengths) begins at the top of the
 * picture: an RTSP session that joins a camera mid-picture yields a key picture missing its first
 * slices, which decodes to a smear over green. Such a picture cannot start a stream.
 */
export function wholeKeyPicture(tag: FlvTag): boolean {
  if (!isKeyframe(tag)) return false;
  const hevc = (tag.data[0]! & 0x0f) === 12;
  for (let at = 5; at + 4 <= tag.data.length; ) {
    const size = tag.data.readUInt32BE(at);
    const nal = tag.data.subarray(at + 4, at + 4 + size);
    at += 4 + size;
    if (hevc) {
      const type = (nal[0]! >> 1) & 0x3f;
      // A random access picture's slice with first_slice_segment_in_pic_flag set.
      if (type >= 16 && type <= 23 && nal.length > 2) return (nal[2]! & 0x80) !== 0;
    } else {
      // An IDR slice whose first_mb_in_slice (ue(v), first bit 1 for 0) is the picture's first.
      if ((nal[0]! & 0x1f) === 5 && nal.length > 1) return (nal[1]! & 0x80) !== 0;
    }
  }
  return false;
}

/** First retry of a failed source; each failure doubles it, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;
/** Wrong credentials and an unsupported codec need a person: tried again only this often. */
export const RETRY_SLOW_MS = 60_000;

/** How long to wait before trying a source again after `failures` failures in a row. */
export function retryDelay(failure: SourceFailure, failures: number): number {
  if (failure.state === 'credentials' || failure.state === 'unsupported') return RETRY_SLOW_MS;
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

export interface RelayOptions {
  url: string;
  /** What an H.265 source becomes for this channel's viewers (their browser decodes H.265, or not). */
  hevc: HevcDelivery | null;
  log: (line: string) => void;
  /** Every state the source goes through, for the platform (camera-health.ts). */
  report: (state: SourceState, detail: { codec?: string; videoCodec?: string }) => void;
}

/**
 * Relays a real source as it comes: the source is probed first (ffprobe), then ffmpeg copies H.264
 * video (no re-encoding) and AAC audio, transcodes other audio (G.711 A-law and µ-law …) to AAC
 * alone, sends H.265 as H.265 to browsers that decode it (packaged as FLV codec 12 here) and
 * transcodes it to H.264 for the others; any other codec is refused as unsupported. The channel's
 * header and metadata are the source's own, known before the first viewer hears anything. When the
 * source fails, viewers are told why and the source is tried again with backoff; nothing else is
 * ever shown in its place.
 */
export class RelayProducer implements Producer {
  readonly #o: RelayOptions;
  #channel: LiveChannel | null = null;
  #child: ChildProcess | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  /** An attempt (probe, then ffmpeg until its first picture) is under way. */
  #trying = false;
  #attemptAt = 0;
  #failures = 0;
  #lastState: SourceState | null = null;

  constructor(options: RelayOptions) {
    this.#o = options;
  }

  start(channel: LiveChannel): void {
    this.#channel = channel;
    relayStarted(channel.cameraId);
    void this.#attempt();
  }

  stop(): void {
    if (!this.#stopped && this.#channel) relayStopped(this.#channel.cameraId);
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#child?.kill('SIGKILL');
    this.#child = null;
  }

  retryNow(): boolean {
    const channel = this.#channel;
    if (this.#stopped || !channel || channel.closed) return false;
    if (this.#trying) return true;
    const failure = channel.failure;
    if (!failure) return true;
    // Wrong credentials or a codec the platform cannot serve do not change because someone looks again.
    if (failure.state === 'credentials' || failure.state === 'unsupported') return false;
    if (Date.now() - this.#attemptAt < RETRY_FIRST_MS) return false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    void this.#attempt();
    return true;
  }

  #state(state: SourceState, detail: { codec?: string; videoCodec?: string } = {}, why = ''): void {
    if (state !== this.#lastState && this.#channel) {
      const what = state === 'unsupported' ? `unsupported (${detail.codec})` : state;
      this.#o.log(maskUrlsIn(`media: source of camera ${this.#channel.cameraId}: ${what}${why ? ` (${why})` : ''}`));
    }
    this.#lastState = state;
    this.#o.report(state, detail);
  }

  async #attempt(): Promise<void> {
    const channel = this.#channel!;
    this.#trying = true;
    this.#attemptAt = Date.now();
    channel.connecting();
    this.#state('connecting');
    const url = this.#o.url;
    const probed = await probeSource(url);
    if (this.#stopped || channel.closed) return;
    if (!probed.ok) return this.#failed(probed.failure);
    const { video, audio } = probed.source;
    if (!video) return this.#failed({ state: 'unsupported', codec: audio ? `${audio.codec} (no video)` : 'none' });
    if (!SERVED_VIDEO.has(video.codec)) return this.#failed({ state: 'unsupported', codec: video.codec });
    const hevc = video.codec === 'hevc';
    const native = hevc && this.#o.hevc === 'native';
    const videoOut = !hevc || native ? ['-c:v', 'copy'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', String(Math.max(1, Math.round(video.fps))), '-bf', '0'];
    // FLV carries AAC: AAC is copied, any other sound (G.711 …) is transcoded alone. H.265 goes out as
    // a raw stream packaged here, which has no room for sound.
    const audioOut = !audio || native ? ['-an'] : audio.codec === 'aac' ? ['-map', '0:a:0', '-c:a', 'copy'] : ['-map', '0:a:0', '-c:a', 'aac', '-ar', '16000', '-ac', '1', '-b:a', '32k'];
    const output = native ? ['-f', 'hevc', 'pipe:1'] : ['-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1'];
    // Over RTSP, ffmpeg hands out a stream with B-frames with no timestamps on its first pictures
    // (and its FLV writer then gives up): they are filled in, the key picture first shown at 0 and
    // the decode times counting back by the reordering delay (RTP video runs on a 90 kHz clock).
    const reorder = /^rtsps?:/i.test(url) && video.bFrames > 0 && !(hevc && !native)
      ? ['-copyts', '-bsf:v', `setts=pts=if(eq(PTS\\,NOPTS)\\,0\\,PTS):dts=if(eq(DTS\\,NOPTS)\\,(N-${video.bFrames})*${Math.round(90000 / video.fps)}\\,DTS)`]
      : [];
    // The source was just probed: ffmpeg need not study it long before its first bytes out.
    const args = ['-hide_banner', '-loglevel', 'error', '-analyzeduration', '200000', ...reorder.slice(0, 1), ...inputArgs(url), '-map', '0:v:0', ...videoOut, ...reorder.slice(1), ...audioOut, '-dn', '-sn', ...output];
    const reader: TagReader = native ? new HevcFlvPackager(video.fps) : new FlvReader();
    const flv = reader instanceof FlvReader ? reader : null;
    let config: FlvTag[] = [];
    let first: number | null = null;
    let offset = 0;
    let live = false;
    const known = (meta: Record<string, unknown> | null): void => {
      if (channel.info) return;
      const number = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback);
      channel.setInfo({
        hasAudio: flv ? flv.hasAudio : false,
        hasVideo: flv ? flv.hasVideo : true,
        width: number(meta?.width, video.width),
        height: number(meta?.height, video.height),
        fps: number(meta?.framerate, video.fps),
        ...(native ? { videoCodec: 12 as const } : {}),
      });
    };
    if (native) known(null);
    let held: FlvTag | null = null;
    const send = (tag: FlvTag): void => {
      // Nothing goes out before a whole key picture: it is what every viewer starts from.
      if (first === null && !wholeKeyPicture(tag)) return;
      if (first === null) {
        first = tag.timestamp;
        offset = channel.clock();
      }
      channel.publish(tag, offset + tag.timestamp - first);
      if (!live && isKeyframe(tag)) {
        live = true;
        this.#trying = false;
        this.#failures = 0;
        this.#state('live', { videoCodec: video.codec });
      }
    };
    const { child, errors } = readFfmpegTags(args, reader, {
      metadata: (tag) => known(readMetadata(tag.data)),
      config: (tag) => {
        known(null);
        config = [...config.filter((c) => c.type !== tag.type), { ...tag, timestamp: 0 }];
        channel.setConfig(config, channel.clock());
      },
      frame: (tag) => {
        known(null);
        if (tag.type === TAG_VIDEO && flv) {
          // A picture may come out of ffmpeg in several packets (its parameter sets apart, or slice
          // by slice, not always with one timestamp); a player decodes each tag as a picture, so the
          // pieces are joined until the next picture begins.
          if (held && (pictureStart(held) === 'none' || pictureStart(tag) === 'rest')) {
            held = joinPicture(held, tag);
            return;
          }
          if (held) send(held);
          held = tag;
          return;
        }
        send(tag);
      },
    });
    this.#child = child;
    child.on('exit', (code) => {
      if (this.#child === child) this.#child = null;
      if (this.#stopped || channel.closed) return;
      // A stream that played and ended is a camera gone away; one that never started says why.
      const failure = live ? { state: 'offline' as const } : failureOf(errors());
      this.#failed(failure, `ffmpeg exit ${code ?? 'signal'}${errors().trim() ? `: ${errors().trim().split('\n').pop()}` : ''}`);
    });
  }

  #failed(failure: SourceFailure, why = ''): void {
    const channel = this.#channel!;
    this.#trying = false;
    this.#failures += 1;
    channel.fail(failure);
    this.#state(failure.state, failure.codec ? { codec: failure.codec } : {}, why);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#stopped && !channel.closed) void this.#attempt();
    }, retryDelay(failure, this.#failures));
  }
}

/**
 * A demo camera's own picture drawn live by ffmpeg (scene.ts): 1280x720, its name, the wall clock.
 * If ffmpeg exits, the channel falls back to the clip so viewers keep a picture.
 */
export class SceneProducer extends FfmpegProducer {
  constructor(scene: Omit<SceneOptions, 'clock'>, fallback: Clip, log: (line: string) => void) {
    super(['-hide_banner', '-loglevel', 'error', '-re', ...sceneInput({ ...scene, clock: { kind: 'live' } }), ...SCENE_ENCODER, '-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1'], fallback, log, 'picture');
  }
}

/** How an H.265 camera reaches a viewer: as H.265 (the browser decodes it) or transcoded to H.264. */
export type HevcDelivery = 'native' | 'transcode';

/**
 * A demo H.265 camera: its picture's H.265 clip (hevc-source.ts) looped in real time. Native: the
 * H.265 pictures as they are, packaged as FLV codec 12 here (ffmpeg 5 cannot). Transcode: ffmpeg
 * decodes the H.265 and encodes the same H.264 as every other stream, for browsers without H.265.
 */
export class HevcProducer extends FfmpegProducer {
  constructor(scene: Omit<SceneOptions, 'clock'>, delivery: HevcDelivery, fallback: Clip, log: (line: string) => void) {
    const input = (clip: string) => ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip];
    const args = hevcClipFor(scene).then((clip) =>
      delivery === 'native'
        ? [...input(clip), '-an', '-c:v', 'copy', '-bsf:v', 'hevc_mp4toannexb', '-flush_packets', '1', '-f', 'hevc', 'pipe:1']
        : [...input(clip), '-an', ...SCENE_ENCODER, '-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1'],
    );
    super(args, fallback, log, delivery === 'native' ? 'H.265 picture' : 'H.265 transcode', delivery === 'native' ? () => new HevcFlvPackager(SCENE.fps) : () => new FlvReader());
  }
}
