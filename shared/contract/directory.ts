// The directory operations (baseManager ldap): the tenant's LDAP directory that /ldap sign-in uses —
// its address, service account, search base and filter, attributes, and which directory groups give
// which roles and departments. The service account's password is write-only (sealed at rest).
import Type from 'typebox';
import { operation } from './operation.ts';
import { Strict, Text } from './fields.ts';

const TAG = 'Directory';
/** A group mapping: directory group (its cn) → a role code or department name of the tenant, at most 50. */
const GroupMap = (what: string) =>
  Type.Record(Type.String({ maxLength: 200 }), Text(1, 100), { maxProperties: 50, description: `Directory group (its cn) → ${what} of the tenant; at most 50 entries` });

const settings = {
  url: Text(0, 300, { description: "ldap:// or ldaps:// address (host and port); '' for the demo's own directory. Local and private addresses are refused unless the platform allows them." }),
  startTls: Type.Boolean({ description: 'Upgrade an ldap:// connection with StartTLS' }),
  bindDn: Text(1, 300, { description: "The service account's DN, which searches the person" }),
  baseDn: Text(1, 300, { description: 'Where people are searched' }),
  userFilter: Text(3, 300, { description: 'An LDAP filter in parentheses with {username} where the typed name goes (escaped)' }),
  nameAttr: Text(1, 64),
  mailAttr: Text(1, 64),
  groupRoles: GroupMap('role code'),
  enabled: Type.Boolean(),
};

export const DirectorySettings = Strict({
  ...settings,
  bindPassword: Type.Optional(Text(0, 200, { description: "Write-only: empty or left out keeps the stored one (required once for a directory that is not the demo's)" })),
  groupDepartments: Type.Optional(GroupMap('department name (the first of the person\'s groups that has one wins)')),
});

export const DirectoryAnswer = Strict({
  ...settings,
  groupDepartments: GroupMap('department name'),
  hasPassword: Type.Boolean({ description: 'Whether a service account password is stored (never the password itself)' }),
});

const sample = {
  url: 'ldaps://ldap.example.com:636',
  startTls: false,
  bindDn: 'cn=svc,dc=example',
  baseDn: 'ou=people,dc=example',
  userFilter: '(uid={username})',
  nameAttr: 'cn',
  mailAttr: 'mail',
  groupRoles: { operators: 'operator' },
  enabled: true,
};

export const ops = {
  read: operation({
    method: 'GET',
    path: '/api/admin/ldap',
    rights: { menu: 'baseInfo' },
    tag: TAG,
    summary: "The tenant's directory settings (null when none)",
    description: 'Never the service account password, only whether one is stored.',
    data: Type.Union([DirectoryAnswer, Type.Null()]),
    examples: { data: { ...sample, groupDepartments: {}, hasPassword: true } },
  }),
  save: operation({
    method: 'PUT',
    path: '/api/admin/ldap',
    rights: { menu: 'baseInfo' },
    tag: TAG,
    summary: "Saves the tenant's directory settings",
    description:
      'Refused naming the field: an address that is not ldap:// or ldaps://, or points to this machine or a private network; a filter without {username} in parentheses; a role code or department in a mapping that the tenant does not have; no service account password for a directory of its own.',
    body: DirectorySettings,
    data: DirectoryAnswer,
    examples: { body: { ...sample, bindPassword: 'svc-secret' }, data: { ...sample, groupDepartments: {}, hasPassword: true } },
  }),
};
