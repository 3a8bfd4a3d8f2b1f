// MD5 (RFC 1321) over the UTF-8 bytes of a string, lowercase hex. Written here rather than taken from
// js-md5 because the signing hash rides in every widget's core chunk: this is ~1 KB gzip, js-md5 ~10 KB.
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0;

export function md5(input: string): string {
  const bytes = new TextEncoder().encode(input);
  const words = (((bytes.length + 8) >>> 6) + 1) * 16;
  const m = new Int32Array(words);
  for (let i = 0; i < bytes.length; i++) m[i >> 2]! |= bytes[i]! << ((i % 4) * 8);
  m[bytes.length >> 2]! |= 0x80 << ((bytes.length % 4) * 8);
  m[words - 2] = bytes.length * 8;
  m[words - 1] = Math.floor((bytes.length * 8) / 2 ** 32);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let off = 0; off < words; off += 16) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + K[i]! + m[off + g]!) | 0;
      const s = S[round * 4 + (i % 4)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0]) {
    for (let i = 0; i < 4; i++) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}
