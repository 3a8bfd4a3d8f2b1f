// The relation operations (relationManager "relation/device", "relation cctv"): which cameras look at a
// device, each relation named (0–30 characters, SPEC §5). Both ends are the tenant's; a pair is related once.
import Type from 'typebox';
import { LENGTHS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, Ids, MAX_LIMIT, Paging, Strict, Text, PageOf } from './fields.ts';

const TAG = 'Relation';

export const Relation = Strict({
  id: Id(),
  deviceId: Id(),
  deviceCode: Type.String(),
  deviceName: Type.String(),
  cameraId: Id(),
  cameraName: Type.String(),
  name: Type.String({ description: `The relation's name, ${LENGTHS.relationName[0]}–${LENGTHS.relationName[1]} characters` }),
});

export const RelationPage = PageOf(Relation);

export const RelationQuery = Strict({ ...Paging, keyword: Type.Optional(Text(0, 64, { description: "Text in the device's code or name or the camera's name" })) });

export const RelationSave = Strict({
  deviceId: Id(),
  cameraId: Id(),
  name: Type.Optional(Text(LENGTHS.relationName[0], LENGTHS.relationName[1], { description: 'Trimmed; empty when left out' })),
});

export const RelationCreated = Strict({ id: Id() });
export const RelationDelete = Strict({ ids: Ids(MAX_LIMIT) });
export const RelationDeleted = Strict({ deleted: Type.Integer({ minimum: 0 }) });

export const RelatedCamera = Strict({ cameraId: Id(), cameraName: Type.String(), name: Type.String() });
export const RelatedCamerasQuery = Strict({ deviceCode: Type.Optional(Text(0, 64, { description: "The device's code; none or an unknown one answers an empty list" })) });

const sample = { id: 1, deviceId: 3, deviceCode: 'FCU-01', deviceName: 'Fan coil 1', cameraId: 2, cameraName: 'Lobby', name: 'Entrance view' };

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/relation/device/page',
    rights: { menu: 'relationManager' },
    tag: TAG,
    summary: 'Device–camera relations, by device code, paged',
    description: "The tenant's relations whose device code or name or camera name contains the keyword.",
    body: RelationQuery,
    data: RelationPage,
    examples: { body: { page: 1, limit: 20, keyword: 'FCU' }, data: { rows: [sample], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/relation/device',
    rights: { menu: 'relationManager' },
    tag: TAG,
    summary: 'Relates a camera to a device, with a name',
    description: "Refused (naming the field) when the device or the camera is not the tenant's, or the pair is already related.",
    body: RelationSave,
    data: RelationCreated,
    examples: { body: { deviceId: 3, cameraId: 2, name: 'Entrance view' }, data: { id: 1 } },
  }),
  delete: operation({
    method: 'POST',
    path: '/api/relation/device/delete',
    rights: { menu: 'relationManager' },
    tag: TAG,
    summary: 'Deletes relations, all or none',
    description: "An id that is not one of the tenant's relations refuses the whole request and nothing is deleted.",
    body: RelationDelete,
    data: RelationDeleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  cameras: operation({
    method: 'GET',
    path: '/api/relation/cameras',
    rights: 'user',
    tag: TAG,
    summary: "The cameras related to a device (by its code), by camera name",
    description: 'Any signed-in user of the tenant may ask (an alarm row offers them); playing one still needs video:play.',
    query: RelatedCamerasQuery,
    data: Type.Array(RelatedCamera),
    examples: { query: { deviceCode: 'FCU-01' }, data: [{ cameraId: 2, cameraName: 'Lobby', name: 'Entrance view' }] },
  }),
};
