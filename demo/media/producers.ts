// What feeds a live channel: the endless clip loop (always available), the camera's own picture drawn
// by ffmpeg when it is installed (scene.ts), or an ffmpeg relay of a real source when the camera names
// one. All publish on the channel's clock.
import { FFMPEG_PROTOCOLS } from '../server/security.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { loopFrame, type Clip } from './clip.ts';
import { FlvReader, isEndOfSequence, isMediaFrame, isSequenceHeader, type FlvTag } from './flv.ts';
import type { LiveChannel, Producer } from './channel.ts';
import { HevcFlvPackager } from './hevc-flv.ts';
import { hevcClipFor } from './hevc-source.ts';
import { SCENE, SCENE_ENCODER, sceneInput, type SceneOptions } from './scene.ts';

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

/** Turns what ffmpeg writes into FLV tags (its own FLV, or a stream packaged here, as H.265). */
interface TagReader {
  push(chunk: Buffer): FlvTag[];
}

/** Publishes an ffmpeg pipe on a channel as FLV, on the channel's clock; `fallback` takes over if it exits. */
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
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    const reader = this.#reader();
    let config: FlvTag[] = [];
    let first: number | null = null;
    let offset = 0;
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-400)));
    child.stdout?.on('data', (chunk: Buffer) => {
      let tags: FlvTag[];
      try {
        tags = reader.push(chunk);
      } catch {
        child.kill('SIGKILL');
        return;
      }
      for (const tag of tags) {
        if (isSequenceHeader(tag)) {
          config = [...config.filter((c) => c.type !== tag.type), { ...tag, timestamp: 0 }];
          channel.setConfig(config, channel.clock());
          continue;
        }
        if (!isMediaFrame(tag) || isEndOfSequence(tag)) continue;
        if (first === null) {
          first = tag.timestamp;
          offset = channel.clock();
        }
        channel.publish(tag, offset + tag.timestamp - first);
      }
    });
    child.on('exit', (code) => {
      this.#child = null;
      if (this.#stopped || channel.closed) return;
      this.#log(`media: ${this.#what} of camera ${channel.cameraId} ended (exit ${code ?? 'signal'}${errors.trim() ? `: ${errors.trim()}` : ''}); showing the demo clip instead`);
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
    this.#log(`media: ${this.#what} of camera ${channel.cameraId} refused ${why}; showing the demo clip instead`);
    this.#fallBack(channel);
  }
}

/**
 * Relays a real source through ffmpeg as FLV. Video is re-encoded to the same low-latency H.264 the
 * clips use (a camera's own GOP can be seconds long, which would delay every new viewer's first
 * picture). If ffmpeg exits, the channel falls back to the clip so viewers keep a picture.
 */
export class RelayProducer extends FfmpegProducer {
  readonly #url: string;

  constructor(url: string, fallback: Clip, log: (line: string) => void) {
    // Only stream protocols reach ffmpeg (the platform checked the URL when it was saved); never a file.
    const rtsp = /^rtsps?:\/\//i.test(url);
    const input = ['-protocol_whitelist', FFMPEG_PROTOCOLS, ...(rtsp ? ['-rtsp_transport', 'tcp'] : []), '-i', url];
    super(
      [
        '-hide_banner', '-loglevel', 'error', ...input,
        '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-g', '10',
        '-c:a', 'aac', '-ar', '32000', '-ac', '1', '-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1',
      ],
      fallback,
      log,
      'relay',
    );
    this.#url = url;
  }

  override start(channel: LiveChannel): void {
    if (!/^(rtsps?|rtmps?|https?):\/\//i.test(this.#url)) this.refuse(channel, 'a non-stream source');
    else super.start(channel);
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
