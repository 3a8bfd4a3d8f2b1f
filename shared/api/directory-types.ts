// The tenant's LDAP directory settings (baseManager ldap): GET and PUT /api/admin/ldap. The shapes come
// from their declarations (shared/contract/directory.ts): types only.
import type { Static } from 'typebox';
import type * as C from '../contract/directory.ts';

/** The directory settings a tenant edits (the PUT body); bindPassword is write-only (empty keeps the stored one). */
export type DirectorySettings = Static<typeof C.DirectorySettings>;

/** The settings as answered: never the service account's password, only whether there is one. */
export type DirectoryAnswer = Static<typeof C.DirectoryAnswer>;
