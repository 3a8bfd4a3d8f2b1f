// H.265 in FLV, in the widespread codec-12 form (video codec id 12, the AVC packet layout with an
// HEVCDecoderConfigurationRecord as the sequence header), which ffmpeg 5 cannot write. The packager
// reads the Annex B byte stream ffmpeg pipes out (-f hevc), finds the access units and hands back
// FLV video tags: one sequence header whenever the parameter sets change, then one tag per picture
// with its NAL units length-prefixed (4 bytes).
import { TAG_VIDEO, type FlvTag } from './flv.ts';

const CODEC_HEVC = 12;
const NAL_VPS = 32;
const NAL_SPS = 33;
const NAL_PPS = 34;
const NAL_AUD = 35;
const NAL_PREFIX_SEI = 39;

export const nalType = (nal: Buffer): number => ((nal[0] ?? 0) >> 1) & 0x3f;
const isVcl = (type: number): boolean => type < 32;
/** Random access pictures (BLA, IDR, CRA): where a decoder can start. */
const isIrap = (type: number): boolean => type >= 16 && type <= 23;

/**
 * Cuts an Annex B stream into NAL units (start codes 00 00 01 or 00 00 00 01) as bytes arrive. The
 * unit after the last start code is held until the next start code shows where it ends.
 */
export class AnnexBReader {
  /** The bytes from the last start code on: the unit still arriving. */
  #pending: Buffer = Buffer.alloc(0);
  /** The length of the start code #pending begins with (0 before the first). */
  #lead = 0;
  /** How much of #pending was already searched: a push searches only what is new (and the last two bytes, where a code may straddle). */
  #searched = 0;

  push(chunk: Buffer): Buffer[] {
    const data = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    const starts: Array<{ at: number; size: number }> = this.#lead ? [{ at: 0, size: this.#lead }] : [];
    for (let i = Math.max(this.#lead, this.#searched - 2); i + 2 < data.length; i++) {
      if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
        const four = i > 0 && data[i - 1] === 0;
        starts.push({ at: four ? i - 1 : i, size: four ? 4 : 3 });
        i += 2;
      }
    }
    const units: Buffer[] = [];
    for (let k = 0; k + 1 < starts.length; k++) {
      const from = starts[k]!.at + starts[k]!.size;
      const unit = data.subarray(from, starts[k + 1]!.at);
      if (unit.length) units.push(Buffer.from(unit));
    }
    const last = starts[starts.length - 1];
    this.#pending = Buffer.from(last ? data.subarray(last.at) : data);
    this.#lead = last?.size ?? 0;
    this.#searched = this.#pending.length;
    return units;
  }

  /** The last unit, once the stream has ended. */
  flush(): Buffer[] {
    const rest = this.#pending;
    this.#pending = Buffer.alloc(0);
    this.#lead = 0;
    this.#searched = 0;
    const at = rest[2] === 1 ? 3 : 4;
    return rest.length > at ? [Buffer.from(rest.subarray(at))] : [];
  }
}

/** The RBSP of a NAL unit: its payload with the emulation-prevention bytes (00 00 03) taken out. */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0 && out.length >= 2 && out[out.length - 1] === 0 && out[out.length - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Buffer.from(out);
}

class Bits {
  #pos = 0;
  readonly #data: Buffer;
  constructor(data: Buffer) {
    this.#data = data;
  }
  bit(): number {
    const byte = this.#data[this.#pos >> 3] ?? 0;
    const v = (byte >> (7 - (this.#pos & 7))) & 1;
    this.#pos += 1;
    return v;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  skip(n: number): void {
    this.#pos += n;
  }
  /** Exp-Golomb unsigned. */
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0 && zeros < 32) zeros++;
    return 2 ** zeros - 1 + this.bits(zeros);
  }
}

/** What the configuration record needs from a sequence parameter set. */
export interface SpsFacts {
  /** general_profile_space, tier and profile_idc, compatibility flags, constraint flags, level: 12 bytes as coded. */
  profileTierLevel: Buffer;
  chromaFormat: number;
  bitDepthLuma: number;
  bitDepthChroma: number;
  width: number;
  height: number;
  temporalLayers: number;
  temporalIdNested: boolean;
}

export function readSps(nal: Buffer): SpsFacts {
  const data = rbsp(nal).subarray(2); // after the two-byte NAL header
  const first = data[0] ?? 0;
  const maxSubLayersMinus1 = (first >> 1) & 7;
  const profileTierLevel = Buffer.from(data.subarray(1, 13));
  const bits = new Bits(data);
  bits.skip(8 + 96);
  // Sub-layer profile/level presence flags, padded to 8 entries, then each present sub-layer's fields.
  const present: Array<[number, number]> = [];
  for (let i = 0; i < maxSubLayersMinus1; i++) present.push([bits.bit(), bits.bit()]);
  if (maxSubLayersMinus1 > 0) for (let i = maxSubLayersMinus1; i < 8; i++) bits.skip(2);
  for (const [profile, level] of present) {
    if (profile) bits.skip(88);
    if (level) bits.skip(8);
  }
  bits.ue(); // sps_seq_parameter_set_id
  const chromaFormat = bits.ue();
  if (chromaFormat === 3) bits.skip(1);
  const width = bits.ue();
  const height = bits.ue();
  if (bits.bit()) for (let i = 0; i < 4; i++) bits.ue(); // conformance window
  const bitDepthLuma = bits.ue() + 8;
  const bitDepthChroma = bits.ue() + 8;
  return { profileTierLevel, chromaFormat, bitDepthLuma, bitDepthChroma, width, height, temporalLayers: maxSubLayersMinus1 + 1, temporalIdNested: (first & 1) === 1 };
}

/** HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3) for these parameter sets, 4-byte NAL lengths. */
export function decoderConfiguration(vps: Buffer, sps: Buffer, pps: Buffer): Buffer {
  const facts = readSps(sps);
  const head = Buffer.alloc(23);
  head[0] = 1; // configurationVersion
  facts.profileTierLevel.copy(head, 1, 0, 12);
  head.writeUInt16BE(0xf000, 13); // reserved, min_spatial_segmentation_idc 0
  head[15] = 0xfc; // reserved, parallelismType 0 (unknown)
  head[16] = 0xfc | (facts.chromaFormat & 3);
  head[17] = 0xf8 | ((facts.bitDepthLuma - 8) & 7);
  head[18] = 0xf8 | ((facts.bitDepthChroma - 8) & 7);
  head.writeUInt16BE(0, 19); // avgFrameRate unspecified
  // constantFrameRate 0, numTemporalLayers, temporalIdNested, lengthSizeMinusOne 3
  head[21] = ((facts.temporalLayers & 7) << 3) | ((facts.temporalIdNested ? 1 : 0) << 2) | 3;
  head[22] = 3; // numOfArrays
  const arrays = [vps, sps, pps].map((nal) => {
    const entry = Buffer.alloc(5);
    entry[0] = 0x80 | nalType(nal); // array_completeness 1
    entry.writeUInt16BE(1, 1);
    entry.writeUInt16BE(nal.length, 3);
    return Buffer.concat([entry, nal]);
  });
  return Buffer.concat([head, ...arrays]);
}

function videoTag(keyframe: boolean, packetType: 0 | 1, timestamp: number, body: Buffer): FlvTag {
  const head = Buffer.from([((keyframe ? 1 : 2) << 4) | CODEC_HEVC, packetType, 0, 0, 0]);
  return { type: TAG_VIDEO, timestamp, data: Buffer.concat([head, body]) };
}

/**
 * Annex B in, FLV tags out. Pictures are stamped frame by frame at `fps` (the stream carries no
 * timestamps of its own; the encoder is set up without B-frames, so decode order is display order).
 */
export class HevcFlvPackager {
  readonly #reader = new AnnexBReader();
  readonly #frameMs: number;
  #unit: Buffer[] = [];
  #hasVcl = false;
  #params: { vps?: Buffer; sps?: Buffer; pps?: Buffer } = {};
  /** A parameter set arrived since the record was last built (they repeat at every key picture). */
  #paramsChanged = false;
  #config: Buffer | null = null;
  #frames = 0;

  constructor(fps: number) {
    this.#frameMs = 1000 / fps;
  }

  push(chunk: Buffer): FlvTag[] {
    return this.#take(this.#reader.push(chunk));
  }

  /** Everything still held, once the stream has ended. */
  flush(): FlvTag[] {
    const tags = this.#take(this.#reader.flush());
    return [...tags, ...this.#finishUnit()];
  }

  #take(nals: Buffer[]): FlvTag[] {
    const tags: FlvTag[] = [];
    for (const nal of nals) {
      const type = nalType(nal);
      // A new access unit starts at an access unit delimiter, parameter sets or a prefix SEI after a
      // picture, or at the first slice of the next picture.
      const firstSlice = isVcl(type) && ((nal[2] ?? 0) & 0x80) !== 0;
      if (this.#hasVcl && (type === NAL_AUD || type === NAL_VPS || type === NAL_SPS || type === NAL_PPS || type === NAL_PREFIX_SEI || firstSlice)) tags.push(...this.#finishUnit());
      if (type === NAL_AUD) continue;
      const param = type === NAL_VPS ? 'vps' : type === NAL_SPS ? 'sps' : type === NAL_PPS ? 'pps' : null;
      if (param) {
        if (!this.#params[param]?.equals(nal)) this.#paramsChanged = true;
        this.#params[param] = nal;
      } else {
        this.#unit.push(nal);
        if (isVcl(type)) this.#hasVcl = true;
      }
    }
    return tags;
  }

  #finishUnit(): FlvTag[] {
    if (!this.#hasVcl) return [];
    const tags: FlvTag[] = [];
    const { vps, sps, pps } = this.#params;
    const keyframe = this.#unit.some((nal) => isIrap(nalType(nal)));
    const timestamp = Math.round(this.#frames * this.#frameMs);
    if (vps && sps && pps && this.#paramsChanged) {
      this.#paramsChanged = false;
      this.#config = decoderConfiguration(vps, sps, pps);
      tags.push(videoTag(true, 0, 0, this.#config));
    }
    // Pictures before the first parameter sets cannot be decoded by anyone: dropped.
    if (this.#config) {
      const body = Buffer.concat(this.#unit.flatMap((nal) => [lengthOf(nal), nal]));
      tags.push(videoTag(keyframe, 1, timestamp, body));
      this.#frames += 1;
    }
    this.#unit = [];
    this.#hasVcl = false;
    return tags;
  }
}

function lengthOf(nal: Buffer): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(nal.length);
  return out;
}
