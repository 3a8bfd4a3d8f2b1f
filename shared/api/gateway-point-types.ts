// Resource (software) points of a gateway (devmng/gw, SPEC §4): the channels a gateway reads and writes,
// each used or unused, associated with a device parameter or not, and distributed to the gateway since
// its last change or not. Shared by the console and the platform.

/** AI/DI read a value (analogue / digital); AO/DO write one. */
export const POINT_KINDS = ['AI', 'DI', 'AO', 'DO'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export interface GatewayPoint {
  id: number;
  gatewayId: number;
  code: string;
  name: string;
  kind: PointKind;
  used: boolean;
  /** The device parameter it carries; null when unassociated. */
  deviceId: number | null;
  deviceCode: string;
  deviceName: string;
  paramCode: string | null;
  paramName: string;
  /** Whether the gateway has this point as it stands (false after any change until the next distribution). */
  distributed: boolean;
}

/** GET /api/gateway/{id}/points (query: page, limit, keyword, used, associated, distributed as 'true'/'false'). */
export interface GatewayPointQuery {
  page: number;
  limit: number;
  keyword?: string;
  used?: boolean;
  associated?: boolean;
  distributed?: boolean;
}

/** POST /api/gateway/{id}/point (new) and PUT /api/gateway/point/{id} (code and kind fixed once made). */
export interface GatewayPointSave {
  code: string;
  name: string;
  kind: PointKind;
  used: boolean;
  deviceId: number | null;
  paramCode: string | null;
}

/** GET /api/gateway/{id}/point/targets: the device parameters behind the gateway a point may carry. */
export interface PointTarget {
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  paramCode: string;
  paramName: string;
  access: 'r' | 'rw';
}
