// The demo's H.265 cameras: each one's picture (scene.ts, without a clock, marked H.265) encoded once
// with ffmpeg's HEVC encoder into a short clip, kept in the temporary directory and looped from there.
// Looping an encoded clip costs almost nothing; encoding H.265 live would take a core per camera.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latinFont, SCENE, sceneInput, type SceneOptions } from './scene.ts';

/** Length of the looped clip: long enough that the loop is not obvious, short to encode (≈3 s here). */
export const HEVC_CLIP_SECONDS = 4;
/** One key picture every 0.4 s, as the H.264 streams: a new viewer waits at most that long. */
const HEVC_ENCODER = [
  '-c:v', 'libx265', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1',
  '-x265-params', 'keyint=10:min-keyint=10:bframes=0:scenecut=0:pools=1:frame-threads=1:log-level=error',
];

const making = new Map<string, Promise<string>>();

/** The H.265 clip of a camera's picture (made on first use, then reused), as an MP4 path. */
export function hevcClipFor(scene: Omit<SceneOptions, 'clock'>, dir = join(tmpdir(), 'atrium-hevc')): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify({ v: 1, kind: scene.kind, look: scene.look, title: scene.title, seconds: HEVC_CLIP_SECONDS })).digest('hex').slice(0, 20);
  const path = join(dir, `${key}.mp4`);
  if (existsSync(path)) return Promise.resolve(path);
  let pending = making.get(path);
  if (!pending) {
    pending = make(scene, dir, path).finally(() => making.delete(path));
    making.set(path, pending);
  }
  return pending;
}

function make(scene: Omit<SceneOptions, 'clock'>, dir: string, path: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.part.mp4`;
  const font = latinFont();
  const mark = font ? [`drawtext=fontfile=${font}:text=H.265:x=w-tw-28:y=24:fontsize=30:fontcolor=0x7fd3ff:borderw=2:bordercolor=black`] : [];
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    ...sceneInput({ ...scene, clock: { kind: 'none' }, overlay: [...(scene.overlay ?? []), ...mark] }),
    '-frames:v', String(HEVC_CLIP_SECONDS * SCENE.fps), ...HEVC_ENCODER, '-movflags', '+faststart', partial,
  ];
  return new Promise<string>((resolve, reject) => {
    // Asynchronous on purpose: the platform keeps answering while the clip is made.
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-400)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        renameSync(partial, path);
        resolve(path);
      } else {
        rmSync(partial, { force: true });
        reject(new Error(`H.265 clip: ffmpeg exit ${code}: ${errors.trim()}`));
      }
    });
  });
}
