import { describe, expect, it } from 'vitest';
import { clipFor, clipLibrary, keyframeIndexAt, loopFrame } from './clip.ts';
import { isKeyframe, TAG_AUDIO, TAG_VIDEO } from './flv.ts';

describe('clip loop', () => {
  const clip = clipLibrary()[0]!;

  it('keeps timestamps rising across passes, per track, with the usual spacing at the seam', () => {
    const n = clip.frames.length * 3;
    for (const type of [TAG_VIDEO, TAG_AUDIO]) {
      const stamps: number[] = [];
      for (let i = 0; i < n; i++) {
        const f = loopFrame(clip, i);
        if (f.tag.type === type) stamps.push(f.timestamp);
      }
      const steps = stamps.slice(1).map((t, i) => t - stamps[i]!);
      expect(Math.min(...steps)).toBeGreaterThan(0);
      // No gap or overlap where one pass meets the next: every step is one frame long.
      expect(new Set(steps)).toEqual(new Set([type === TAG_VIDEO ? 40 : 32]));
    }
  });

  it('opens the pictures of every pass with a key frame', () => {
    for (let pass = 0; pass < 3; pass++) {
      let i = pass * clip.frames.length;
      while (loopFrame(clip, i).tag.type !== TAG_VIDEO) i++;
      expect(isKeyframe(loopFrame(clip, i).tag)).toBe(true);
      expect(loopFrame(clip, i).timestamp - pass * clip.durationMs).toBeLessThan(100);
    }
  });

  it('finds the key frame at or before a time, in any pass', () => {
    const i = keyframeIndexAt(clip, clip.durationMs + 1000);
    const f = loopFrame(clip, i);
    expect(isKeyframe(f.tag)).toBe(true);
    expect(f.timestamp).toBeLessThanOrEqual(clip.durationMs + 1000);
    expect(f.timestamp).toBeGreaterThan(clip.durationMs + 1000 - 400);
  });

  it('gives neighbouring cameras different clips and wraps around the library', () => {
    const clips = clipLibrary();
    expect(clipFor(1)).not.toBe(clipFor(2));
    expect(clipFor(1 + clips.length)).toBe(clipFor(1));
  });
});
