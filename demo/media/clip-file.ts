// A replay clip as a file a person can play: the recorded spans encoded with the recorded time burnt in
// (timed-replay.ts, unpaced) into FLV, then remuxed to MP4 (no re-encoding) with the index up front.
import { spawn } from 'node:child_process';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { CLIP_DIR, type Clip } from './clip.ts';
import type { Sink } from './sinks.ts';
import { TimedReplay, type ReplayScene, type ReplaySource } from './timed-replay.ts';

class FileSink implements Sink {
  readonly #out: WriteStream;
  #closed = false;
  #listeners: Array<() => void> = [];
  readonly done: Promise<void>;

  constructor(path: string) {
    this.#out = createWriteStream(path);
    this.done = new Promise((resolve, reject) => {
      this.#out.on('finish', () => resolve());
      this.#out.on('error', reject);
    });
  }
  get closed(): boolean {
    return this.#closed;
  }
  get backlog(): number {
    return this.#out.writableLength;
  }
  write(bytes: Buffer): boolean {
    if (this.#closed) return false;
    this.#out.write(bytes);
    return true;
  }
  end(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#out.end();
    for (const l of this.#listeners.splice(0)) l();
  }
  /** Replay files have no source to fail; ending is all there is. */
  fail(): void {
    this.end();
  }
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#listeners.push(listener);
  }
}

function run(args: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (c: Buffer) => (errors = (errors + c.toString()).slice(-400)));
    const abort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', abort, { once: true });
    child.on('close', (code) => {
      signal.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new Error(signal.aborted ? 'cancelled' : `ffmpeg exit ${code ?? 'signal'}: ${errors.trim()}`));
    });
  });
}

/**
 * Writes the spans of the camera's picture (its drawn scene, or `clip` re-encoded) to `dir/<base>.mp4`
 * with the recorded time burnt in, and answers its path. `progress` gets the share done, 0 to 1. Needs
 * ffmpeg; cancelled through `signal`.
 */
export async function renderClipFile(options: { clip: Clip; scene?: ReplayScene | null; spans: ReadonlyArray<readonly [number, number]>; dir: string; base: string; signal: AbortSignal; progress: (share: number) => void }): Promise<string> {
  const { clip, spans, dir, base, signal } = options;
  const source: ReplaySource = options.scene ? { scene: options.scene } : { clipPath: join(CLIP_DIR, clip.name), width: clip.width, height: clip.height };
  const flv = join(dir, `${base}.flv`);
  const mp4 = join(dir, `${base}.mp4`);
  const total = spans.reduce((n, [a, b]) => n + (b - a), 0);
  const sink = new FileSink(flv);
  let failed: string | null = null;
  try {
    const replay = new TimedReplay({ ...source, sink, spans, rate: 1, paced: false, onError: (message) => (failed = message), onProgress: (ms) => options.progress(Math.min(0.95, (ms / Math.max(1, total)) * 0.95)) });
    const abort = () => {
      replay.stop();
      sink.end();
    };
    signal.addEventListener('abort', abort, { once: true });
    await sink.done;
    signal.removeEventListener('abort', abort);
    if (signal.aborted) throw new Error('cancelled');
    if (failed !== null) throw new Error(`the encoder failed: ${String(failed)}`);
    await run(['-hide_banner', '-loglevel', 'error', '-y', '-i', flv, '-c', 'copy', '-movflags', '+faststart', mp4], signal);
    options.progress(1);
    return mp4;
  } catch (error) {
    rmSync(mp4, { force: true });
    throw error;
  } finally {
    rmSync(flv, { force: true });
  }
}
