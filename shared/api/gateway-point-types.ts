// Resource (software) points of a gateway (devmng/gw, SPEC §4): the channels a gateway reads and writes,
// each used or unused, associated with a device parameter or not, and distributed to the gateway since
// its last change or not. Shared by the console and the platform.
import type { Static } from 'typebox';
import type * as C from '../contract/gateway-point.ts';

/** AI/DI read a value (analogue / digital); AO/DO write one. */
export const POINT_KINDS = ['AI', 'DI', 'AO', 'DO'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

// The shapes come from their declarations (shared/contract/gateway-point.ts): types only.
/** A point: deviceId/paramCode the parameter it carries (null when unassociated); distributed: the gateway has it as it stands. */
export type GatewayPoint = Static<typeof C.GatewayPoint>;

/** GET /api/gateway/{id}/points (query: page, limit, keyword, used, associated, distributed as 'true'/'false'). */
export type GatewayPointQuery = Static<typeof C.GatewayPointQuery>;

/** POST /api/gateway/{id}/point (new) and PUT /api/gateway/point/{id} (code and kind fixed once made). */
export type GatewayPointSave = Static<typeof C.GatewayPointSave>;

/** GET /api/gateway/{id}/point/targets: the device parameters behind the gateway a point may carry. */
export type PointTarget = Static<typeof C.PointTarget>;
