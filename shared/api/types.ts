// Request and response shapes shared by the front end and the demo platform (types only), so a
// drift between what the client sends and what the server answers breaks the build.
import type * as CurrentUser from '../contract/current-user.ts';
import type { Static } from 'typebox';
import type * as Admin from '../contract/admin.ts';
import type * as Auth from '../contract/auth.ts';
import type * as CustomData from '../contract/custom-data.ts';

/** Every /api answer (and /jwt failures) comes in this envelope (SPEC §3, §8). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  token_type?: string;
}

/** Envelope codes the platform uses (SPEC §8). */
export type EnvelopeCode = 0 | -1 | 40101 | 40102 | 40103 | 40301 | 40401 | 40403;

// The sign-in shapes come from their declarations (shared/contract/auth.ts): types only.
/** 'ldap' signs in with a directory account (the /ldap page). */
export type LoginModel = (typeof Auth.LOGIN_MODELS)[number];

/** POST /jwt/token. For model "sms" username is the phone and verifyCode the SMS code. */
export type LoginPayload = Static<typeof Auth.LoginPayload>;

/** POST /jwt/token and GET /jwt/refresh on success: exactly this, no envelope. */
export type LoginResponse = Static<typeof Auth.LoginResponse>;

/** GET /jwt/user (data of the envelope). */
export type JwtUser = Static<typeof Auth.JwtUser>;

/** A menu right the user holds; `menu` is the display name in the caller's language (shared/contract/admin.ts). */
export type MenuItem = Static<typeof Admin.MenuItem>;

export type ElementCode = 'progress:view' | 'progress:del' | 'video:play' | 'video:replay' | 'video:manage';

export type ElementItem = Static<typeof Admin.ElementItem>;

export type TenantType = 'enterprise' | 'personal';

/** GET /api/admin/user/front/info: the signed-in user with the rights of all their roles. */
export type UserInfo = Static<typeof Admin.UserInfo>;

/** GET /api/admin/tenant/detail answers a list of these. */
export type TenantDetail = Static<typeof Admin.TenantDetail>;

/** One stored custom-data entry (e.g. key videoWallConfig, value a JSON string); shapes from shared/contract/custom-data.ts. */
export type CustomDataItem = Static<typeof CustomData.CustomDataItem>;
/** POST /api/admin/custom/data. */
export type CustomDataCreate = Static<typeof CustomData.CustomDataCreate>;
/** PUT /api/admin/custom/data. */
export type CustomDataUpdate = Static<typeof CustomData.CustomDataUpdate>;

/** GET /api/admin/user/cur-user/info. */
export type CurrentUserInfo = Static<typeof CurrentUser.CurrentUserInfo>;

/** PUT /api/admin/user/cur-user/info. */
export type CurrentUserUpdate = Static<typeof CurrentUser.CurrentUserUpdate>;

/** POST /api/admin/user/cur-user/update-password. */
export type PasswordChange = Static<typeof CurrentUser.PasswordChange>;

/** POST /api/admin/user/cur-user/avatar (multipart, one file) answers this. */
export type AvatarResult = Static<typeof CurrentUser.AvatarResult>;

/** POST /__test/faults (test-only fault switch, enabled by ATRIUM_FAULTS=1). */
export interface FaultRule {
  /** Exact request path, without query string. */
  path: string;
  /** How many of the next requests to that path are affected. */
  count: number;
  /** Envelope code to answer with HTTP 200. */
  code?: number;
  msg?: string;
  /** HTTP status to answer with instead. */
  status?: number;
  /** Delay before answering (combined with code/status, or alone to just slow the real answer). */
  delayMs?: number;
}

/** GET /__test/requests?path=… */
export interface RecordedRequests {
  path: string;
  count: number;
  requests: Array<{ method: string; at: number }>;
}
