// Seed data for devices, gateways and areas: a campus for the first tenant (a few hundred devices in
// nested areas behind several gateways), a small office for the second, and on request
// (ATRIUM_SEED_DEVICES=20000) the first tenant topped up to that many devices for benchmarks.
// Values come from a seeded generator, so every fresh database holds the same devices.
import { randomUUID } from 'node:crypto';
import type { DeviceStatus } from '../../../shared/api/device-types.ts';
import type { Db } from '../db.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { nextSeq } from './device-data.ts';

interface SeedArea {
  /** The Chinese name (stored as name), and the English one (name_en, local-names.ts). */
  name: string;
  en: string;
  /** Short code used in device codes; leaves only. */
  short?: string;
  children?: SeedArea[];
}

const TENANT1_AREAS: SeedArea[] = [
  {
    name: '总部园区',
    en: 'Headquarters campus',
    children: [
      {
        name: 'A栋',
        en: 'Building A',
        children: [
          { name: 'A栋-B1机房', en: 'Building A B1 plant room', short: 'AB1' },
          { name: 'A栋-1层', en: 'Building A floor 1', short: 'A1' },
          { name: 'A栋-2层', en: 'Building A floor 2', short: 'A2' },
          { name: 'A栋-3层', en: 'Building A floor 3', short: 'A3' },
        ],
      },
      {
        name: 'B栋',
        en: 'Building B',
        children: [
          { name: 'B栋-1层', en: 'Building B floor 1', short: 'B1' },
          { name: 'B栋-2层', en: 'Building B floor 2', short: 'B2' },
        ],
      },
      { name: '地下停车场', en: 'Underground car park', short: 'P1' },
    ],
  },
  {
    name: '数据中心',
    en: 'Data centre',
    children: [
      { name: '1号机房', en: 'Server room 1', short: 'DC1' },
      { name: '2号机房', en: 'Server room 2', short: 'DC2' },
    ],
  },
];

const TENANT2_AREAS: SeedArea[] = [
  { name: '总部', en: 'Head office', children: [{ name: '一层', en: 'Ground floor', short: 'GF' }, { name: '二层', en: 'First floor', short: 'FF' }] },
];

/** Device kinds: code prefix and a display name (names follow SPEC §5 name pattern 2). */
const KINDS: ReadonlyArray<[string, string, string]> = [
  ['FCU', '风机盘管', 'Fan coil'],
  ['AHU', '空调机组', 'Air handler'],
  ['METER', '电表', 'Meter'],
  ['LIGHT', '照明回路', 'Lighting'],
  ['PUMP', '水泵', 'Pump'],
  ['DOOR', '门禁', 'Door'],
  ['SMOKE', '烟感', 'Smoke'],
  ['TEMP', '温湿度', 'Climate'],
];

/** Deterministic 32-bit generator (mulberry32), so seeds are the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

interface Leaf {
  guid: string;
  short: string;
}

function insertAreas(data: TenantData, areas: SeedArea[]): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (nodes: SeedArea[], parent: string | null): void => {
    nodes.forEach((node, i) => {
      const guid = randomUUID();
      data.run('INSERT INTO area (row_guid, tenant_id, parent_guid, name, name_en, sort) VALUES (?, $tenant, ?, ?, ?, ?)', guid, parent, node.name, node.en, i);
      if (node.children?.length) walk(node.children, guid);
      else leaves.push({ guid, short: node.short ?? `L${leaves.length + 1}` });
    });
  };
  walk(areas, null);
  return leaves;
}

function insertGateways(data: TenantData, leaves: Leaf[], count: number, prefix: string): number[] {
  const { tenantId } = data;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const leaf = leaves[i % leaves.length]!;
    const id = data.run(
      `INSERT INTO gateway (tenant_id, code, name, ip, mac, version, status, status_at, area_guid)
       VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)`,
      `${prefix}GW-${pad(n, 2)}`,
      `${prefix}IoT-Router-${pad(n, 2)}`,
      `10.${tenantId}.0.${n}`,
      `02:00:${pad(tenantId, 2)}:00:00:${pad(n, 2)}`,
      '3.4.1',
      n % 5 === 0 ? 'offline' : 'online',
      Date.now(),
      leaf.guid,
    ).lastInsertRowid;
    ids.push(Number(id));
  }
  return ids;
}

export interface SeedContext {
  leaves: Leaf[];
  gateways: number[];
}

/** Inserts devices number `from`..`to - 1` of the tenant's generated sequence; codes that exist are skipped. Answers how many were added. */
const INSERT_DEVICE = `INSERT OR IGNORE INTO device
    (tenant_id, code, name, name_en, label, address, sn, ip, mac, bus_no, port, version, status, status_seq, status_at, gateway_id, area_guid, created_at)
  VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function insertDevices(data: TenantData, ctx: SeedContext, from: number, to: number, prefix: string): number {
  const { tenantId } = data;
  const random = seededRandom(tenantId * 7919 + from);
  const seq = nextSeq(data);
  const now = Date.now();
  let added = 0;
  for (let i = from; i < to; i++) {
    const [kind, kindName, kindEn] = KINDS[i % KINDS.length]!;
    const leaf = ctx.leaves[Math.floor(i / KINDS.length) % ctx.leaves.length]!;
    const number = pad(i + 1, 5);
    const roll = random();
    const status: DeviceStatus = roll < 0.8 ? 'online' : roll < 0.95 ? 'offline' : 'unknown';
    const busNo = 1 + (i % 8);
    const station = 1 + Math.floor(i / 8) % 250;
    const result = data.run(
      INSERT_DEVICE,
      `${prefix}${kind}-${leaf.short}-${number}`,
      `${kindName}-${leaf.short}-${number}`,
      `${kindEn}-${leaf.short}-${number}`,
      `${kind.toLowerCase()}.${leaf.short.toLowerCase()}.${number}`,
      `${busNo}-${station}`,
      `SN${pad(tenantId, 2)}${pad(i + 1, 8)}`,
      `10.${tenantId}.${1 + Math.floor(i / 250) % 250}.${1 + (i % 250)}`,
      `02:${pad(tenantId, 2)}:${pad(Math.floor(i / 10000) % 100, 2)}:${pad(Math.floor(i / 100) % 100, 2)}:${pad(i % 100, 2)}:01`,
      busNo,
      502,
      `2.${i % 4}.${i % 10}`,
      status,
      seq,
      now,
      ctx.gateways.length ? ctx.gateways[i % ctx.gateways.length]! : null,
      leaf.guid,
      now,
    );
    added += Number(result.changes);
  }
  return added;
}

function loadContext(data: TenantData): SeedContext {
  // Leaves in tree order: the areas without children, as inserted.
  const leaves = data
    .all<{ guid: string; name: string }>(
      `SELECT a.row_guid AS guid, a.name FROM area a
       WHERE a.tenant_id = $tenant AND NOT EXISTS (SELECT 1 FROM area c WHERE c.parent_guid = a.row_guid AND c.tenant_id = a.tenant_id)
       ORDER BY a.rowid`,
    )
    .map((row, i) => ({ guid: row.guid, short: `X${i + 1}` }));
  const gateways = data.all<{ id: number }>('SELECT id FROM gateway WHERE tenant_id = $tenant ORDER BY id').map((r) => r.id);
  return { leaves, gateways };
}

const count = (data: TenantData, sql: string): number => data.get<{ n: number }>(sql)!.n;

export const TENANT1_DEVICES = 360;
export const TENANT2_DEVICES = 8;

/**
 * First start: areas, gateways and devices for each demo tenant that has none. Every start: when
 * `target` is set, the first tenant is topped up to that many devices.
 */
export function seedDevices(db: Db, target: number | null): void {
  // The demo tenants (the tenant table holds no tenant rows); each is then seeded through its own data.
  const tenants = db.prepare('SELECT id FROM tenant ORDER BY id').all<{ id: number }>();
  const plans: Array<[number | undefined, SeedArea[], number, number, string]> = [
    [tenants[0]?.id, TENANT1_AREAS, 6, TENANT1_DEVICES, ''],
    [tenants[1]?.id, TENANT2_AREAS, 2, TENANT2_DEVICES, 'ST-'],
  ];
  for (const [tenantId, areas, gatewayCount, deviceCount, prefix] of plans) {
    if (tenantId === undefined) continue;
    const data = tenantDataOf(db, tenantId);
    const empty = count(data, 'SELECT COUNT(*) AS n FROM area WHERE tenant_id = $tenant') === 0 && count(data, 'SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant') === 0;
    if (!empty) continue;
    data.tx(() => {
      const leaves = insertAreas(data, areas);
      const gateways = insertGateways(data, leaves, gatewayCount, prefix);
      insertDevices(data, { leaves, gateways }, 0, deviceCount, prefix);
    });
  }
  const first = tenants[0]?.id;
  if (first === undefined || target === null) return;
  const data = tenantDataOf(db, first);
  let have = count(data, 'SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant');
  if (have >= target) return;
  const ctx = loadContext(data);
  if (ctx.leaves.length === 0) return;
  data.tx(() => {
    // Numbering continues after the rows there are; a code taken by a hand-made device is skipped.
    let next = have;
    while (have < target) {
      const batch = Math.min(target - have, 5000);
      have += insertDevices(data, ctx, next, next + batch, '');
      next += batch;
    }
  });
}
