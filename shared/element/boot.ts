// What every kit entry runs first: the infrastructure tags and window.Atrium (draining the
// configure() calls that atrium.js or an entry stub queued before the kit arrived).
import { configure } from './configure.ts';
import { defineCoreElements } from './core-elements.ts';
import { kitConfig } from '../kit.ts';

export interface AtriumGlobal {
  configure: typeof configure;
  version: string;
  /** configure() calls made before the kit arrived. */
  __queue?: Parameters<typeof configure>[0][];
}

declare global {
  interface Window {
    Atrium?: AtriumGlobal;
  }
}

export const KIT_VERSION = '2.17.0';

defineCoreElements();

// An embedding page is the host's: a forced logout shows the SPEC §8 dialog and the widgets' sign-in
// prompt, but does not reload the page unless the host asks (configure({ reloadOnLogout: true })).
kitConfig.reloadOnLogout = false;
kitConfig.embedded = true;

const pending = window.Atrium?.__queue ?? [];
if (!window.Atrium || window.Atrium.__queue) window.Atrium = { configure, version: KIT_VERSION };
for (const options of pending) configure(options);

export { configure };
