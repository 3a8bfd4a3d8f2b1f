// Every declared API operation, by domain: the conformance suite (tests/conformance) walks these, the
// server registers them (each route file imports its own domain's module).
import type { Operation } from './operation.ts';
import { ops as alarm } from './alarm.ts';
import { ops as currentUser } from './current-user.ts';

export const DOMAINS: Readonly<Record<string, Readonly<Record<string, Operation>>>> = { alarm, currentUser };

/** Every declared operation. */
export const OPERATIONS: readonly Operation[] = Object.values(DOMAINS).flatMap((ops) => Object.values(ops));

export type { Operation } from './operation.ts';
export { Envelope, ErrorEnvelope, ERROR_CODES } from './envelope.ts';
