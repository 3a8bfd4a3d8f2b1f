// The region and device management operations (devmng/subsystem, subsystemManage): the area tree
// (add, rename, move — never under itself — and delete only when empty), editing and deleting devices
// with the same rules as creating them, importing devices from a spreadsheet and exporting the devices
// a filter matches, both as background tasks.
import Type from 'typebox';
import { DEVICE_SORT_KEYS } from '../api/device-types.ts';
import { AREA_NAME } from '../devices/device-rules.ts';
import { DeviceCreate, DeviceStatus } from './device.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, MAX_ID, MAX_LIMIT, OneOf, Strict, Text } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Device management';
const rights = { menu: 'subsystemManage' } as const;

export const AreaSave = Strict({
  name: Text(...AREA_NAME, { description: "The area's name (trimmed), in the caller's language" }),
  parentId: Type.Optional(Type.Union([Text(0, 64), Type.Null()], { description: "The parent area's rowGuid; '' or null for a top area; left out on an edit: stays where it is" })),
});

/** An area just saved (the tree call places its children). */
export const AreaSaved = Strict({ rowGuid: Type.String(), parentId: Type.Union([Type.String(), Type.Null()]), areaName: Type.String() });

export const AreaParams = Strict({ guid: Text(1, 64, { description: "The area's rowGuid" }) });

export const DeviceExportQuery = Strict({
  areaId: Type.Optional(Text(0, 64)),
  status: Type.Optional(DeviceStatus),
  keyword: Type.Optional(Text(0, 64)),
  gatewayId: Type.Optional(Int(1, MAX_ID)),
  sort: Type.Optional(OneOf(DEVICE_SORT_KEYS)),
  order: Type.Optional(OneOf(['asc', 'desc'] as const)),
});

const Deleted = Strict({ deleted: Type.Integer({ minimum: 0 }) });
const task = { key: 'deviceExport', hashKey: '0123456789abcdef' };

export const ops = {
  areaCreate: operation({
    method: 'POST',
    path: '/api/device/area',
    rights,
    tag: TAG,
    summary: 'Adds an area, at the top or under another',
    description: "Refused (naming parentId) when the parent is not one of the tenant's areas.",
    body: AreaSave,
    data: AreaSaved,
    examples: { body: { name: 'Floor 4', parentId: 'a1' }, data: { rowGuid: 'a9', parentId: 'a1', areaName: 'Floor 4' } },
  }),
  areaUpdate: operation({
    method: 'PUT',
    path: '/api/device/area/:guid',
    rights,
    tag: TAG,
    summary: 'Renames an area or moves it under another',
    description: "Refused when the area is not the tenant's, or (naming parentId) the new parent is missing or one of the area's own sub-areas.",
    params: AreaParams,
    body: AreaSave,
    data: AreaSaved,
    examples: { params: { guid: 'a9' }, body: { name: 'Floor 4 east', parentId: 'a1' }, data: { rowGuid: 'a9', parentId: 'a1', areaName: 'Floor 4 east' } },
  }),
  areaDelete: operation({
    method: 'DELETE',
    path: '/api/device/area/:guid',
    rights,
    tag: TAG,
    summary: 'Deletes an empty area',
    description: 'Refused while the area holds devices or sub-areas, or when it is not the tenant\'s.',
    params: AreaParams,
    data: Deleted,
    examples: { params: { guid: 'a9' }, data: { deleted: 1 } },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/device/:id',
    rights,
    tag: TAG,
    summary: 'Edits a device',
    description: 'The same rules and messages as creating one (the code stays unique within the tenant). Refused when the device is not the tenant\'s.',
    params: IdParams,
    body: DeviceCreate,
    data: Strict({ id: Id() }),
    examples: { params: { id: 1 }, body: { code: 'FCU-001', name: 'Fan coil 1', address: '1-1' }, data: { id: 1 } },
  }),
  delete: operation({
    method: 'POST',
    path: '/api/device/delete',
    rights,
    tag: TAG,
    summary: 'Deletes devices, all or none',
    description: "An id that is not one of the tenant's devices refuses the whole request and nothing is deleted.",
    body: Strict({ ids: Ids(MAX_LIMIT) }),
    data: Deleted,
    examples: { body: { ids: [1, 2] }, data: { deleted: 2 } },
  }),
  import: operation({
    method: 'POST',
    path: '/api/device/import',
    rights,
    tag: TAG,
    summary: 'Imports up to 1000 devices from a spreadsheet (a background task)',
    description:
      'multipart/form-data: the file (columns code, name, label, address, SN, IP, MAC, model code, area) and optionally skipBad. Every row is checked with the device rules, codes unique in the file and the tenant, the model by code and the area by name in either language; a bad row stores nothing unless skipBad, and the bad rows come back as a report.',
    data: ProgressKey,
    examples: { data: { ...task, key: 'deviceImport' } },
  }),
  export: operation({
    method: 'POST',
    path: '/api/device/export',
    rights,
    tag: TAG,
    summary: 'Exports the devices a filter matches to a spreadsheet (a background task)',
    description: "The list's filters and order; the status is written in the caller's language. Refused when the user already runs too many tasks.",
    body: DeviceExportQuery,
    data: ProgressKey,
    examples: { body: { status: 'offline' }, data: task },
  }),
};
