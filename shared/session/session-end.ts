// The end of an embedded session (issue 41), loaded when it is first needed: the events the host page
// hears, Atrium.signOut() and the sign-out that reaches the page's other tabs. It imports nothing: what
// it acts on comes from actions.ts, so it stays one small chunk beside the kit's core.
import type { SessionEndReason } from './actions.ts';

export interface SessionEndDeps {
  /** Drops the token and shows the session-expired dialog (the host did not take over). */
  expiredDialog(): void;
  /** Revokes this tab's token and forgets the session. */
  logout(reason: SessionEndReason): Promise<void>;
  hasToken(): boolean;
  /** The widgets wait quietly for a token from the host (true) or show their sign-in state (false). */
  awaitHost(waiting: boolean): void;
  reloadOnLogout(): boolean;
}

/** Dispatches a kit event on the host document; false when a listener cancelled it. */
export function emitHost(type: 'atrium-session-expired' | 'atrium-signed-out', detail: { reason: SessionEndReason }, cancelable: boolean): boolean {
  return document.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}

/**
 * After the kit dropped a refused token: `atrium-session-expired` (cancellable) on the host document.
 * A host that cancels it hands in a fresh token (Atrium.setToken) and the widgets wait for it quietly;
 * otherwise the session-expired dialog shows, the widgets their sign-in state, and `atrium-signed-out` follows.
 */
export function afterExpiry(deps: SessionEndDeps): void {
  if (!emitHost('atrium-session-expired', { reason: 'expired' }, true)) return;
  deps.awaitHost(false);
  deps.expiredDialog();
  emitHost('atrium-signed-out', { reason: 'expired' }, false);
  if (deps.reloadOnLogout()) location.reload();
}

let channel: BroadcastChannel | null = null;

/**
 * Atrium.signOut(): ends the session on the platform and here, and in every other tab of this origin
 * that runs the kit (BroadcastChannel): each revokes its own token and shows its sign-in state.
 */
export async function signOutEverywhere(deps: SessionEndDeps): Promise<void> {
  channel?.postMessage('signed-out');
  await deps.logout('sign-out');
}

/** A sign-out in another tab of this origin ends this tab's session too. */
export function followSignOutAcrossTabs(deps: SessionEndDeps): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('atrium-session');
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === 'signed-out' && deps.hasToken()) void deps.logout('other-tab');
  };
}
