// Replay with the recorded time burnt in (ffmpeg): decoded back, the picture's binary clock starts at
// the first span's time, runs `rate` times faster than the stream, jumps over the gap between spans
// while the stream's own timestamps run on without a hole, and the stream is paced, not dumped.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIP_DIR, clipLibrary } from './clip.ts';
import { FlvReader, isMediaFrame, TAG_VIDEO } from './flv.ts';
import type { Sink } from './sinks.ts';
import { SCENE } from './scene.ts';
import { CLOCK_BITS, CLOCK_STRIP, TimedReplay, type ReplaySource } from './timed-replay.ts';

class MemorySink implements Sink {
  chunks: Buffer[] = [];
  closed = false;
  backlog = 0;
  #listeners: Array<() => void> = [];
  ended = new Promise<void>((resolve) => this.#listeners.push(resolve));
  write(bytes: Buffer): boolean {
    this.chunks.push(bytes);
    return !this.closed;
  }
  end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const l of this.#listeners) l();
  }
  fail(): void {
    this.end();
  }
  onClose(listener: () => void): void {
    this.#listeners.push(listener);
  }
}

/** Seconds of the day read from each decoded picture's clock strip. */
function clocks(flv: Buffer, width: number, height: number): number[] {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { input: flv, maxBuffer: 256 * 1024 * 1024 });
  const frame = width * height;
  const values: number[] = [];
  for (let at = 0; at + frame <= out.stdout.length; at += frame) {
    let value = 0;
    for (let k = 0; k < CLOCK_BITS; k++) {
      const x = CLOCK_STRIP.x0 + k * CLOCK_STRIP.step + CLOCK_STRIP.size / 2;
      const y = CLOCK_STRIP.y0 + CLOCK_STRIP.size / 2;
      value = value * 2 + (out.stdout[at + y * width + x]! > 128 ? 1 : 0);
    }
    values.push(value);
  }
  return values;
}

const secondOfDay = (ms: number) => {
  const d = new Date(ms);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
};

describe('replay with the recorded time in the picture', () => {
  const clip = clipLibrary()[2]!;
  const sources: Array<[string, ReplaySource, number, number]> = [
    ['the camera\'s drawn picture', { scene: { kind: 'outdoor', look: 3, title: { label: 'CAM-033', name: '北门', nameEn: 'North gate' } } }, SCENE.width, SCENE.height],
    ['a committed clip', { clipPath: join(CLIP_DIR, clip.name), width: clip.width, height: clip.height }, clip.width, clip.height],
  ];
  it.each(sources)('%s: two spans across their gap at 2×, clock in the picture, timestamps continuous, paced', async (_, source, width, height) => {
    const t0 = new Date(2026, 10, 20, 13, 59, 50).getTime();
    const spans = [
      [t0, t0 + 4000],
      [t0 + 60_000, t0 + 64_000],
    ] as const;
    const sink = new MemorySink();
    const started = Date.now();
    new TimedReplay({ ...source, sink, spans, rate: 2 });
    await sink.ended;
    const took = Date.now() - started;
    const flv = Buffer.concat(sink.chunks);

    // 8 s of recording at 2× is 4 s of stream, sent in real time less the lead, not all at once.
    expect(took).toBeGreaterThan(2500);
    const video = new FlvReader().push(flv).filter((t) => t.type === TAG_VIDEO && isMediaFrame(t));
    const stamps = video.map((t) => t.timestamp);
    expect(Math.max(...stamps.slice(1).map((s, i) => s - stamps[i]!))).toBeLessThanOrEqual(80);
    expect(stamps[stamps.length - 1]).toBeGreaterThan(3800);
    expect(stamps[stamps.length - 1]).toBeLessThan(4300);

    const seen = clocks(flv, width, height);
    expect(seen[0]).toBe(secondOfDay(t0));
    // After one second of stream, two seconds of recording have passed.
    expect(seen[25]).toBe(secondOfDay(t0) + 2);
    const jump = seen.findIndex((v, i) => i > 0 && v - seen[i - 1]! > 10);
    expect(seen[jump]).toBe(secondOfDay(t0 + 60_000));
    expect(seen[seen.length - 1]).toBeGreaterThanOrEqual(secondOfDay(t0 + 62_000));
  }, 20_000);
});
