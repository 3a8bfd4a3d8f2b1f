// FLV in pure TypeScript: just enough of the container to cut a file into tags, re-stamp them and
// write them back out, so the media server can loop clips and relay streams without ffmpeg.
// Layout (Adobe FLV spec 10.1): 9-byte header, then [PreviousTagSize u32][tag]… where a tag is
// type u8, dataSize u24, timestamp u24 + extension u8 (the high byte), streamId u24, data.

export const TAG_AUDIO = 8;
export const TAG_VIDEO = 9;
export const TAG_SCRIPT = 18;

export interface FlvTag {
  type: number;
  /** Milliseconds (decode time). */
  timestamp: number;
  /** The tag body, without the 11-byte header and the trailing size. */
  data: Buffer;
}

const HEADER_SIZE = 9;
const TAG_HEADER_SIZE = 11;

/** The file header plus PreviousTagSize0, announcing which tracks follow. */
export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const out = Buffer.alloc(HEADER_SIZE + 4);
  out.write('FLV', 0, 'latin1');
  out[3] = 1;
  out[4] = (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0);
  out.writeUInt32BE(HEADER_SIZE, 5);
  return out;
}

/** One tag on the wire (header, body, trailing PreviousTagSize) with the given timestamp. */
export function encodeTag(type: number, timestamp: number, data: Buffer): Buffer {
  const ts = Math.max(0, Math.round(timestamp));
  const out = Buffer.alloc(TAG_HEADER_SIZE + data.length + 4);
  out[0] = type;
  out.writeUIntBE(data.length, 1, 3);
  // The 32-bit timestamp is stored as its low 24 bits followed by the high byte.
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = (ts >>> 24) & 0xff;
  out.writeUIntBE(0, 8, 3);
  data.copy(out, TAG_HEADER_SIZE);
  out.writeUInt32BE(TAG_HEADER_SIZE + data.length, TAG_HEADER_SIZE + data.length);
  return out;
}

/**
 * Incremental reader: feed it bytes as they arrive (a file, a pipe from ffmpeg) and it hands back
 * every complete tag. Throws on bytes that are not FLV, so a bad source fails loudly.
 */
export class FlvReader {
  #pending: Buffer = Buffer.alloc(0);
  #headerDone = false;
  hasAudio = false;
  hasVideo = false;

  push(chunk: Buffer): FlvTag[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const tags: FlvTag[] = [];
    let at = 0;
    const buf = this.#pending;
    if (!this.#headerDone) {
      if (buf.length < HEADER_SIZE + 4) return tags;
      if (buf.toString('latin1', 0, 3) !== 'FLV') throw new Error('not an FLV stream');
      const dataOffset = buf.readUInt32BE(5);
      if (buf.length < dataOffset + 4) return tags;
      this.hasAudio = (buf[4]! & 4) !== 0;
      this.hasVideo = (buf[4]! & 1) !== 0;
      at = dataOffset + 4;
      this.#headerDone = true;
    }
    while (buf.length - at >= TAG_HEADER_SIZE) {
      const type = buf[at]! & 0x1f;
      const size = buf.readUIntBE(at + 1, 3);
      const end = at + TAG_HEADER_SIZE + size + 4;
      if (buf.length < end) break;
      const timestamp = (buf.readUIntBE(at + 4, 3) | (buf[at + 7]! << 24)) >>> 0;
      tags.push({ type, timestamp, data: Buffer.from(buf.subarray(at + TAG_HEADER_SIZE, at + TAG_HEADER_SIZE + size)) });
      at = end;
    }
    this.#pending = at === 0 ? buf : Buffer.from(buf.subarray(at));
    return tags;
  }
}

/** Every tag of a whole FLV file. */
export function parseFlv(file: Buffer): { hasAudio: boolean; hasVideo: boolean; tags: FlvTag[] } {
  const reader = new FlvReader();
  const tags = reader.push(file);
  return { hasAudio: reader.hasAudio, hasVideo: reader.hasVideo, tags };
}

// ---- what a tag carries ----------------------------------------------------------------------

const VIDEO_AVC = 7;
const VIDEO_HEVC = 12;
const AUDIO_AAC = 10;

const videoCodec = (tag: FlvTag): number => (tag.data[0] ?? 0) & 0x0f;

/** A codec configuration record (AVC/HEVC decoder config or AAC AudioSpecificConfig), sent once per viewer. */
export function isSequenceHeader(tag: FlvTag): boolean {
  if (tag.type === TAG_VIDEO) {
    const codec = videoCodec(tag);
    return (codec === VIDEO_AVC || codec === VIDEO_HEVC) && tag.data[1] === 0;
  }
  if (tag.type === TAG_AUDIO) return (tag.data[0] ?? 0) >> 4 === AUDIO_AAC && tag.data[1] === 0;
  return false;
}

/** AVC end-of-sequence marker (ffmpeg writes one at the end of a file); dropped when looping. */
export function isEndOfSequence(tag: FlvTag): boolean {
  return tag.type === TAG_VIDEO && tag.data[1] === 2;
}

export function isKeyframe(tag: FlvTag): boolean {
  return tag.type === TAG_VIDEO && (tag.data[0] ?? 0) >> 4 === 1 && !isSequenceHeader(tag) && !isEndOfSequence(tag);
}

/** A coded picture or sound (what the timeline paces), as opposed to configuration and script tags. */
export function isMediaFrame(tag: FlvTag): boolean {
  return (tag.type === TAG_VIDEO || tag.type === TAG_AUDIO) && !isSequenceHeader(tag) && !isEndOfSequence(tag);
}

// ---- AMF0 script data (onMetaData) -----------------------------------------------------------

type AmfValue = number | boolean | string;

function amfString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(2 + bytes.length);
  out.writeUInt16BE(bytes.length, 0);
  bytes.copy(out, 2);
  return out;
}

function amfValue(value: AmfValue): Buffer {
  if (typeof value === 'number') {
    const out = Buffer.alloc(9);
    out[0] = 0x00;
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === 'boolean') return Buffer.from([0x01, value ? 1 : 0]);
  return Buffer.concat([Buffer.from([0x02]), amfString(value)]);
}

/** An onMetaData script tag body: the name, then an ECMA array of the given fields. */
export function metadataBody(fields: Record<string, AmfValue>): Buffer {
  const entries = Object.entries(fields);
  const count = Buffer.alloc(5);
  count[0] = 0x08;
  count.writeUInt32BE(entries.length, 1);
  const parts: Buffer[] = [Buffer.from([0x02]), amfString('onMetaData'), count];
  for (const [key, value] of entries) parts.push(amfString(key), amfValue(value));
  parts.push(Buffer.from([0x00, 0x00, 0x09]));
  return Buffer.concat(parts);
}

/** Reads an onMetaData body back (numbers, booleans, strings; other values are skipped as unknown). */
export function readMetadata(body: Buffer): Record<string, AmfValue> | null {
  let at = 0;
  const readString = (): string => {
    const len = body.readUInt16BE(at);
    const text = body.toString('utf8', at + 2, at + 2 + len);
    at += 2 + len;
    return text;
  };
  if (body[at++] !== 0x02 || readString() !== 'onMetaData') return null;
  const kind = body[at++];
  if (kind !== 0x08 && kind !== 0x03) return null;
  if (kind === 0x08) at += 4;
  const out: Record<string, AmfValue> = {};
  while (at + 3 <= body.length) {
    if (body.readUInt16BE(at) === 0 && body[at + 2] === 0x09) break;
    const key = readString();
    const type = body[at++];
    if (type === 0x00) {
      out[key] = body.readDoubleBE(at);
      at += 8;
    } else if (type === 0x01) {
      out[key] = body[at++] !== 0;
    } else if (type === 0x02) {
      out[key] = readString();
    } else {
      break;
    }
  }
  return out;
}
