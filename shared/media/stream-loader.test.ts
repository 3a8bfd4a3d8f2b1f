import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeTag, flvHeader, metadataBody, parseFlv, readMetadata, TAG_AUDIO, TAG_SCRIPT, TAG_VIDEO } from '../../demo/media/flv.ts';
import { parseSourceReason, TrackGuard } from './stream-loader.ts';

const meta = (hasAudio: boolean) => encodeTag(TAG_SCRIPT, 0, metadataBody({ hasAudio, hasVideo: true, width: 704, height: 576 }));
const video = (ts: number) => encodeTag(TAG_VIDEO, ts, Buffer.from([0x17, 0x01, 0, 0, 0, 0xaa]));
const audio = (ts: number) => encodeTag(TAG_AUDIO, ts, Buffer.from([0xaf, 0x01, 0xbb]));

function guard() {
  const out: Uint8Array[] = [];
  const g = new TrackGuard((bytes) => out.push(bytes.slice()));
  const bytes = () => Buffer.concat(out);
  return { g, out, bytes };
}

afterEach(() => vi.useRealTimers());

describe('TrackGuard', () => {
  it('a header and onMetaData claiming audio that never comes: declared video only once 500 ms of video went by', () => {
    const { g, out, bytes } = guard();
    g.push(Buffer.concat([flvHeader(true, true), meta(true)]));
    for (let ts = 0; ts < 480; ts += 40) g.push(video(ts));
    expect(out).toEqual([]);
    g.push(video(520));
    const flv = parseFlv(bytes());
    expect(flv.hasAudio).toBe(false);
    expect(readMetadata(flv.tags[0]!.data)).toMatchObject({ hasAudio: false, width: 704 });
    expect(flv.tags.filter((t) => t.type === TAG_VIDEO).map((t) => t.timestamp)).toEqual([0, 40, 80, 120, 160, 200, 240, 280, 320, 360, 400, 440, 520]);
    // Audio arriving after the decision cannot join the MediaSource: dropped; video keeps flowing, split tags too.
    const later = Buffer.concat([audio(560), video(560), audio(600), video(600)]);
    g.push(later.subarray(0, 7));
    g.push(later.subarray(7));
    expect(parseFlv(bytes()).tags.map((t) => [t.type, t.timestamp]).slice(-2)).toEqual([[TAG_VIDEO, 560], [TAG_VIDEO, 600]]);
    expect(g.lied).toBe(true);
  });

  it('video trickling in (a real-time camera) is released by the clock after 500 ms', () => {
    vi.useFakeTimers();
    const { g, out, bytes } = guard();
    g.push(Buffer.concat([flvHeader(true, true), meta(true), video(0)]));
    vi.advanceTimersByTime(499);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(parseFlv(bytes()).hasAudio).toBe(false);
  });

  it('a true audio+video header goes on unchanged at the first audio tag, and so does everything after', () => {
    const { g, bytes } = guard();
    const start = Buffer.concat([flvHeader(true, true), meta(true), video(0), video(40)]);
    g.push(start);
    const rest = Buffer.concat([audio(0), video(80), audio(64)]);
    g.push(rest);
    expect(bytes()).toEqual(Buffer.concat([start, rest]));
    expect(g.lied).toBe(false);
  });

  it('audio MSE cannot play (G.711 A-law from a server that does not transcode it) is dropped and the video goes on alone', () => {
    const { g, bytes } = guard();
    const alaw = (ts: number) => encodeTag(TAG_AUDIO, ts, Buffer.from([0x72, 0x55, 0x55]));
    g.push(Buffer.concat([flvHeader(true, true), meta(true), video(0), alaw(0), video(40), alaw(20)]));
    const flv = parseFlv(bytes());
    expect(flv.hasAudio).toBe(false);
    expect(flv.tags.map((t) => t.type)).toEqual([TAG_SCRIPT, TAG_VIDEO, TAG_VIDEO]);
  });

  it('a true video-only header is not held at all past its first video tag', () => {
    const { g, bytes } = guard();
    const start = Buffer.concat([flvHeader(false, true), meta(false), video(0)]);
    g.push(start);
    expect(bytes()).toEqual(start);
  });

  it('the header says video only but onMetaData says audio: the demuxers believe onMetaData, so that claim is the one rewritten', () => {
    const { g, bytes } = guard();
    g.push(Buffer.concat([flvHeader(false, true), meta(true), video(0), video(600)]));
    expect(readMetadata(parseFlv(bytes()).tags[0]!.data)).toMatchObject({ hasAudio: false });
  });
});

describe('parseSourceReason', () => {
  it('reads the media contract reasons and nothing else', () => {
    expect(parseSourceReason('{"source":"offline"}')).toEqual({ state: 'offline' });
    expect(parseSourceReason('{"source":"unsupported","codec":"mjpeg"}')).toEqual({ state: 'unsupported', codec: 'mjpeg' });
    expect(parseSourceReason('{"source":"exploded"}')).toBe(null);
    expect(parseSourceReason('going away')).toBe(null);
  });
});
