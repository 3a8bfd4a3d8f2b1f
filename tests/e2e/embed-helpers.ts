// Shared by the embed-* specs: sign in as a portal would, and look inside widgets' shadow roots.
import type { Locator, Page } from '@playwright/test';
import { login } from '../../demo/server/testing.ts';

export const signIn = (base: string, username = 'admin', password = 'admin123'): Promise<string> => login(base, username, password, '4242');

/** Every <video> of a player element: decoded width and current time. */
export const videos = (player: Locator) =>
  player.evaluate((el) => [...(el.shadowRoot?.querySelectorAll('video') ?? [])].map((v) => ({ width: v.videoWidth, time: v.currentTime })));

/** How often each kit file was fetched (resource timing), keyed by path without the query. */
export const kitFetches = (page: Page) =>
  page.evaluate(() => {
    const counts: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource')) {
      const url = new URL(entry.name);
      if (url.pathname.startsWith('/widgets/')) counts[url.pathname + url.search] = (counts[url.pathname + url.search] ?? 0) + 1;
    }
    return counts;
  });

/** Counts customElements.define per tag from the first script on (an init script). */
export const COUNT_DEFINES = () => {
  const counts: Record<string, number> = {};
  (window as unknown as { __defines: Record<string, number> }).__defines = counts;
  const original = customElements.define.bind(customElements);
  customElements.define = (name: string, ctor: CustomElementConstructor, options?: ElementDefinitionOptions) => {
    counts[name] = (counts[name] ?? 0) + 1;
    original(name, ctor, options);
  };
};
