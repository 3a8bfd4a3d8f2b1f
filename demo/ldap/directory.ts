// The demo's company directory: a real LDAP server (ldapjs) on its own port (ATRIUM_LDAP_PORT, default
// 1389) holding people and groups that are not Atrium accounts. A read-only service account searches;
// people bind with their own passwords; a disabled person cannot bind. Tests can take it down and up,
// and disable a person, to see what sign-in says.
import ldap from 'ldapjs';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';

export const DIRECTORY_BASE = 'dc=demo,dc=atrium';
export const DIRECTORY_READER = { dn: `cn=reader,${DIRECTORY_BASE}`, password: 'reader-secret' } as const;

interface Entry {
  dn: string;
  attributes: Record<string, string[]>;
  password?: string;
}

/** The directory's people and groups (README "Directory sign-in"). */
function seedEntries(): Entry[] {
  const person = (uid: string, cn: string, mail: string, password: string, groups: string[]): Entry => ({
    dn: `uid=${uid},ou=people,${DIRECTORY_BASE}`,
    password,
    attributes: {
      objectclass: ['top', 'person', 'inetOrgPerson'],
      uid: [uid],
      cn: [cn],
      sn: [cn.split(' ').pop()!],
      mail: [mail],
      memberof: groups.map((g) => `cn=${g},ou=groups,${DIRECTORY_BASE}`),
      accountstatus: ['active'],
    },
  });
  const group = (cn: string, members: string[]): Entry => ({
    dn: `cn=${cn},ou=groups,${DIRECTORY_BASE}`,
    attributes: { objectclass: ['top', 'groupOfNames'], cn: [cn], member: members.map((m) => `uid=${m},ou=people,${DIRECTORY_BASE}`) },
  });
  return [
    { dn: DIRECTORY_BASE, attributes: { objectclass: ['top', 'domain'], dc: ['demo'] } },
    { dn: `ou=people,${DIRECTORY_BASE}`, attributes: { objectclass: ['top', 'organizationalUnit'], ou: ['people'] } },
    { dn: `ou=groups,${DIRECTORY_BASE}`, attributes: { objectclass: ['top', 'organizationalUnit'], ou: ['groups'] } },
    person('dir.operator', 'Dora Directory', 'dora@demo-building.example', 'dir123', ['operators']),
    person('dir.viewer', 'Victor Directory', 'victor@demo-building.example', 'dir123', ['viewers']),
    group('operators', ['dir.operator']),
    group('viewers', ['dir.viewer']),
  ];
}

/** A DN compared as LDAP does for these simple names: case and spaces after commas do not matter. */
const norm = (dn: string): string => dn.toLowerCase().replace(/\s*,\s*/g, ',').trim();

export interface Directory {
  port: number;
  url: string;
  /** Takes the server down (connections refused) or brings it back on the same port. */
  setUp(up: boolean): Promise<void>;
  /** Disables or enables a person (a disabled person cannot bind). */
  setDisabled(uid: string, disabled: boolean): boolean;
  close(): Promise<void>;
}

// The parts of ldapjs's server this directory uses (its published types describe the client).
interface Req {
  dn: { toString(): string };
  credentials?: unknown;
  scope?: unknown;
  attributes?: string[];
  filter: { matches(attributes: object): boolean };
  connection: { ldap: { bindDN?: { toString(): string } | null } };
}
interface Res {
  /** The attributes asked for, which ldapjs compares with lower-cased names. */
  attributes: string[];
  end(): void;
  send(entry: object): void;
}
type Next = (error?: unknown) => void;
type Handler = (req: Req, res: Res, next: Next) => unknown;
interface LdapServer {
  bind(base: string, handler: Handler): void;
  search(base: string, handler: Handler): void;
  listen(port: number, host: string, done: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  server: NetServer;
}

function buildServer(entries: Entry[]): LdapServer {
  const server = ldap.createServer() as unknown as LdapServer;
  const byDn = () => new Map(entries.map((e) => [norm(e.dn), e]));

  server.bind(DIRECTORY_BASE, (req, res, next) => {
    const dn = norm(req.dn.toString());
    const password = String(req.credentials ?? '');
    if (dn === norm(DIRECTORY_READER.dn)) {
      if (password !== DIRECTORY_READER.password) return next(new ldap.InvalidCredentialsError());
      res.end();
      return next();
    }
    const entry = byDn().get(dn);
    if (!entry?.password || entry.password !== password || entry.attributes.accountstatus?.[0] === 'disabled') return next(new ldap.InvalidCredentialsError());
    res.end();
    return next();
  });

  server.search(DIRECTORY_BASE, (req, res, next) => {
    // Only the service account searches.
    const bound = norm(String(req.connection.ldap.bindDN ?? ''));
    if (bound !== norm(DIRECTORY_READER.dn)) return next(new ldap.InsufficientAccessRightsError());
    const base = norm(req.dn.toString());
    const scope = String(req.scope);
    // Names are case-insensitive in LDAP; ldapjs compares each entry's lower-cased names with this list.
    res.attributes = res.attributes.map((a) => a.toLowerCase());
    for (const entry of entries) {
      const dn = norm(entry.dn);
      const inScope = scope === 'base' ? dn === base : scope === 'one' ? dn.endsWith(`,${base}`) && dn.split(',').length === base.split(',').length + 1 : dn === base || dn.endsWith(`,${base}`);
      if (!inScope || !req.filter.matches(entry.attributes)) continue;
      // Attribute names are case-insensitive (the entries keep them in lower case, as ldapjs compares them).
      const asked = (req.attributes ?? []).map((a) => a.toLowerCase()).filter((a) => a !== '*');
      const attributes = asked.length ? Object.fromEntries(asked.flatMap((a) => (entry.attributes[a] ? [[a, entry.attributes[a]!]] : []))) : entry.attributes;
      res.send({ dn: entry.dn, attributes });
    }
    res.end();
    return next();
  });
  return server;
}

/** Starts the directory on `port` of 127.0.0.1 (0: a free one). */
export async function startDirectory(port: number): Promise<Directory> {
  const entries = seedEntries();
  let server: LdapServer | null = null;
  let bound = port;
  const sockets = new Set<Socket>();
  const listen = async () => {
    server = buildServer(entries);
    server.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(bound, '127.0.0.1', () => resolve());
    });
    bound = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    await new Promise<void>((resolve) => {
      s.server.close(() => resolve());
      // Open connections end too: a directory that is down answers nobody.
      for (const socket of sockets) socket.destroy();
    });
  };
  await listen();
  return {
    get port() {
      return bound;
    },
    get url() {
      return `ldap://127.0.0.1:${bound}`;
    },
    setUp: async (up) => {
      if (up && !server) await listen();
      if (!up && server) await stop();
    },
    setDisabled: (uid, disabled) => {
      const entry = entries.find((e) => e.attributes.uid?.[0] === uid);
      if (!entry) return false;
      entry.attributes.accountstatus = [disabled ? 'disabled' : 'active'];
      return true;
    },
    close: stop,
  };
}
