// Every declared API operation, by domain: the conformance suite (tests/conformance) walks these, the
// server registers them (each route file imports its own domain's module).
import type { Operation } from './operation.ts';
import { ops as alarm } from './alarm.ts';
import { ops as alarmEventType } from './alarm-event-type.ts';
import { ops as alarmStats } from './alarm-stats.ts';
import { ops as alarmBreakdown } from './alarm-breakdown.ts';
import { ops as alarmRule } from './alarm-rule.ts';
import { ops as portalToken } from './portal-token.ts';
import { ops as oauth } from './oauth.ts';
import { ops as auth } from './auth.ts';
import { ops as currentUser } from './current-user.ts';
import { ops as customData } from './custom-data.ts';
import { ops as dataGroup } from './data-group.ts';
import { ops as device } from './device.ts';
import { ops as deviceAdmin } from './device-admin.ts';
import { ops as deviceModel } from './device-model.ts';
import { ops as directory } from './directory.ts';
import { ops as gatewayPoint } from './gateway-point.ts';
import { ops as monitor } from './monitor.ts';
import { ops as points } from './points.ts';
import { ops as relation } from './relation.ts';
import { ops as scada } from './scada.ts';

// The admin domains (CONVERT-ADMIN).
import { ops as admin } from './admin.ts';
import { ops as attendance } from './attendance.ts';
import { ops as clientError } from './client-error.ts';
import { ops as document } from './document.ts';
import { ops as job } from './job.ts';
import { ops as menu } from './menu.ts';
import { ops as notify } from './notify.ts';
import { ops as opLog } from './op-log.ts';
import { ops as progress } from './progress.ts';
import { ops as role } from './role.ts';
import { ops as tenant } from './tenant.ts';
import { ops as user } from './user.ts';
import { ops as voucher } from './voucher.ts';
import { ops as workflow } from './workflow.ts';
import { ops as linkage } from './linkage.ts';

// The camera domains (C-VIDEO).
import { ops as videoPlay } from './video-play.ts';
import { ops as video } from './video.ts';

export const DOMAINS: Readonly<Record<string, Readonly<Record<string, Operation>>>> = { alarm, alarmEventType, alarmStats, alarmBreakdown, alarmRule, portalToken, oauth, auth, currentUser, customData, dataGroup, device, deviceAdmin, deviceModel, directory, gatewayPoint, monitor, points, relation, scada, admin, clientError, document, job, menu, notify, opLog, progress, role, tenant, user, voucher, attendance, workflow, linkage, videoPlay, video };

/** Every declared operation. */
export const OPERATIONS: readonly Operation[] = Object.values(DOMAINS).flatMap((ops) => Object.values(ops));

export type { Operation } from './operation.ts';
export { Envelope, ErrorEnvelope, ERROR_CODES } from './envelope.ts';
