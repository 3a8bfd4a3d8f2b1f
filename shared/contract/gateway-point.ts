// The resource point operations of a gateway (devmng/gw, SPEC §4 "used or unused; associated or
// unassociated; distributed or undistributed"): the channels a gateway reads (AI, DI) and writes (AO,
// DO), each associated with at most one device parameter behind its gateway; any change makes a point
// undistributed until the configuration is next distributed.
import Type from 'typebox';
import { POINT_KINDS } from '../api/gateway-point-types.ts';
import { operation } from './operation.ts';
import { Code, Id, IdParams, Ids, MAX_LIMIT, OneOf, Paging, Strict, Text, PageOf } from './fields.ts';

const TAG = 'Gateway point';
// The bounds are the form's (shared/validate/device-model.ts gatewayPointSchema): code 1–32 without { } [ ] ^, name 1–30.

export const PointKind = OneOf(POINT_KINDS, { description: 'AI/DI read a value (analogue/digital); AO/DO write one' });

export const GatewayPoint = Strict({
  id: Id(),
  gatewayId: Id(),
  code: Type.String(),
  name: Type.String(),
  kind: PointKind,
  used: Type.Boolean(),
  deviceId: Type.Union([Id(), Type.Null()], { description: 'The device whose parameter it carries; null when unassociated' }),
  deviceCode: Type.String(),
  deviceName: Type.String(),
  paramCode: Type.Union([Type.String(), Type.Null()]),
  paramName: Type.String(),
  distributed: Type.Boolean({ description: 'Whether the gateway has this point as it stands (false after any change until the next distribution)' }),
});

export const GatewayPointQuery = Strict({
  ...Paging,
  keyword: Type.Optional(Text(0, 64, { description: "Text in the point's code or name or its device's code" })),
  used: Type.Optional(Type.Boolean()),
  associated: Type.Optional(Type.Boolean()),
  distributed: Type.Optional(Type.Boolean()),
});

export const GatewayPointPage = PageOf(GatewayPoint);

export const GatewayPointSave = Strict({
  code: Code(1, 32, { description: 'Unique on the gateway; fixed once made (trimmed)' }),
  name: Text(1, 30, { description: 'Trimmed' }),
  kind: PointKind,
  used: Type.Boolean(),
  deviceId: Type.Union([Id(), Type.Null()], { description: 'A device behind the gateway, with paramCode; null with null for none' }),
  paramCode: Type.Union([Text(0, 64), Type.Null()], { description: "A parameter of the device's model: an output point (AO/DO) needs a read-write one" }),
});

export const PointTarget = Strict({
  deviceId: Id(),
  deviceCode: Type.String(),
  deviceName: Type.String(),
  paramCode: Type.String(),
  paramName: Type.String(),
  access: OneOf(['r', 'rw'] as const),
});

const sample = { id: 1, gatewayId: 1, code: 'AI-01', name: 'Supply temperature', kind: 'AI', used: true, deviceId: 3, deviceCode: 'FCU-001', deviceName: 'Fan coil 1', paramCode: 'temp', paramName: 'Temperature', distributed: false } as const;
const GatewayParams = Strict({ id: Id({ description: 'The gateway' }) });

export const ops = {
  list: operation({
    method: 'GET',
    path: '/api/gateway/:id/points',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: "A gateway's resource points, by kind and code, paged",
    description: "Filtered by used, associated and distributed (true/false) and a keyword. Refused when the gateway is not the tenant's.",
    params: GatewayParams,
    query: GatewayPointQuery,
    data: GatewayPointPage,
    examples: { params: { id: 1 }, query: { page: 1, limit: 20, associated: true }, data: { total: 1, rows: [sample] } },
  }),
  targets: operation({
    method: 'GET',
    path: '/api/gateway/:id/point/targets',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: 'The device parameters behind a gateway that a point may carry',
    description: "Each parameter of the model of each device behind the gateway (at most 2000). Refused when the gateway is not the tenant's.",
    params: GatewayParams,
    data: Type.Array(PointTarget),
    examples: { params: { id: 1 }, data: [{ deviceId: 3, deviceCode: 'FCU-001', deviceName: 'Fan coil 1', paramCode: 'temp', paramName: 'Temperature', access: 'r' }] },
  }),
  create: operation({
    method: 'POST',
    path: '/api/gateway/:id/point',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: 'A new resource point on a gateway (undistributed)',
    description: 'Refused naming the field: a code the gateway already has; a device not behind the gateway, or a parameter its model lacks; a device without a parameter or the other way round; an output point on a read-only parameter; a parameter another point carries.',
    params: GatewayParams,
    body: GatewayPointSave,
    data: GatewayPoint,
    examples: { params: { id: 1 }, body: { code: 'AI-01', name: 'Supply temperature', kind: 'AI', used: true, deviceId: 3, paramCode: 'temp' }, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/gateway/point/:id',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: "A resource point's name, use and association (its code and kind stay); it becomes undistributed",
    description: "The association is checked as for a new point. Refused when the point is not the tenant's.",
    params: IdParams,
    body: GatewayPointSave,
    data: GatewayPoint,
    examples: { params: { id: 1 }, body: { code: 'AI-01', name: 'Return temperature', kind: 'AI', used: true, deviceId: 3, paramCode: 'temp' }, data: { ...sample, name: 'Return temperature' } },
  }),
  delete: operation({
    method: 'POST',
    path: '/api/gateway/point/delete',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: 'Deletes unassociated resource points, all or none',
    description: "A point that is not the tenant's, or still carries a device parameter, refuses the whole request.",
    body: Strict({ ids: Ids(MAX_LIMIT) }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [5] }, data: { deleted: 1 } },
  }),
};
