// The monitor operations (clusterMonitorMng: clustermonitor, mqmonitor): each platform process's own
// samples over the last hour, and the event queue's topics with a consumer paused or resumed.
import Type from 'typebox';
import { operation } from './operation.ts';
import { Strict, Text } from './fields.ts';

const TAG = 'Monitor';
const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });
const Amount = (description?: string) => Type.Number({ minimum: 0, ...(description ? { description } : {}) });
const EpochMs = (description = 'Epoch ms') => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const NodeSample = Strict({
  at: EpochMs(),
  uptimeS: Count('Seconds since the process started'),
  cpuPercent: Amount('Share of one core used since the previous sample, %'),
  rssMB: Amount(),
  heapUsedMB: Amount(),
  heapTotalMB: Amount(),
  loopP50Ms: Amount('Event-loop delay, median since the previous sample'),
  loopP99Ms: Amount('Event-loop delay, 99th percentile since the previous sample'),
  httpConnections: Count(),
  mediaConnections: Count(),
  requestsPerS: Amount(),
  dbMB: Amount('Size of the database files'),
});

export const ClusterAnswer = Strict({
  self: Type.String({ description: 'The node (process) that answered' }),
  nodes: Type.Array(Strict({ name: Type.String(), samples: Type.Array(NodeSample) })),
});

export const ClusterQuery = Strict({ since: Type.Optional(EpochMs('Only samples after this time; at most the last hour is kept')) });

export const ConsumerStats = Strict({
  name: Type.String(),
  delivered: Count(),
  backlog: Count(),
  oldestMs: Count('Age of the oldest message waiting for this consumer, ms (0 when none waits)'),
  paused: Type.Boolean(),
});

export const TopicStats = Strict({ topic: Type.String(), published: Count(), consumers: Type.Array(ConsumerStats) });

export const MqAnswer = Strict({
  at: EpochMs(),
  topics: Type.Array(TopicStats),
  history: Type.Record(Type.String(), Type.Array(Type.Tuple([EpochMs(), Type.Integer(), Type.Integer(), Type.Integer()])), {
    description: 'Per topic: [epoch ms, messages in per s, messages out per s, backlog] for the last 10 minutes',
  }),
});

export const ConsumerPause = Strict({
  topic: Text(1, 64),
  consumer: Text(1, 64),
  paused: Type.Boolean({ description: 'true pauses the consumer (messages wait), false resumes it' }),
});

const sampleNode = {
  at: 1777622400000,
  uptimeS: 3600,
  cpuPercent: 4.2,
  rssMB: 180,
  heapUsedMB: 60.5,
  heapTotalMB: 90,
  loopP50Ms: 10.1,
  loopP99Ms: 12.4,
  httpConnections: 3,
  mediaConnections: 0,
  requestsPerS: 7.5,
  dbMB: 12.3,
};

export const ops = {
  mq: operation({
    method: 'GET',
    path: '/api/monitor/mq',
    rights: { menu: 'clusterMonitorMng' },
    tag: TAG,
    summary: "The event queue's topics now, with per-second rates of the last 10 minutes",
    description: 'Per topic: messages published, and per consumer messages delivered, the backlog, the oldest waiting message and whether it is paused.',
    data: MqAnswer,
    examples: { data: { at: 1777622400000, topics: [{ topic: 'point.write', published: 10, consumers: [{ name: 'gateway', delivered: 10, backlog: 0, oldestMs: 0, paused: false }] }], history: { 'point.write': [[1777622400000, 1, 1, 0]] } } },
  }),
  pause: operation({
    method: 'POST',
    path: '/api/monitor/mq/consumer',
    rights: { menu: 'clusterMonitorMng' },
    tag: TAG,
    summary: 'Pauses or resumes a consumer of the event queue',
    description: 'Refused when the topic has no such consumer.',
    body: ConsumerPause,
    data: ConsumerPause,
    examples: { body: { topic: 'point.write', consumer: 'gateway', paused: true }, data: { topic: 'point.write', consumer: 'gateway', paused: true } },
  }),
  cluster: operation({
    method: 'GET',
    path: '/api/monitor/cluster',
    rights: { menu: 'clusterMonitorMng' },
    tag: TAG,
    summary: 'Every platform process that reported in the last hour, with its samples',
    description: 'Each process samples itself every few seconds (uptime, CPU, memory, event-loop delay, connections, requests, database size) into the shared database under its node name.',
    query: ClusterQuery,
    data: ClusterAnswer,
    examples: { query: { since: 1777622000000 }, data: { self: 'host:123', nodes: [{ name: 'host:123', samples: [sampleNode] }] } },
  }),
};
