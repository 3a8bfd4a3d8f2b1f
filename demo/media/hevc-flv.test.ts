// H.265 in FLV (codec 12): a real libx265 stream packaged, then unpacked again and decoded by ffmpeg.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isKeyframe, isSequenceHeader, type FlvTag } from './flv.ts';
import { AnnexBReader, HevcFlvPackager, nalType, readSps } from './hevc-flv.ts';

const FRAMES = 10;

function encodeHevc(): Buffer {
  const out = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-frames:v', String(FRAMES),
      '-c:v', 'libx265', '-preset', 'ultrafast', '-tune', 'zerolatency', '-x265-params', 'keyint=5:min-keyint=5:bframes=0:scenecut=0:log-level=error', '-f', 'hevc', 'pipe:1'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(`ffmpeg: ${out.stderr.toString()}`);
  return out.stdout;
}

/** Back to Annex B from the tags: the record's parameter sets, then each picture's units. */
function unpack(tags: FlvTag[]): Buffer {
  const start = Buffer.from([0, 0, 0, 1]);
  const parts: Buffer[] = [];
  for (const tag of tags) {
    const body = tag.data.subarray(5);
    if (isSequenceHeader(tag)) {
      let at = 23;
      for (let a = 0; a < body[22]!; a++) {
        const count = body.readUInt16BE(at + 1);
        at += 3;
        for (let n = 0; n < count; n++) {
          const len = body.readUInt16BE(at);
          parts.push(start, body.subarray(at + 2, at + 2 + len));
          at += 2 + len;
        }
      }
      continue;
    }
    for (let at = 0; at < body.length; ) {
      const len = body.readUInt32BE(at);
      parts.push(start, body.subarray(at + 4, at + 4 + len));
      at += 4 + len;
    }
  }
  return Buffer.concat(parts);
}

describe('H.265 in FLV', () => {
  const stream = encodeHevc();

  it('cuts the byte stream into NAL units however the bytes arrive', () => {
    const whole = new AnnexBReader();
    const all = [...whole.push(stream), ...whole.flush()];
    // A start code may straddle any boundary: byte by byte, in twos and in sevens.
    for (const size of [1, 2, 7]) {
      const pieces = new AnnexBReader();
      const cut: Buffer[] = [];
      for (let at = 0; at < stream.length; at += size) cut.push(...pieces.push(stream.subarray(at, at + size)));
      cut.push(...pieces.flush());
      expect(cut.map((n) => n.toString('hex'))).toEqual(all.map((n) => n.toString('hex')));
    }
    // Parameter sets (VPS 32, SPS 33, PPS 34) precede each random access picture.
    expect(all.slice(0, 3).map(nalType)).toEqual([32, 33, 34]);
    const sps = readSps(all[1]!);
    expect([sps.chromaFormat, sps.bitDepthLuma, sps.bitDepthChroma, sps.width]).toEqual([1, 8, 8, 320]);
    // Main profile (1) in the coded profile_tier_level.
    expect(sps.profileTierLevel[0]! & 0x1f).toBe(1);
  });

  it('writes one codec-12 sequence header, then a tag per picture, key pictures marked, 40 ms apart', () => {
    const packager = new HevcFlvPackager(25);
    const tags: FlvTag[] = [];
    for (let at = 0; at < stream.length; at += 1000) tags.push(...packager.push(stream.subarray(at, at + 1000)));
    tags.push(...packager.flush());
    expect(tags.every((t) => (t.data[0]! & 0x0f) === 12)).toBe(true);
    expect(tags.filter(isSequenceHeader)).toHaveLength(1);
    const header = tags[0]!;
    expect(isSequenceHeader(header)).toBe(true);
    const record = header.data.subarray(5);
    expect(record[0]).toBe(1); // configurationVersion
    expect(record[1]! & 0x1f).toBe(1); // Main profile
    expect(record[21]! & 3).toBe(3); // 4-byte NAL lengths
    const pictures = tags.slice(1);
    expect(pictures).toHaveLength(FRAMES);
    expect(pictures.map((t) => t.timestamp)).toEqual(Array.from({ length: FRAMES }, (_, i) => i * 40));
    expect(pictures.map((t) => isKeyframe(t))).toEqual(Array.from({ length: FRAMES }, (_, i) => i % 5 === 0));

    // Unpacked again, ffmpeg decodes every picture at the size encoded.
    const decoded = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'hevc', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
      input: unpack(tags),
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(decoded.status, decoded.stderr.toString()).toBe(0);
    expect(decoded.stdout.length).toBe(320 * 180 * FRAMES);
  });
});
