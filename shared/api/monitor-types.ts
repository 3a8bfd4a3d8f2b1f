// Monitor shapes (clusterMonitorMng: clustermonitor, mqmonitor) shared by the console and the platform.

/** One sample of one platform process. */
export interface NodeSample {
  /** Epoch ms. */
  at: number;
  uptimeS: number;
  /** Share of one core used since the previous sample. */
  cpuPercent: number;
  rssMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  loopP50Ms: number;
  loopP99Ms: number;
  httpConnections: number;
  mediaConnections: number;
  requestsPerS: number;
  dbMB: number;
}

export interface ClusterAnswer {
  /** The node that answered. */
  self: string;
  nodes: Array<{ name: string; samples: NodeSample[] }>;
}

/** One topic of the platform's event queue, as sampled now. */
export interface TopicStats {
  topic: string;
  published: number;
  consumers: ConsumerStats[];
}
export interface ConsumerStats {
  name: string;
  delivered: number;
  backlog: number;
  /** Age of the oldest message waiting for this consumer, ms (0 when none waits). */
  oldestMs: number;
  paused: boolean;
}
/** GET /api/monitor/mq: the topics now, and per-second rates over the recent past. */
export interface MqAnswer {
  at: number;
  topics: TopicStats[];
  /** Per topic: [epoch ms, messages in per s, messages out per s, backlog] for the last 10 minutes. */
  history: Record<string, Array<[number, number, number, number]>>;
}
