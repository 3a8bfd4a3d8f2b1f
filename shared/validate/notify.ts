// Field rules of the notification channel form, shared by the console's page and the API contract
// (shared/contract/notify.ts takes its bounds from NOTIFY_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import type { MessageKey } from './keys.ts';
import { bounded, charLength, type Rule } from './message.ts';
import { length, required } from './text.ts';

export const NOTIFY_BOUNDS = {
  name: [1, 30],
  /** An SMS template (SPEC §5: 1 to 30 characters; the form lets it be empty, the platform asks for it). */
  template: [0, 30],
  /** A webhook's signing secret (the platform asks for at least 16 when a webhook is saved). */
  secret: [0, 64],
} as const;
const B = NOTIFY_BOUNDS;

/** The SMS template's length, trimmed; the message is the page's hint (which names the placeholders too). */
export const smsTemplate = (): Rule => {
  const [min, max] = B.template;
  return bounded((value) => (typeof value !== 'string' || charLength(value.trim()) <= max ? null : { key: 'notify.hint.template' as MessageKey }), { of: 'length', min, max });
};

export const notifyChannelSchema = {
  name: [required(), length(...B.name)],
  kind: [required()],
  template: [smsTemplate()],
  secret: [length(...B.secret)],
} as const satisfies Schema;
