// Test-only fault switch and request recorder (ATRIUM_FAULTS=1, never in plain `npm start`):
// lets e2e tests make a path answer an envelope code, an HTTP status or a delay, and count calls.
import type { FastifyInstance } from 'fastify';
import type { FaultRule, RecordedRequests } from '../../shared/api/types.ts';
import { ok, rule, validBody, validQuery } from './http.ts';
import { t } from './messages.ts';
import { pathOf } from './request-log.ts';

const RECORD_LIMIT = 5000;
const TEST_PREFIX = '/__test/';

interface ActiveFault extends FaultRule {
  remaining: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function installFaults(app: FastifyInstance): void {
  const faults = new Map<string, ActiveFault>();
  // Ring buffer: the oldest entries are overwritten, so a long test run cannot grow memory.
  const recorded: Array<{ path: string; method: string; at: number }> = [];
  let next = 0;

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (path.startsWith(TEST_PREFIX)) return;
    const entry = { path, method: request.method, at: Date.now() };
    if (recorded.length < RECORD_LIMIT) recorded.push(entry);
    else recorded[next] = entry;
    next = (next + 1) % RECORD_LIMIT;

    const fault = faults.get(path);
    if (!fault) return;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.delete(path);
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.code === undefined && fault.status === undefined) return;
    const msg = fault.msg ?? t(request, 'fault.injected');
    const body = fault.status === undefined ? { code: fault.code ?? -1, msg } : { code: fault.code ?? fault.status, msg, status: fault.status };
    return reply.code(fault.status ?? 200).send(body);
  });

  app.post<{ Body: FaultRule }>(
    '/__test/faults',
    {
      preHandler: validBody<FaultRule>({
        path: [rule.required, rule.text(1, 2000)],
        count: [rule.required, rule.int(1, 100_000)],
        code: [rule.int(-1_000_000, 1_000_000)],
        msg: [rule.text(0, 2000)],
        status: [rule.int(100, 599)],
        delayMs: [rule.int(0, 600_000)],
      }),
    },
    async (request) => {
      const { path, count, code, msg, status, delayMs } = request.body;
      const fault: ActiveFault = { path, count, remaining: count };
      if (code !== undefined && code !== null) fault.code = code;
      if (msg) fault.msg = msg;
      if (status !== undefined && status !== null) fault.status = status;
      if (delayMs) fault.delayMs = delayMs;
      faults.set(path, fault);
      return ok({ path, count });
    },
  );

  app.delete('/__test/faults', async () => {
    faults.clear();
    return ok(null);
  });

  app.get<{ Querystring: { path?: string } }>(
    '/__test/requests',
    { preHandler: validQuery<{ path?: string }>({ path: [rule.text(1, 2000)] }) },
    async (request) => {
      const wanted = request.query.path;
      const ordered = recorded.length < RECORD_LIMIT ? recorded : [...recorded.slice(next), ...recorded.slice(0, next)];
      if (wanted) {
        const requests = ordered.filter((r) => r.path === wanted).map(({ method, at }) => ({ method, at }));
        return ok<RecordedRequests>({ path: wanted, count: requests.length, requests });
      }
      const counts: Record<string, number> = {};
      for (const r of ordered) counts[r.path] = (counts[r.path] ?? 0) + 1;
      return ok(counts);
    },
  );

  app.delete('/__test/requests', async () => {
    recorded.length = 0;
    next = 0;
    return ok(null);
  });
}
