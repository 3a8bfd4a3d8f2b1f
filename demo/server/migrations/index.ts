// Every schema step of the platform, in the one order they run: each once, recorded in
// schema_migration by its id (db.ts migrate()). The list is the history: a step is placed after
// every step released before it (the comments name the commit that brought each group), so the
// steps an existing data folder has recorded are always a beginning of this list. A new step goes
// at the end; a released step is never removed, renamed or moved (a data folder that recorded it
// would refuse to start, see checkRecorded in db.ts). The steps themselves live in one file per
// domain beside this one.
import type { Migration } from '../db.ts';
import { menu001Entries, notify001Tables, role001InheritanceAndData, role010DescriptionEnglish, role011NameEnglish, tenant001Operator, voucher001Table } from './administration.ts';
import { alarm001Tables, alarm002ActionsEventTypes, alarm003Resource, alarm004Text, alarmRule001Tables } from './alarms.ts';
import { attendance001Tables, attendance002NamesEnglish, attendance003FillInFormEnglish } from './attendance.ts';
import { core001 } from './core.ts';
import { device001Tables, device010AreaEnglish, device011DeviceEnglish, deviceGroup001Column, deviceGroup002NamesEnglish, deviceModel001Tables, deviceModel002English, gatewayPoint001Table, points001Tables, points002Distributed, relation001Tables } from './devices.ts';
import { document001Tables } from './documents.ts';
import { linkage001Tables } from './linkage.ts';
import { clientError001Table, job001Tables, monitor001Samples, oplog001Table, oplog002SearchIndexes, progress001Tables, progress002File, progress003TitleEn } from './operations.ts';
import { directory001Tables, directory002GroupDepartments, oauth001Tables, people001Departments, people002DepartmentHead, people003DepartmentEnglish, portalToken001Tables, profile001DescriptionEnglish } from './people.ts';
import { scada001Tables } from './scada.ts';
import { cameraHealth001Online, recording001Segments, video001Cameras, video010EnglishNames, video020Codec, video030TagsEnglish } from './video.ts';
import { workflow001Tables, workflow002StatusIndex, workflow003FormKind, workflow004NamesEnglish } from './workflow.ts';

export const MIGRATIONS: readonly Migration[] = [
  // efa0a4a
  core001,
  // fe1e390
  progress001Tables,
  video001Cameras,
  // c9dccd2
  device001Tables,
  alarm001Tables,
  // 0f21782
  people001Departments,
  progress002File,
  role001InheritanceAndData,
  // 453a8bb
  oplog001Table,
  // 9bf5ea5
  alarm002ActionsEventTypes,
  // 5791017
  deviceModel001Tables,
  // 4d0ad25
  points001Tables,
  // 1bfb904
  alarmRule001Tables,
  // 7d0728a
  points002Distributed,
  // 6c47439
  relation001Tables,
  // b44156d
  linkage001Tables,
  // c209a24
  job001Tables,
  monitor001Samples,
  // 5f03d90
  clientError001Table,
  // dfb351c
  oplog002SearchIndexes,
  // 97626c4
  document001Tables,
  // b622752
  people002DepartmentHead,
  workflow001Tables,
  // dfb241a
  workflow002StatusIndex,
  // 05cf5cd
  workflow003FormKind,
  attendance001Tables,
  // d3e3261
  tenant001Operator,
  // 3c1abf1
  menu001Entries,
  // 7d189ec
  voucher001Table,
  // 2d467df
  notify001Tables,
  // 2e15215
  scada001Tables,
  // 0da2fde
  oauth001Tables,
  // 8e195bd
  directory001Tables,
  // 400308c
  recording001Segments,
  // 0df9278
  directory002GroupDepartments,
  // c9b5097
  alarm003Resource,
  alarm004Text,
  // e10bc37
  gatewayPoint001Table,
  // 2adb75d
  deviceGroup001Column,
  // 7077dcc
  video010EnglishNames,
  device010AreaEnglish,
  device011DeviceEnglish,
  role010DescriptionEnglish,
  // 81fd09f
  profile001DescriptionEnglish,
  people003DepartmentEnglish,
  deviceModel002English,
  // 1ac82ab
  video020Codec,
  // 447b0b0
  cameraHealth001Online,
  // 6e5967d
  portalToken001Tables,
  // 75ccf8e
  progress003TitleEn,
  // 0fbda1c
  attendance002NamesEnglish,
  role011NameEnglish,
  // 17d6293
  deviceGroup002NamesEnglish,
  // e092993
  video030TagsEnglish,
  // 973afce
  workflow004NamesEnglish,
  attendance003FillInFormEnglish,
];

/**
 * Ids that once-only seeds record in schema_migration beside the steps (administration/voucher-seed.ts,
 * people/directory.ts): known to this build, so a folder holding them is not refused as unknown.
 */
export const SEED_MARKS: readonly string[] = ['voucher/seed-perpetual', 'directory/seed'];
