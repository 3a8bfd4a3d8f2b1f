import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampSpeed, PtzControl, type PtzCommand } from './ptz.ts';

let sent: PtzCommand[];
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => vi.useRealTimers());

const control = (delayMs = 10) =>
  new PtzControl({ send: (c) => new Promise((r) => setTimeout(() => r(sent.push(c)), delayMs)) });

describe('pan-tilt press and hold', () => {
  it('starts on press, renews while held, stops on release, with run time 500 and the chosen speed', async () => {
    const ptz = control();
    ptz.speed = 6;
    ptz.press(4);
    await vi.advanceTimersByTimeAsync(1300);
    ptz.release();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent[0]).toEqual({ action: 4, start: 0, speed: 6, runTime: 500 });
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.slice(0, -1).every((c) => c.start === 0)).toBe(true);
    expect(sent.at(-1)).toEqual({ action: 4, start: 1, speed: 6, runTime: 500 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.at(-1)!.start).toBe(1);
  });

  it('never lets a stop overtake its start, even on a quick tap with a slow network', async () => {
    const ptz = new PtzControl({ send: (c) => new Promise((r) => setTimeout(() => r(sent.push(c)), c.start === 0 ? 300 : 1)) });
    ptz.press(1);
    ptz.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((c) => c.start)).toEqual([0, 1]);
  });

  it('switching to another button stops the first motion', async () => {
    const ptz = control();
    ptz.press(1);
    ptz.press(2);
    ptz.release();
    await vi.advanceTimersByTimeAsync(200);
    expect(sent.map((c) => `${c.action}:${c.start}`)).toEqual(['1:0', '1:1', '2:0', '2:1']);
  });

  it('stops when the window loses focus or the tab hides', async () => {
    const win = new EventTarget() as unknown as Window;
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document & { visibilityState: string };
    const ptz = control();
    const unguard = ptz.guard(win, doc);
    ptz.press(3);
    win.dispatchEvent(new Event('blur'));
    ptz.press(5);
    (doc as { visibilityState: string }).visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((c) => `${c.action}:${c.start}`)).toEqual(['3:0', '3:1', '5:0', '5:1']);
    unguard();
  });

  it('keeps the speed within 1 to 7', () => {
    expect([0, 1, 4.4, 7, 12, Number.NaN].map(clampSpeed)).toEqual([1, 1, 4, 7, 7, 1]);
  });
});
