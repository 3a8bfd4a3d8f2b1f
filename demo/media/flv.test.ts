import { describe, expect, it } from 'vitest';
import { encodeTag, flvHeader, FlvReader, isKeyframe, isSequenceHeader, metadataBody, parseFlv, readMetadata, TAG_AUDIO, TAG_SCRIPT, TAG_VIDEO } from './flv.ts';
import { clipLibrary } from './clip.ts';

const avcKey = Buffer.from([0x17, 0x01, 0, 0, 0, 0xaa]);
const avcInter = Buffer.from([0x27, 0x01, 0, 0, 0, 0xbb]);
const avcConfig = Buffer.from([0x17, 0x00, 0, 0, 0, 0x01]);
const aacRaw = Buffer.from([0xaf, 0x01, 0xcc]);

describe('FLV tags', () => {
  it('round-trips tags, including timestamps above 24 bits', () => {
    const big = 0x1_23_45_67;
    const file = Buffer.concat([flvHeader(true, true), encodeTag(TAG_VIDEO, 0, avcKey), encodeTag(TAG_AUDIO, 21, aacRaw), encodeTag(TAG_VIDEO, big, avcInter)]);
    const parsed = parseFlv(file);
    expect(parsed.hasAudio).toBe(true);
    expect(parsed.hasVideo).toBe(true);
    expect(parsed.tags.map((t) => [t.type, t.timestamp])).toEqual([[TAG_VIDEO, 0], [TAG_AUDIO, 21], [TAG_VIDEO, big]]);
    expect(parsed.tags[2]!.data.equals(avcInter)).toBe(true);
  });

  it('reads a stream cut at arbitrary byte boundaries', () => {
    const file = Buffer.concat([flvHeader(false, true), ...Array.from({ length: 20 }, (_, i) => encodeTag(TAG_VIDEO, i * 40, i % 10 ? avcInter : avcKey))]);
    const reader = new FlvReader();
    const got: number[] = [];
    for (let at = 0; at < file.length; at += 7) got.push(...reader.push(file.subarray(at, at + 7)).map((t) => t.timestamp));
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i * 40));
  });

  it('refuses bytes that are not FLV', () => {
    expect(() => new FlvReader().push(Buffer.from('GIF89a-not-a-video'))).toThrow(/not an FLV/);
  });

  it('tells key frames from configuration', () => {
    const tag = (data: Buffer) => ({ type: TAG_VIDEO, timestamp: 0, data });
    expect(isKeyframe(tag(avcKey))).toBe(true);
    expect(isKeyframe(tag(avcInter))).toBe(false);
    expect(isKeyframe(tag(avcConfig))).toBe(false);
    expect(isSequenceHeader(tag(avcConfig))).toBe(true);
  });

  it('writes onMetaData that reads back', () => {
    const body = metadataBody({ width: 320, hasAudio: true, atriumKind: 'live', atriumEpoch: 1_700_000_000_123 });
    expect(readMetadata(body)).toEqual({ width: 320, hasAudio: true, atriumKind: 'live', atriumEpoch: 1_700_000_000_123 });
    const tag = parseFlv(Buffer.concat([flvHeader(false, true), encodeTag(TAG_SCRIPT, 0, body)])).tags[0]!;
    expect(tag.type).toBe(TAG_SCRIPT);
  });

  it('parses every committed clip into configuration and key-frame-led frames', () => {
    const clips = clipLibrary();
    expect(clips.length).toBeGreaterThanOrEqual(8);
    for (const clip of clips) {
      expect(clip.config.length).toBe(2);
      expect(isKeyframe(clip.frames.find((f) => f.type === TAG_VIDEO)!)).toBe(true);
      expect(clip.width).toBe(320);
      expect(clip.durationMs).toBe(3200);
    }
  });
});
