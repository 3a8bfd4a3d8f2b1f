// Client error log (SPEC §8): the console sends its unhandled errors (already scrubbed of tokens and
// personal data, see console/errors/report.ts) and the platform scrubs again, keeps them per tenant
// without the user or address, and lists them on the operations pages. A flood is cut per tenant (60 a
// minute; the rest are counted as dropped), answered at once, and never holds up other calls.
import type { FastifyPluginAsync } from 'fastify';
import { ops } from '../../../shared/contract/client-error.ts';
import { scrub } from '../../../shared/http/scrub.ts';
import { route } from '../contract.ts';
import { ok, userOf } from '../http.ts';
import { offsetOf } from '../resource.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import { formatTime } from './tasks.ts';
import { insertClientError, listClientErrors, pruneClientErrors } from './client-error-data.ts';

/** Reports one tenant may store per minute. */
export const TENANT_PER_MINUTE = 60;
const KEEP_DAYS = 90;

/** Control characters other than line breaks and tabs, replaced before a report is kept (it is shown as text). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (text: string, max: number) => scrub(text.replace(CONTROL, '\ufffd'), max);

const plugin: FastifyPluginAsync = async (app) => {
  const windows = new Map<number, { start: number; count: number; dropped: number }>();

  route(app, ops.report, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const now = Date.now();
    let w = windows.get(user.tenantId);
    if (!w || now - w.start >= 60_000) windows.set(user.tenantId, (w = { start: now, count: 0, dropped: 0 }));
    const room = Math.max(0, TENANT_PER_MINUTE - w.count);
    const kept = request.body.items.slice(0, room);
    w.count += kept.length;
    w.dropped += request.body.items.length - kept.length;
    const agent = String(request.headers['user-agent'] ?? '').slice(0, 200);
    for (const item of kept) {
      const at = item.at !== undefined && Math.abs(item.at - now) < 86_400_000 ? item.at : now;
      insertClientError(data, { at, message: clean(item.message, 500), stack: clean(item.stack ?? '', 4000), path: clean(item.path ?? '', 200), agent });
    }
    if (Math.random() < 0.01) {
      pruneClientErrors(platformData(app, 'the log keeps 90 days for every tenant; a report prunes what has aged out'), now - KEEP_DAYS * 86_400_000);
    }
    return ok({ stored: kept.length, dropped: request.body.items.length - kept.length });
  });

  route(app, ops.page, async (request) => {
    const { rows, total } = listClientErrors(tenantData(request), request.body.limit, offsetOf(request.body));
    return ok({ rows: rows.map((r) => ({ ...r, at: formatTime(r.at) })), total });
  });
};

export default plugin;
