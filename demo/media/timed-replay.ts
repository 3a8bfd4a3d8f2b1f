// Replay of recorded spans with the recorded time burnt into the picture, through ffmpeg: the camera's
// clip re-encoded per span with a clock (HH:mm:ss, for people) and a strip of 17 black/white cells
// holding the second of the day in binary (for tests, which read it back from the picture). At a speed
// above 1× the encoder drops frames (an NVR's fast forward): the stream stays 25 fps while its clock
// runs `rate` times faster, and the server paces it — the browser never has to play fast. Spans are
// encoded one after another and stamped as one continuous stream, so the picture has no gap where the
// recording has one.
import type { ChildProcess } from 'node:child_process';
import { readFfmpegTags } from './ffmpeg-tags.ts';
import { encodeTag, flvHeader, FlvReader, type FlvTag } from './flv.ts';
import { metadataTag } from './channel.ts';
import type { Sink } from './sinks.ts';
import { monoFont, SCENE, SCENE_ENCODER, sceneInput, type SceneOptions } from './scene.ts';

/** How far ahead of real time the stream runs, so the player holds a small buffer. */
const LEAD_MS = 1200;
/** Frames waiting to be sent before ffmpeg's output is paused (it runs ahead otherwise). */
const HIGH_WATER = 120;
const LOW_WATER = 40;

export const CLOCK_BITS = 17;
/** Where the binary clock is drawn: cell k (most significant first) at x = X0 + k * STEP, y = Y0. */
export const CLOCK_STRIP = { x0: 8, step: 12, y0: 32, size: 10 } as const;

/** The binary clock strip: the second of the day `t0 + t * rate` in black and white cells. */
export function clockStrip(t0: number, rate: number): string[] {
  const now = `(${t0}+t*${rate})`;
  const { x0, step, y0, size } = CLOCK_STRIP;
  const cells = Array.from({ length: CLOCK_BITS }, (_, k) => {
    const bit = CLOCK_BITS - 1 - k;
    return `drawbox=x=${x0 + k * step}:y=${y0}:w=${size}:h=${size}:color=white:t=fill:enable='eq(mod(floor(mod(${now}\\,86400)/pow(2\\,${bit}))\\,2)\\,1)'`;
  });
  return [`drawbox=x=${x0 - 4}:y=${y0 - 2}:w=${CLOCK_BITS * step + 6}:h=${size + 4}:color=black:t=fill`, ...cells];
}

/** The filter graph for one span of a clip: `t0` the span's second of the day, `rate` the speed. */
export function clockFilter(t0: number, rate: number): string {
  const now = `(${t0}+t*${rate})`;
  const { y0 } = CLOCK_STRIP;
  const parts = [`setpts=(PTS-STARTPTS)/${rate}`, 'fps=25', ...clockStrip(t0, rate)];
  const file = monoFont();
  if (file) {
    const field = (expr: string) => `%{eif\\:${expr}\\:d\\:2}`;
    const text = `${field(`mod(floor(${now}/3600)\\,24)`)}\\:${field(`mod(floor(${now}/60)\\,60)`)}\\:${field(`mod(floor(${now})\\,60)`)}`;
    parts.push(`drawtext=fontfile=${file}:text='${text}':x=w-tw-8:y=${y0}:fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6`);
  }
  return parts.join(',');
}

/** Second of the local day of an instant. */
const secondOfDay = (ms: number): number => {
  const d = new Date(ms);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
};

/** Where the picture comes from: the camera's drawn scene (scene.ts), or a clip file re-encoded. */
export type ReplayScene = Omit<SceneOptions, 'clock' | 'overlay'>;
export type ReplaySource = { scene: ReplayScene } | { clipPath: string; width: number; height: number };

export type TimedReplayOptions = ReplaySource & TimedReplayCommon;

interface TimedReplayCommon {
  sink: Sink;
  spans: ReadonlyArray<readonly [number, number]>;
  rate: number;
  log?: (line: string) => void;
  now?: () => number;
  /** False for a file: frames go out as fast as they are encoded. */
  paced?: boolean;
  /** The encoder failed (the stream then ends early). */
  onError?: (message: string) => void;
  /** Stream time written so far, ms (a clip's progress). */
  onProgress?: (streamMs: number) => void;
}

export class TimedReplay {
  readonly #o: TimedReplayOptions;
  readonly #now: () => number;
  readonly #startedAt: number;
  #span = 0;
  #child: ChildProcess | null = null;
  /** Stream time where the current span begins, ms. */
  #base = 0;
  #first: number | null = null;
  #lastOut = 0;
  #queue: Array<{ tag: FlvTag; ts: number }> = [];
  #sentConfig = false;
  #encoding = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  #lastSent = 0;

  constructor(options: TimedReplayOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
    const { sink } = options;
    sink.write(flvHeader(false, true));
    const size = 'scene' in options ? SCENE : options;
    sink.write(metadataTag({ hasAudio: false, hasVideo: true, width: size.width, height: size.height, fps: 25 }, options.spans[0]?.[0] ?? this.#startedAt, 'replay'));
    sink.onClose(() => this.stop());
    this.#encodeNext();
    this.#tick();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#child?.kill('SIGKILL');
    this.#child = null;
  }

  #encodeNext(): void {
    const span = this.#o.spans[this.#span];
    if (!span || this.#stopped) return;
    const [a, b] = span;
    const seconds = (b - a) / this.#o.rate / 1000;
    const o = this.#o;
    // A drawn scene runs its own time `rate` times faster, so its strip counts at 1× of that time.
    const input = 'scene' in o
      ? [...sceneInput({ ...o.scene, clock: { kind: 'replay', startMs: a, rate: o.rate }, overlay: clockStrip(secondOfDay(a), 1) }), '-t', seconds.toFixed(3), ...SCENE_ENCODER]
      : ['-stream_loop', '-1', '-i', o.clipPath, '-t', seconds.toFixed(3), '-an', '-vf', clockFilter(secondOfDay(a), o.rate), ...SCENE_ENCODER];
    const args = ['-hide_banner', '-loglevel', 'error', ...input, '-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1'];
    this.#encoding = true;
    this.#first = null;
    const { child, errors } = readFfmpegTags(
      args,
      new FlvReader(),
      {
        config: (tag) => {
          // Every span is encoded with the same settings, so the first decoder configuration serves all.
          if (!this.#sentConfig) this.#o.sink.write(encodeTag(tag.type, 0, tag.data));
          this.#sentConfig = true;
        },
        frame: (tag) => {
          this.#first ??= tag.timestamp;
          const ts = this.#base + tag.timestamp - this.#first;
          this.#lastOut = Math.max(this.#lastOut, ts);
          this.#queue.push({ tag, ts });
        },
        chunk: () => {
          if (this.#queue.length > HIGH_WATER) child.stdout?.pause();
        },
      },
      500,
    );
    this.#child = child;
    child.on('close', (code) => {
      if (this.#child === child) this.#child = null;
      this.#encoding = false;
      if (this.#stopped) return;
      if (code !== 0) {
        this.#o.log?.(`media: replay encoder failed (exit ${code ?? 'signal'}): ${errors().trim()}`);
        this.#o.onError?.(errors().trim() || `exit ${code ?? 'signal'}`);
        this.#o.sink.end();
        this.stop();
        return;
      }
      // The next span continues the stream one frame after this one's last picture.
      this.#base = this.#lastOut + 40;
      this.#span += 1;
      this.#encodeNext();
    });
  }

  #tick = (): void => {
    this.#timer = null;
    if (this.#stopped || this.#o.sink.closed) return;
    const horizon = this.#o.paced === false ? Infinity : this.#now() - this.#startedAt + LEAD_MS;
    const parts: Buffer[] = [];
    while (this.#queue.length && this.#queue[0]!.ts <= horizon) {
      const { tag, ts } = this.#queue.shift()!;
      parts.push(encodeTag(tag.type, ts, tag.data));
      this.#lastSent = ts;
    }
    if (parts.length) {
      this.#o.sink.write(Buffer.concat(parts));
      this.#o.onProgress?.(this.#lastSent);
    }
    if (this.#queue.length < LOW_WATER) this.#child?.stdout?.resume();
    if (!this.#encoding && this.#queue.length === 0 && this.#span >= this.#o.spans.length) {
      this.#o.sink.end();
      this.stop();
      return;
    }
    this.#timer = setTimeout(this.#tick, this.#o.paced === false ? 5 : 40);
  };
}
