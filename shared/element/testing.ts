// Waiting helpers for browser tests: elements render asynchronously (React roots, shadow DOM).

/** Resolves after the next frame has been painted and its tasks have run. */
export const frame = (): Promise<unknown> => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** Polls `probe` each frame until it answers something truthy, or fails after `ms`. */
export async function until<T>(probe: () => T | null | undefined | false, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await frame();
  }
}

/**
 * Moves a controlled clock (fake timers that also run on their own) `ms` ahead in steps, letting
 * the page's own async work (locks, fetches, renders) run between steps as it would in real time.
 */
export async function passTime(clock: { tickAsync(ms: number): Promise<number> }, ms: number, step = 250): Promise<void> {
  for (let left = ms; left > 0; left -= step) {
    await clock.tickAsync(Math.min(step, left));
    await frame();
  }
}
