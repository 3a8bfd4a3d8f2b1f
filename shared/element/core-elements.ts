// The kit's infrastructure tags: <atrium-notices> (toasts and dialogs) and <atrium-session>.
import { defineWidget } from './define-widget.tsx';
import { Notices } from './notices.tsx';
import { NOTICES_TAG } from './notices-mount.ts';
import { defineSessionElement } from './session-element.ts';

export function defineCoreElements(): void {
  defineWidget({ tag: NOTICES_TAG, component: Notices, props: {}, requiresSession: false });
  defineSessionElement();
}
