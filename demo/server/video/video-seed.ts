// The camera domain's tables and first-start data (split from video.ts): cameras, their data groups
// (type 7), pan-tilt commands and the recording index's tables; two demo tenants' camera groups.
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { tx, type Db } from '../db.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';


/** The first tenant's cameras that send H.265 (the last one seeded, the data centre's aisle 2). */
export const H265_DEMO_LABELS = ['CAM-046'] as const;

/** A name in both languages: [Chinese, English] (local-names.ts). */
type Names = readonly [zh: string, en: string];

/** What a camera can do, as its seeded tag says it: [Chinese, English]. */
const MOUNT = { ptz: ['云台', 'PTZ'], fixed: ['固定', 'Fixed'] } as const;

/** A seeded camera's tags, comma-joined (video.ts), in both languages: its top place and its mount. */
export const seededTags = (place: Names, ptz: boolean): Names => {
  const mount = ptz ? MOUNT.ptz : MOUNT.fixed;
  return [`${place[0]},${mount[0]}`, `${place[1]},${mount[1]}`];
};

/**
 * The tenant's camera groups follow its device area tree (device-seed.ts): the same places under the
 * same names, so devices and cameras live in one demo world. Cameras are listed in their seeding
 * order (their ids), each with its group path and whether it pans and tilts.
 */
interface SeedWorld {
  groups: ReadonlyArray<{ names: Names; children: readonly Names[] }>;
  cameras: ReadonlyArray<readonly [group: readonly [top: number, child: number | null], names: Names, ptz: boolean]>;
}

const A = [0, 0] as const;
const B = [0, 1] as const;
const PARK = [0, 2] as const;
const CAMPUS = [0, null] as const;
const DC1 = [1, 0] as const;
const DC2 = [1, 1] as const;
const DC = [1, null] as const;

export const TENANT1: SeedWorld = {
  groups: [
    { names: ['总部园区', 'Headquarters campus'], children: [['A栋', 'Building A'], ['B栋', 'Building B'], ['地下停车场', 'Underground car park']] },
    { names: ['数据中心', 'Data centre'], children: [['1号机房', 'Server room 1'], ['2号机房', 'Server room 2']] },
  ],
  cameras: [
    [A, ['大堂正门', 'lobby main entrance'], true],
    [A, ['前台', 'reception'], true],
    [A, ['电梯厅', 'lift hall'], false],
    [A, ['旋转门', 'revolving door'], false],
    [A, ['访客登记台', 'visitor desk'], true],
    [A, ['中庭回廊', 'atrium balcony'], true],
    [PARK, ['入口坡道', 'ramp in'], true],
    [PARK, ['出口坡道', 'ramp out'], true],
    [PARK, ['A区车位', 'row A'], false],
    [PARK, ['B区车位', 'row B'], false],
    [PARK, ['C区车位', 'row C'], false],
    [PARK, ['充电桩', 'EV chargers'], true],
    [PARK, ['缴费机', 'pay station'], false],
    [PARK, ['楼梯间', 'stairwell'], false],
    [A, ['1层走廊', 'floor 1 corridor'], false],
    [A, ['2层走廊', 'floor 2 corridor'], false],
    [A, ['3层走廊', 'floor 3 corridor'], false],
    [A, ['B1机房走廊', 'B1 plant room corridor'], false],
    [DC1, ['机柜列', 'rack row'], true],
    [A, ['文印室', 'print room'], false],
    [B, ['大堂正门', 'lobby main entrance'], true],
    [B, ['安保台', 'security desk'], true],
    [B, ['电梯厅', 'lift hall'], false],
    [B, ['收发室', 'mail room'], false],
    [B, ['屋顶停机坪', 'roof helipad'], true],
    [B, ['屋顶冷水机组', 'roof chillers'], true],
    [B, ['屋顶水箱', 'roof water tanks'], false],
    [B, ['屋顶天线塔', 'roof antenna mast'], true],
    [B, ['锅炉房', 'boiler room'], false],
    [DC2, ['配电柜', 'switchgear'], false],
    [DC2, ['柴油发电机', 'generator'], true],
    [B, ['水泵房', 'pump room'], false],
    [CAMPUS, ['北门', 'north gate'], true],
    [CAMPUS, ['南门', 'south gate'], true],
    [CAMPUS, ['东围栏', 'east fence'], true],
    [CAMPUS, ['西围栏', 'west fence'], true],
    [CAMPUS, ['装卸区', 'loading bay'], true],
    [CAMPUS, ['自行车棚', 'bike shed'], false],
    [CAMPUS, ['喷泉', 'fountain'], true],
    [CAMPUS, ['儿童乐园', 'playground'], true],
    [CAMPUS, ['咖啡露台', 'cafe terrace'], false],
    [CAMPUS, ['人行天桥', 'footbridge'], true],
    [DC, ['1号装卸口', 'dock 1'], true],
    [DC, ['2号装卸口', 'dock 2'], true],
    [DC1, ['1号通道', 'aisle 1'], false],
    [DC1, ['2号通道', 'aisle 2'], false],
  ],
};

export const TENANT2: SeedWorld = {
  groups: [{ names: ['总部', 'Head office'], children: [['一层', 'Ground floor']] }],
  cameras: [
    [[0, 0], ['入口', 'entrance'], true],
    [[0, 0], ['前台', 'reception'], false],
    [[0, 0], ['停车场', 'car park'], true],
    [[0, 0], ['后门', 'back door'], false],
  ],
};

/** One tenant's camera groups and cameras, written through that tenant's data. */
function seedTenant(data: TenantData, world: SeedWorld, prefix: string): void {
  const group = (parentId: number | null, names: Names, sort: number) =>
    Number(data.run('INSERT INTO data_group (tenant_id, parent_id, name, name_en, type, sort) VALUES ($tenant, ?, ?, ?, ?, ?)', parentId, names[0], names[1], CAMERA_GROUP_TYPE, sort).lastInsertRowid);
  const camera = `INSERT INTO camera (tenant_id, data_group_id, name, name_en, label, address, resolution, tags, tags_en, disable_yun_control, clip, created_at)
     VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const ids = world.groups.map((top, i) => {
    const topId = group(null, top.names, i);
    return { id: topId, names: top.names, children: top.children.map((child, j) => ({ id: group(topId, child, j), names: child })) };
  });
  world.cameras.forEach(([[top, child], names, ptz], index) => {
    const n = index + 1;
    const place = child === null ? ids[top]! : ids[top]!.children[child]!;
    const label = `${prefix}${String(n).padStart(3, '0')}`;
    const tags = seededTags(ids[top]!.names, ptz);
    const en = `${place.names[1]} ${names[1]}`;
    data.run(camera, place.id, `${place.names[0]}${names[0]}`, en.charAt(0).toUpperCase() + en.slice(1), label, `192.168.${10 + top}.${100 + n}:554`, '1920x1080', tags[0], tags[1], ptz ? 0 : 1, n, Date.now());
  });
}

export function seed(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM data_group').get<{ n: number }>()!;
  if (has.n > 0) return;
  const tenants = db.prepare('SELECT id FROM tenant ORDER BY id').all<{ id: number }>();
  tx(db, () => {
    if (tenants[0]) {
      const first = tenantDataOf(db, tenants[0].id);
      seedTenant(first, TENANT1, 'CAM-');
      for (const label of H265_DEMO_LABELS) first.run("UPDATE camera SET codec = 'h265' WHERE tenant_id = $tenant AND label = ?", label);
    }
    if (tenants[1]) seedTenant(tenantDataOf(db, tenants[1].id), TENANT2, 'ST-CAM-');
  });
}
