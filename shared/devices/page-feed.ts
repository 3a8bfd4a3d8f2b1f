// The page's one StatusFeed over the kit's signed client, paused while the tab is hidden, signed
// out, or refreshing its token. Kept in the kit registry so a bundle loaded twice still polls once.
import { singleton } from '../kit.ts';
import { http } from '../http/index.ts';
import { session } from '../session/store.ts';
import { StatusFeed, type FeedEnv } from './status-feed.ts';

const browserEnv: FeedEnv = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onVisibility: (fn) => {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', fn);
    return () => document.removeEventListener('visibilitychange', fn);
  },
  paused: () => !session.token || session.tokenOverdueFlag,
};

export const pageStatusFeed = (): StatusFeed => singleton('device-status-feed', () => new StatusFeed(http, browserEnv));
