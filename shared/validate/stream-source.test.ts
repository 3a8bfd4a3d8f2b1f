// The camera source rule the form and the server share: stream protocols with a host only.
import { describe, expect, it } from 'vitest';
import { streamSource } from './index.ts';

describe('streamSource', () => {
  const check = streamSource();
  it('takes rtsp, rtsps, rtmp, rtmps and http(s) URLs with a host, and an empty field', () => {
    for (const ok of ['', 'rtsp://cam:secret@192.168.1.64:554/Streaming/Channels/101', 'rtsps://cam.example.com/a', 'rtmp://cam.example.com/live/1', 'rtmps://cam.example.com/live/1', 'http://cam.example.com/a.flv', 'https://cam.example.com/a.flv']) expect(check(ok, {}), ok).toBeNull();
  });
  it('refuses other schemes, bare text and URLs without a host', () => {
    for (const bad of ['ftp://cam.example.com/a', 'file:///etc/passwd', 'data:text/plain,x', 'javascript:alert(1)', 'srt://cam.example.com:9000', '192.168.1.64/h264', 'rtsp://', 'rtsp:///h264']) expect(check(bad, {}), bad).toEqual({ key: 'validate.source.scheme' });
  });
});
