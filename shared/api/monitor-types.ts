// Monitor shapes (clusterMonitorMng: clustermonitor, mqmonitor) shared by the console and the platform,
// from their declarations (shared/contract/monitor.ts): types only.
import type { Static } from 'typebox';
import type * as C from '../contract/monitor.ts';

/** One sample of one platform process. */
export type NodeSample = Static<typeof C.NodeSample>;
export type ClusterAnswer = Static<typeof C.ClusterAnswer>;
/** One topic of the platform's event queue, as sampled now. */
export type TopicStats = Static<typeof C.TopicStats>;
export type ConsumerStats = Static<typeof C.ConsumerStats>;
/** GET /api/monitor/mq: the topics now, and per-second rates over the recent past. */
export type MqAnswer = Static<typeof C.MqAnswer>;
