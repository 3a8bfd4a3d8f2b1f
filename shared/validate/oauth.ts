// Field rules of a third-party sign-in platform (oauth2Manager), shared by the console's page and the
// API contract (shared/contract/oauth.ts takes its bounds from OAUTH_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import { length, required } from './text.ts';

export const OAUTH_BOUNDS = {
  name: [1, 50],
  clientId: [1, 200],
  /** Required when adding (1 to 500); '' when editing keeps the stored one. */
  clientSecret: [0, 500],
  issuer: [1, 500],
  /** The endpoints that override the discovered ones ('' : discovered). */
  endpoint: [0, 500],
  scopes: [1, 200],
} as const;
const B = OAUTH_BOUNDS;

/** Adding a platform: the client secret is required. */
export const oauthPlatformSchema = {
  name: [required(), length(...B.name)],
  clientId: [required(), length(...B.clientId)],
  clientSecret: [required(), length(1, B.clientSecret[1])],
  issuer: [required(), length(...B.issuer)],
  scopes: [required(), length(...B.scopes)],
} as const satisfies Schema;

/** Editing one: a client secret left empty keeps the stored one. */
export const oauthPlatformEditSchema = {
  ...oauthPlatformSchema,
  clientSecret: [length(...B.clientSecret)],
} as const satisfies Schema;
