// What every kit entry runs first: the infrastructure tags and window.Atrium (draining the
// configure() calls that atrium.js or an entry stub queued before the kit arrived).
import { configure, setHostToken } from './configure.ts';
import { signOutEverywhere } from '../session/actions.ts';
import { defineCoreElements } from './core-elements.ts';
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';

export interface AtriumGlobal {
  configure: typeof configure;
  /** Hands the kit a (fresh) platform token, e.g. after cancelling atrium-session-expired; `expiresIn` in seconds. */
  setToken: typeof setHostToken;
  /** Ends the session on the platform, on this page and in the page's other tabs; fires atrium-signed-out. */
  signOut: () => Promise<void>;
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
if (!window.Atrium || window.Atrium.__queue) window.Atrium = { configure, setToken: setHostToken, signOut: signOutEverywhere, version: KIT_VERSION };
for (const options of pending) configure(options);
// A token the page already holds (a same-origin page whose user signed in to the console, e.g. the
// kit's reference page /widgets/docs/): load the user as configure() would, so widgets know their rights.
if (session.token) configure({ token: session.token });

export { configure };
