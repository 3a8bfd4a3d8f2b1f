// The kit's DOM events: all `atrium-*`, bubbling and composed so a host page hears them across
// shadow roots. Each widget adds its events to this map, so listeners are typed.
import type { Device } from '../api/device-types.ts';

export interface AtriumEventMap {
  'atrium-error': { message: string; code?: number | null };
  'atrium-play': { cameraId: string; playType: number };
  'atrium-screenshot': { fileName: string };
  'atrium-alarm-open': { count: number };
  /** A poll brought an alarm newer than the newest one seen before. */
  'atrium-alarm-new': { count: number; latestId: number };
  /** Progress items were deleted (tag 1: every finished one; tag 0: the selected ones). */
  'atrium-progress-deleted': { tag: 0 | 1; deleted: number };
  'atrium-signed-in': { username: string };
  /** A device row was chosen (click, Enter or Space) in a `selectable` device list. */
  'atrium-device-select': { device: Device };
  /** A scada page's link element was followed (cancel to route in the host instead). */
  'atrium-scada-link': { pageId: number };
}

export function emit<K extends keyof AtriumEventMap>(target: EventTarget, type: K, detail: AtriumEventMap[K]): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true }));
}

/** Why a session ended: `detail` of atrium-session-expired and atrium-signed-out (on document, issue 41). */
export interface AtriumSessionEndDetail {
  reason: 'expired' | 'sign-out' | 'other-tab' | 'logged-elsewhere';
}

declare global {
  interface DocumentEventMap {
    /** The platform ended the session (cancellable: cancel it and call Atrium.setToken). */
    'atrium-session-expired': CustomEvent<AtriumSessionEndDetail>;
    /** The session ended here (Atrium.signOut, another tab, or an expiry the page did not take over). */
    'atrium-signed-out': CustomEvent<AtriumSessionEndDetail>;
  }
  interface HTMLElementEventMap {
    'atrium-error': CustomEvent<AtriumEventMap['atrium-error']>;
    'atrium-play': CustomEvent<AtriumEventMap['atrium-play']>;
    'atrium-screenshot': CustomEvent<AtriumEventMap['atrium-screenshot']>;
    'atrium-alarm-open': CustomEvent<AtriumEventMap['atrium-alarm-open']>;
    'atrium-alarm-new': CustomEvent<AtriumEventMap['atrium-alarm-new']>;
    'atrium-progress-deleted': CustomEvent<AtriumEventMap['atrium-progress-deleted']>;
    'atrium-signed-in': CustomEvent<AtriumEventMap['atrium-signed-in']>;
    'atrium-device-select': CustomEvent<AtriumEventMap['atrium-device-select']>;
    'atrium-scada-link': CustomEvent<AtriumEventMap['atrium-scada-link']>;
  }
}
