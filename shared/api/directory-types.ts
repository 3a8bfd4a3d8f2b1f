// The tenant's LDAP directory settings (baseManager ldap): GET and PUT /api/admin/ldap.

/** The directory settings a tenant edits (the PUT body). */
export interface DirectorySettings {
  /** ldap:// or ldaps://; '' for the demo's own directory. */
  url: string;
  startTls: boolean;
  bindDn: string;
  /** Write-only: empty keeps the stored one. */
  bindPassword?: string;
  baseDn: string;
  /** An LDAP filter with {username} where the typed name goes (escaped). */
  userFilter: string;
  nameAttr: string;
  mailAttr: string;
  /** Directory group (its cn) → role code of the tenant. */
  groupRoles: Record<string, string>;
  /** Directory group (its cn) → department name of the tenant (the first of the person's groups that has one wins). */
  groupDepartments?: Record<string, string>;
  enabled: boolean;
}

/** The settings as answered: never the service account's password, only whether there is one. */
export type DirectoryAnswer = Omit<DirectorySettings, 'bindPassword'> & { hasPassword: boolean };
