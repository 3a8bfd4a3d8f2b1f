// Every declared API operation, by domain: the conformance suite (tests/conformance) walks these, the
// server registers them (each route file imports its own domain's module).
import type { Operation } from './operation.ts';
import { ops as alarm } from './alarm.ts';
import { ops as currentUser } from './current-user.ts';
import { ops as customData } from './custom-data.ts';
import { ops as dataGroup } from './data-group.ts';
import { ops as device } from './device.ts';
import { ops as directory } from './directory.ts';
import { ops as gatewayPoint } from './gateway-point.ts';
import { ops as monitor } from './monitor.ts';
import { ops as points } from './points.ts';
import { ops as relation } from './relation.ts';

export const DOMAINS: Readonly<Record<string, Readonly<Record<string, Operation>>>> = { alarm, currentUser, customData, dataGroup, device, directory, gatewayPoint, monitor, points, relation };

/** Every declared operation. */
export const OPERATIONS: readonly Operation[] = Object.values(DOMAINS).flatMap((ops) => Object.values(ops));

export type { Operation } from './operation.ts';
export { Envelope, ErrorEnvelope, ERROR_CODES } from './envelope.ts';
