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
