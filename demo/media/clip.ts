// A short recorded clip and its endless loop: the stand-in for a camera. The loop re-stamps every
// pass so timestamps keep rising (a player sees one continuous stream, never a jump back to 0).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEndOfSequence, isKeyframe, isMediaFrame, isSequenceHeader, parseFlv, readMetadata, TAG_SCRIPT, TAG_VIDEO, type FlvTag } from './flv.ts';

export interface Clip {
  name: string;
  hasAudio: boolean;
  hasVideo: boolean;
  /** Decoder configuration tags (AVC and AAC sequence headers), stamped 0. */
  config: FlvTag[];
  /** Pictures and sounds in decode order, timestamps relative to the clip start; the first picture is a key frame. */
  frames: FlvTag[];
  /** Length of one pass in ms: the end of the last frame of the longer track. */
  durationMs: number;
  width: number;
  height: number;
  fps: number;
}

/**
 * How long a track lasts: first to last timestamp plus the usual spacing of its frames. Looping
 * every track on this span keeps each track's own spacing at the seam, even when the encoder
 * started one track a frame after the other.
 */
function trackSpan(frames: FlvTag[]): number {
  if (frames.length === 0) return 0;
  const last = frames[frames.length - 1]!.timestamp;
  const step = frames.length > 1 ? last - frames[frames.length - 2]!.timestamp : 40;
  return last - frames[0]!.timestamp + Math.max(step, 1);
}

export function clipFromBuffer(name: string, file: Buffer): Clip {
  const { hasAudio, hasVideo, tags } = parseFlv(file);
  const config = tags.filter(isSequenceHeader).map((t) => ({ ...t, timestamp: 0 }));
  // Same-time frames: video first, so a pass opens with its key frame.
  const frames = tags
    .filter((t) => isMediaFrame(t) && !isEndOfSequence(t))
    .sort((a, b) => a.timestamp - b.timestamp || (a.type === TAG_VIDEO ? 0 : 1) - (b.type === TAG_VIDEO ? 0 : 1));
  const key = frames.find(isKeyframe);
  if (!key) throw new Error(`clip ${name} has no key frame`);
  // A pass must not show pictures before its first key frame (they could not be decoded); sounds
  // before it are kept, because encoders start audio slightly earlier and the loop needs them.
  const usable = frames.filter((t) => t.type !== TAG_VIDEO || t.timestamp >= key.timestamp);
  const base = usable[0]!.timestamp;
  for (const f of usable) f.timestamp -= base;
  const video = usable.filter((t) => t.type === TAG_VIDEO);
  const audio = usable.filter((t) => t.type !== TAG_VIDEO);
  const meta = tags.find((t) => t.type === TAG_SCRIPT);
  const fields = meta ? readMetadata(meta.data) : null;
  const num = (key: string, fallback: number): number => (typeof fields?.[key] === 'number' ? (fields[key] as number) : fallback);
  return {
    name,
    hasAudio: hasAudio && audio.length > 0,
    hasVideo: hasVideo && video.length > 0,
    config,
    frames: usable,
    durationMs: Math.max(trackSpan(video), trackSpan(audio)),
    width: num('width', 0),
    height: num('height', 0),
    fps: num('framerate', 25),
  };
}

export function loadClip(path: string): Clip {
  return clipFromBuffer(path.split(/[\\/]/).pop() ?? path, readFileSync(path));
}

export const CLIP_DIR = join(dirname(fileURLToPath(import.meta.url)), 'clips');

let library: Clip[] | null = null;

/** The committed clips, loaded once (about 440 KB in memory for all of them). */
export function clipLibrary(dir: string = CLIP_DIR): Clip[] {
  if (library && dir === CLIP_DIR) return library;
  const clips = readdirSync(dir)
    .filter((f) => f.endsWith('.flv'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((f) => loadClip(join(dir, f)));
  if (clips.length === 0) throw new Error(`no clips in ${dir}`);
  if (dir === CLIP_DIR) library = clips;
  return clips;
}

/** The clip a camera shows: a stable pick, so a wall of cameras shows different pictures. */
export function clipFor(index: number, clips: Clip[] = clipLibrary()): Clip {
  const n = clips.length;
  return clips[(((index - 1) % n) + n) % n]!;
}

/** Frame `n` of the endless loop (n counts from 0 across passes) with its continuous timestamp. */
export function loopFrame(clip: Clip, n: number): { tag: FlvTag; timestamp: number } {
  const len = clip.frames.length;
  const pass = Math.floor(n / len);
  const tag = clip.frames[n - pass * len]!;
  return { tag, timestamp: tag.timestamp + pass * clip.durationMs };
}

/** Index of the first loop frame at or after `ms` on a key frame, so a stream can start there. */
export function keyframeIndexAt(clip: Clip, ms: number): number {
  const pass = Math.floor(ms / clip.durationMs);
  const within = ms - pass * clip.durationMs;
  let found = -1;
  for (let i = 0; i < clip.frames.length; i++) {
    const f = clip.frames[i]!;
    if (isKeyframe(f) && f.timestamp <= within) found = i;
  }
  // Start on the key frame at or before the asked time: the picture starts where it was asked.
  return pass * clip.frames.length + Math.max(found, 0);
}
