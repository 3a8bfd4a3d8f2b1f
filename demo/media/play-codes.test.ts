import { describe, expect, it } from 'vitest';
import { PlayCodeStore, type GrantInput } from './play-codes.ts';

const input: GrantInput = { cameraId: 7, tenantId: 1, userId: 3, kind: 'live', clip: 7, sourceUrl: null, startMs: null, endMs: null };

function store() {
  let now = 1_000_000;
  const codes = new PlayCodeStore({ now: () => now });
  return { codes, advance: (ms: number) => (now += ms) };
}

describe('play codes', () => {
  it('issues unguessable codes bound to camera, tenant and kind', () => {
    const { codes } = store();
    const a = codes.issue(input);
    const b = codes.issue(input);
    expect(a.code).not.toBe(b.code);
    expect(a.code.length).toBeGreaterThanOrEqual(22);
    expect(codes.verify(a.code, { cameraId: 7, kind: 'live' })).not.toBeNull();
    expect(codes.verify(a.code, { cameraId: 8, kind: 'live' })).toBeNull();
    expect(codes.verify(a.code, { cameraId: 7, kind: 'replay' })).toBeNull();
    expect(codes.verify(a.code, { cameraId: 7, kind: 'live', tenantId: 2 })).toBeNull();
    expect(codes.verify('made-up', { cameraId: 7, kind: 'live' })).toBeNull();
  });

  it('expires 10 s after issue or the last heartbeat, and heartbeats keep it alive', () => {
    const { codes, advance } = store();
    const g = codes.issue(input);
    advance(9_000);
    expect(codes.touch(g.code, 7, 1)).toBe(true);
    advance(9_000);
    expect(codes.get(g.code)).not.toBeNull();
    advance(1_000);
    expect(codes.get(g.code)).not.toBeNull();
    advance(1);
    expect(codes.get(g.code)).toBeNull();
    expect(codes.touch(g.code, 7, 1)).toBe(false);
  });

  it('refuses heartbeats and shut for another tenant or camera', () => {
    const { codes } = store();
    const g = codes.issue(input);
    expect(codes.touch(g.code, 7, 2)).toBe(false);
    expect(codes.shut(g.code, 8, 1)).toBe(false);
    expect(codes.get(g.code)).not.toBeNull();
  });

  it('tells listeners when a code is shut or swept', () => {
    const { codes, advance } = store();
    const ended: string[] = [];
    codes.onEnd((g, why) => ended.push(`${g.cameraId}:${why}`));
    const a = codes.issue(input);
    codes.issue({ ...input, cameraId: 9 });
    expect(codes.shut(a.code, 7, 1)).toBe(true);
    advance(10_001);
    codes.sweep();
    expect(ended).toEqual(['7:shut', '9:expired']);
    expect(codes.size).toBe(0);
  });
});
