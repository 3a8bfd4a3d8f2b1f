// The values of a scada page's bindings: one request per page per browser tab every LIVE_POLL_MS,
// however many elements (and however many views of the same page) the tab shows. Polls pause while
// the tab is hidden and resume at once when it shows again; the last view to go stops them.
import { useMemo, useSyncExternalStore } from 'react';
import { scadaLive } from '../../shared/api/scada.ts';
import { http } from '../../shared/http/index.ts';
import { singleton } from '../../shared/kit.ts';
import { EMPTY_LIVE, indexLive, type LiveIndex } from './scada-canvas.tsx';

/** Polling period: with the answer's time, a new value shows well within a second of the simulator's write. */
export const LIVE_POLL_MS = 750;

interface Feed {
  subscribe: (listener: () => void) => () => void;
  get: () => LiveIndex;
  /** Ask again now (after a write), without waiting for the next tick. */
  kick: () => void;
}

const feeds = singleton('scada-live-feeds', () => new Map<string, Feed>());
let running = 0;

function feedOf(pageId: number, draft: boolean): Feed {
  const key = `${pageId}/${draft ? 'draft' : 'published'}`;
  const known = feeds.get(key);
  if (known) return known;
  let value: LiveIndex = EMPTY_LIVE;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let abort: AbortController | null = null;

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
  };
  const tick = async () => {
    timer = null;
    if (listeners.size === 0 || document.visibilityState === 'hidden') return; // visibilitychange resumes
    abort = new AbortController();
    try {
      value = indexLive(await scadaLive(http, pageId, draft, abort.signal), value);
      for (const listen of listeners) listen();
    } catch {
      /* the next tick tries again; a signed-out session stops at the widget's gate */
    } finally {
      abort = null;
    }
    if (listeners.size > 0) schedule(LIVE_POLL_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && listeners.size > 0 && !timer && !abort) schedule(0);
  };

  const feed: Feed = {
    get: () => value,
    kick: () => {
      if (!abort) schedule(0);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) {
        running++;
        document.addEventListener('visibilitychange', onVisible);
        schedule(0);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        running--;
        if (timer) clearTimeout(timer);
        timer = null;
        abort?.abort();
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
  };
  feeds.set(key, feed);
  return feed;
}

const idle: Feed = { subscribe: () => () => undefined, get: () => EMPTY_LIVE, kick: () => undefined };

/** The live values of a page (null id: none), and a function that asks again at once. */
export function useScadaLive(pageId: number | null, draft = false): [LiveIndex, () => void] {
  const feed = useMemo(() => (pageId === null ? idle : feedOf(pageId, draft)), [pageId, draft]);
  const value = useSyncExternalStore(feed.subscribe, feed.get);
  return [value, feed.kick];
}

/** Feeds polling in this tab now (one per page, however many views of it). */
export const runningFeeds = (): number => running;
