// The kit's one registry on globalThis: a page that loads the bundle twice still shares one
// configuration, one session and one set of pollers, and defines each tag once.
const KEY = Symbol.for('atrium');

interface Registry {
  singletons: Map<string, unknown>;
}

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  let reg = g[KEY];
  if (!reg) {
    reg = { singletons: new Map() };
    g[KEY] = reg;
  }
  return reg;
}

/** Returns the page-wide instance for `key`, creating it with `make` the first time. */
export function singleton<T>(key: string, make: () => T): T {
  const map = registry().singletons;
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as T;
}

/** Where the kit finds its platform; set by `Atrium.configure` or `<atrium-session>`. */
export interface KitConfig {
  /** Origin (and optional path) of the API; '' means the page's own origin. */
  apiBase: string;
  /** Origin of the media server; '' means derive from the play response. */
  mediaBase: string;
  /** Reload the page after a forced logout (the console does; embedding hosts decide). */
  reloadOnLogout: boolean;
  /** Set by the widget kit's boot: the page belongs to a host, so the kit leaves its title alone. */
  embedded: boolean;
}

export const kitConfig: KitConfig = singleton<KitConfig>('config', () => ({
  apiBase: '',
  mediaBase: '',
  reloadOnLogout: true,
  embedded: false,
}));

/**
 * Makes sure another widget's element is defined, for a widget that shows it inside itself (a wall
 * pane's replay shows <atrium-video-player>): already defined, or loaded through the kit's public
 * entry for it, from the folder the kit was loaded from. Loading it by URL keeps the two widgets'
 * chunks apart. Outside the kit (the console), the page loads the element itself; without it this rejects.
 */
export function ensureKitElement(name: string): Promise<void> {
  const tag = `atrium-${name}`;
  if (typeof customElements !== 'undefined' && customElements.get(tag)) return Promise.resolve();
  const base = registry().singletons.get('kit-base');
  if (typeof base !== 'string') return Promise.reject(new Error(`${tag} is not available on this page`));
  return import(/* @vite-ignore */ `${base}${name}.js`).then((m: { ready?: Promise<unknown> }) => m.ready).then(() => customElements.whenDefined(tag)).then(() => undefined);
}
