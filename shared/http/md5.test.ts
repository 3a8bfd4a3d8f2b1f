import { describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { md5 } from './md5.ts';

const reference = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('hashes the UTF-8 bytes of any text, at every length around the block edges', () => {
    for (let len = 0; len < 200; len++) {
      const text = randomBytes(len).toString('base64').slice(0, len) + (len % 3 === 0 ? '告警中文' : '');
      expect(md5(text)).toBe(reference(text));
    }
  });
});
