// Queue monitor (clusterMonitorMng mqmonitor): the event queue's topics (bus.ts) sampled every second —
// messages in and out, backlog, consumers, oldest waiting message — and a consumer paused or resumed.
// Cluster monitor (clusterMonitorMng clustermonitor): every platform process samples itself every few
// seconds — uptime, CPU, memory (RSS, heap), event-loop delay p50/p99, open HTTP and media
// connections, requests per second, database size — from Node's own process and perf_hooks APIs, and
// writes the sample into the shared database under its node name (ATRIUM_NODE, else host:pid). The
// page reads the last hour of every node that reported in it: several processes behind one load
// balancer, sharing one database, show up side by side.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import type { MqAnswer, NodeSample } from '../../../shared/api/monitor-types.ts';
import { ops } from '../../../shared/contract/monitor.ts';
import { route } from '../contract.ts';
import { busOf } from '../bus.ts';
import { currentMediaServer } from '../../media/index.ts';
import { fail, ok } from '../http.ts';
import { servicesOf } from '../services.ts';
import { langOf } from '../messages.ts';
import { POINT_TOPIC } from '../devices/point-write.ts';
import { platformData } from '../tenant-data.ts';
import { recordSample, samplesSince } from './monitor-data.ts';

const HOUR_MS = 3_600_000;
/** The queue monitor keeps one point a second for this long. */
const MQ_HISTORY = 600;


const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The monitors sample this node and the bus (cluster_sample holds no tenant's rows): the platform's own.
  const db = platformData(app, "the platform's monitors: this node's samples and the message bus, no tenant's rows");
  const node = config.tuning.node;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // The raw server's requests: every call of every route file (a hook here would see this file's only).
  let requests = 0;
  const count = () => {
    requests += 1;
  };
  app.server.on('request', count);
  let last = { at: performance.now(), cpu: process.cpuUsage(), requests: 0 };
  const dbSize = () => ['atrium.db', 'atrium.db-wal'].reduce((n, f) => n + (statSync(join(config.dataDir, f), { throwIfNoEntry: false })?.size ?? 0), 0);
  const connections = () => new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));

  const sample = async (): Promise<NodeSample> => {
    const now = performance.now();
    const cpu = process.cpuUsage(last.cpu);
    const seconds = Math.max(0.001, (now - last.at) / 1000);
    const memory = process.memoryUsage();
    const s: NodeSample = {
      at: Date.now(),
      uptimeS: Math.round(process.uptime()),
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 1000) / 10,
      rssMB: Math.round(memory.rss / 1048576),
      heapUsedMB: Math.round((memory.heapUsed / 1048576) * 10) / 10,
      heapTotalMB: Math.round(memory.heapTotal / 1048576),
      loopP50Ms: Math.round(loop.percentile(50) / 1e4) / 100,
      loopP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
      httpConnections: await connections(),
      mediaConnections: currentMediaServer()?.stats().connections ?? 0,
      requestsPerS: Math.round(((requests - last.requests) / seconds) * 10) / 10,
      dbMB: Math.round((dbSize() / 1048576) * 10) / 10,
    };
    loop.reset();
    last = { at: now, cpu: process.cpuUsage(), requests };
    recordSample(db, node, s.at, JSON.stringify(s), s.at - HOUR_MS);
    return s;
  };

  // ---- the event queue: per topic, messages in and out per second and the backlog, every second ----
  const bus = busOf(db);
  bus.declare(POINT_TOPIC);
  const history: MqAnswer['history'] = {};
  let previous = new Map<string, { published: number; delivered: number }>();
  const sampleQueue = () => {
    const now = Date.now();
    const next = new Map<string, { published: number; delivered: number }>();
    for (const t of bus.stats(now)) {
      const delivered = t.consumers.reduce((n, c) => n + c.delivered, 0);
      const before = previous.get(t.topic) ?? { published: t.published, delivered };
      const series = (history[t.topic] ??= []);
      series.push([now, t.published - before.published, delivered - before.delivered, t.consumers.reduce((n, c) => n + c.backlog, 0)]);
      if (series.length > MQ_HISTORY) series.splice(0, series.length - MQ_HISTORY);
      next.set(t.topic, { published: t.published, delivered });
    }
    previous = next;
  };
  const queueTimer = setInterval(sampleQueue, 1000);
  queueTimer.unref();

  route(app, ops.mq, async () => ok({ at: Date.now(), topics: bus.stats(), history }));

  route(app, ops.pause, async (request) => {
    const { topic, consumer, paused } = request.body;
    if (!bus.setPaused(topic, consumer, paused)) return fail(langOf(request) === 'en' ? 'no such consumer' : '没有这个消费者');
    return ok({ topic, consumer, paused });
  });

  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    const every = config.tuning.monitorMs;
    if (every > 0) {
      timer = setInterval(() => void sample().catch(() => undefined), every);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    clearInterval(queueTimer);
    app.server.off('request', count);
    loop.disable();
  });

  route(app, ops.cluster, async (request) => {
    const since = Math.max(Date.now() - HOUR_MS, request.query.since ?? 0);
    const rows = samplesSince(db, since);
    const nodes = new Map<string, NodeSample[]>();
    for (const r of rows) nodes.set(r.node, [...(nodes.get(r.node) ?? []), JSON.parse(r.data) as NodeSample]);
    return ok({ self: node, nodes: [...nodes].map(([name, samples]) => ({ name, samples })) });
  });

  servicesOf(app.atrium).sampleMonitor = sample;
};

export default plugin;
