// The live point operations (SPEC §1; devmng/search historySearch): a device's parameters with their
// current values, many devices' readings at once for the monitoring cards, control writes through the
// device's gateway (SPEC §8 gateway messages), distributing a gateway's configuration, and history
// within the past 3 months, downsampled or exported.
import Type from 'typebox';
import { PARAM_ACCESS, PARAM_DATA_TYPES } from '../api/device-model-types.ts';
import { HISTORY_MAX_POINTS, READINGS_MAX } from '../api/point-types.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, OneOf, Strict, Text } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Points';
const EpochMs = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });
const reader = { anyMenu: ['devManager', 'MonitorOPS'] } as const;

export const PointValue = Strict({
  code: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  dataType: OneOf(PARAM_DATA_TYPES),
  access: OneOf(PARAM_ACCESS, { description: 'r read-only, rw writable (control)' }),
  min: Type.String(),
  max: Type.String(),
  value: Type.Union([Type.Number(), Type.Null()], { description: 'null until the device reported it' }),
  at: Type.Union([EpochMs('When the value was reported'), Type.Null()]),
});

export const DeviceReadings = Strict({
  id: Id(),
  readings: Type.Array(PointValue),
  openAlarms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Open alarms of the device; null when the caller may not see alarms' }),
});

export const ReadingsQuery = Strict({ ids: Ids(READINGS_MAX, 1, { description: `The devices (at most ${READINGS_MAX}); ids outside the caller's data authority are left out of the answer` }) });

export const ControlWrite = Strict({
  code: Text(1, 64, { description: 'A read-write parameter of the device' }),
  value: Type.Number({ description: "Within the parameter's min and max" }),
});
export const ControlWritten = Strict({ code: Type.String(), value: Type.Number(), written: Type.Number({ description: 'The value the device now holds (after the collection formula)' }) });

export const HistoryQuery = Strict({
  deviceIds: Ids(20),
  codes: Type.Array(Text(1, 64), { minItems: 1, maxItems: 20, description: 'Parameter codes' }),
  startTime: Text(1, 32, { description: 'YYYY-MM-DD HH:mm:ss; within the past 3 months (SPEC §5)' }),
  endTime: Text(1, 32, { description: 'YYYY-MM-DD HH:mm:ss, after the start' }),
  maxPoints: Type.Optional(Int(10, HISTORY_MAX_POINTS, { description: `Points per series at most (default ${HISTORY_MAX_POINTS})` })),
});

export const HistorySeries = Strict({
  deviceId: Id(),
  deviceCode: Type.String(),
  deviceName: Type.String(),
  code: Type.String(),
  points: Type.Array(Type.Tuple([EpochMs('Bucket start'), Type.Number()]), { description: '[ms since epoch, value]: each the average of its bucket' }),
  samples: Type.Integer({ minimum: 0, description: 'Raw samples the points summarise' }),
});

export const HistoryAnswer = Strict({ bucketMs: Type.Integer({ minimum: 1 }), series: Type.Array(HistorySeries) });

export const Distributed = Strict({
  id: Id(),
  distributedAt: EpochMs('When the configuration was distributed'),
  devices: Type.Integer({ minimum: 0, description: 'Devices behind the gateway' }),
  points: Type.Integer({ minimum: 0, description: 'Resource points that became distributed' }),
});

const sampleValue = { code: 'temp', name: 'Temperature', unit: '°C', dataType: 'float', access: 'r', min: '0', max: '50', value: 22.5, at: 1777622400000 } as const;
const historyExample = { deviceIds: [1], codes: ['temp'], startTime: '2026-05-01 00:00:00', endTime: '2026-05-01 23:59:59', maxPoints: 200 };

export const ops = {
  distribute: operation({
    method: 'POST',
    path: '/api/gateway/:id/distribute',
    rights: { menu: 'gwManager' },
    tag: TAG,
    summary: "Distributes the configuration to a gateway: its resource points become distributed",
    description: "Through the gateway, which may be offline, slow or faulty (SPEC §8 gateway messages). Refused when the gateway is not the tenant's.",
    params: IdParams,
    data: Distributed,
    examples: { params: { id: 1 }, data: { id: 1, distributedAt: 1777622400000, devices: 12, points: 3 } },
  }),
  points: operation({
    method: 'GET',
    path: '/api/device/:id/points',
    rights: reader,
    tag: TAG,
    summary: "A device's parameters with their current values",
    description: "The device model's parameters in order; a device outside the caller's data authority does not exist for them.",
    params: IdParams,
    data: Type.Array(PointValue),
    examples: { params: { id: 1 }, data: [sampleValue] },
  }),
  readings: operation({
    method: 'POST',
    path: '/api/device/readings',
    rights: reader,
    tag: TAG,
    summary: "Many devices' live readings and open alarms at once (the monitoring cards)",
    description: 'Devices outside the tenant or the caller\'s data authority are left out; openAlarms is null for a caller without alarmSearch.',
    body: ReadingsQuery,
    data: Type.Array(DeviceReadings),
    examples: { body: { ids: [1] }, data: [{ id: 1, readings: [sampleValue], openAlarms: 0 }] },
  }),
  control: operation({
    method: 'POST',
    path: '/api/device/:id/control',
    rights: { menu: 'devManager' },
    tag: TAG,
    summary: 'Writes a value to a read-write parameter through the device\'s gateway',
    description: "Refused naming the field: a parameter that is not read-write, a value out of its range. The gateway's refusals (offline, timeout, fault) follow SPEC §8.",
    params: IdParams,
    body: ControlWrite,
    data: ControlWritten,
    examples: { params: { id: 1 }, body: { code: 'setpoint', value: 22 }, data: { code: 'setpoint', value: 22, written: 22 } },
  }),
  history: operation({
    method: 'POST',
    path: '/api/device/history',
    rights: reader,
    tag: TAG,
    summary: 'Point history, downsampled to at most maxPoints per device and parameter',
    description: 'Only within the past 3 months (the alarm window\'s rule and boundary); every device must be the caller\'s.',
    body: HistoryQuery,
    data: HistoryAnswer,
    examples: { body: historyExample, data: { bucketMs: 432000, series: [{ deviceId: 1, deviceCode: 'FCU-001', deviceName: 'Fan coil 1', code: 'temp', points: [[1777593600000, 22.5]], samples: 120 }] } },
  }),
  historyExport: operation({
    method: 'POST',
    path: '/api/device/history/export',
    rights: reader,
    tag: TAG,
    summary: 'Exports the same history to a spreadsheet (a background task)',
    description: 'The progress panel follows the task and offers the file. Refused when the user already runs too many tasks.',
    body: HistoryQuery,
    data: ProgressKey,
    examples: { body: historyExample, data: { key: 'historyExport', hashKey: '0123456789abcdef' } },
  }),
};
