// Replay of an asked time range: the camera's clip played from the position matching the start time,
// re-stamped from 0, ending when the range is over. It runs a little ahead of real time so the
// player holds a small buffer (replay has no live edge to chase), and never further.
import { keyframeIndexAt, loopFrame, type Clip } from './clip.ts';
import { encodeTag, flvHeader } from './flv.ts';
import { metadataTag } from './channel.ts';
import type { Sink } from './sinks.ts';

export const REPLAY_LEAD_MS = 1500;

export class ReplayStream {
  readonly #clip: Clip;
  readonly #sink: Sink;
  readonly #lengthMs: number;
  readonly #now: () => number;
  readonly #startedAt: number;
  #next: number;
  #origin: number;
  #timer: ReturnType<typeof setTimeout> | null = null;

  readonly #rate: number;

  constructor(options: { clip: Clip; sink: Sink; startMs: number; endMs: number; rate?: number; now?: () => number }) {
    this.#clip = options.clip;
    this.#sink = options.sink;
    this.#rate = options.rate ?? 1;
    // At a speed above 1× the pictures are stamped closer together, so the browser plays them faster.
    this.#lengthMs = Math.max(0, options.endMs - options.startMs) / this.#rate;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
    // Where in the recording the range begins: the clip position of that time of day.
    const at = ((options.startMs % this.#clip.durationMs) + this.#clip.durationMs) % this.#clip.durationMs;
    this.#next = keyframeIndexAt(this.#clip, at);
    this.#origin = loopFrame(this.#clip, this.#next).timestamp;
    const info = { hasAudio: this.#clip.hasAudio, hasVideo: this.#clip.hasVideo, width: this.#clip.width, height: this.#clip.height, fps: this.#clip.fps };
    this.#sink.write(flvHeader(info.hasAudio, info.hasVideo));
    this.#sink.write(metadataTag(info, options.startMs, 'replay'));
    for (const c of this.#clip.config) this.#sink.write(encodeTag(c.type, 0, c.data));
    this.#sink.onClose(() => this.stop());
    this.#tick();
  }

  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #tick = (): void => {
    this.#timer = null;
    if (this.#sink.closed) return;
    const horizon = this.#now() - this.#startedAt + REPLAY_LEAD_MS;
    const parts: Buffer[] = [];
    for (;;) {
      const frame = loopFrame(this.#clip, this.#next);
      const ts = Math.round((frame.timestamp - this.#origin) / this.#rate);
      if (ts >= this.#lengthMs) {
        if (parts.length) this.#sink.write(Buffer.concat(parts));
        this.#sink.end();
        return;
      }
      if (ts > horizon) break;
      parts.push(encodeTag(frame.tag.type, ts, frame.tag.data));
      this.#next += 1;
    }
    if (parts.length) this.#sink.write(Buffer.concat(parts));
    this.#timer = setTimeout(this.#tick, 40);
  };
}
