// The page's JS heap after two forced garbage collections, in MB (two decimals): what a benchmark
// compares before and after a long run to tell growth from garbage not yet collected.
import type { Page } from 'playwright';

export async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return Math.round((heap.usedSize / 1024 / 1024) * 100) / 100;
}
