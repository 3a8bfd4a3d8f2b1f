// Benchmark of the workflow task boxes (issue 16): 100000 finished requests in the history (spread over
// 50 initiators and 20 approvers), then each box paged — the first page and a deep one — and the counts,
// over HTTP on a running platform. Target: every list call ≤ 300 ms (median of 5 and worst reported).
// Run: node tests/bench/workflow.ts — writes tests/bench/results/workflow.json; exits 1 on a miss.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tx } from '../../demo/server/db.ts';
import { insertHistory } from '../../demo/server/workflow/workflow-data.ts';
import { api, login, removeDir, start } from '../../demo/server/testing.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET_MS = 300;
const REQUESTS = 100_000;
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const s = await start();
  let failed: boolean;
  try {
    const db = s.app.atrium.db;
    const admin = await login(s.base, 'admin', 'admin123');
    const adminId = (db.prepare("SELECT id FROM user WHERE username = 'admin'").get() as { id: number }).id;
    const form = (
      await api(s.base, 'POST', '/api/workflow/form', {
        token: admin,
        body: { name: 'Leave', description: '', enabled: true, fields: [{ name: 'days', label: 'Days', type: 'number', required: true }], process: { steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [adminId] } }], cc: [] } },
      })
    ).body.data as { id: number };
    // Staff to spread the history over: initiators and approvers of the first tenant.
    const people: number[] = [];
    tx(db, () => {
      for (let i = 0; i < 70; i++) people.push(Number(db.prepare("INSERT INTO user (tenant_id, username, password_hash, name) VALUES (1, ?, 'x', ?)").run(`bench.wf.${i}`, `Bench ${i}`).lastInsertRowid));
    });
    const filled = performance.now();
    const year = 365 * 24 * 3600 * 1000;
    for (let done = 0; done < REQUESTS; done += 10_000) {
      tx(db, () => {
        for (let i = done; i < done + 10_000; i++) {
          const initiator = i % 10 === 0 ? adminId : people[i % 50]!;
          const approver = i % 7 === 0 ? adminId : people[50 + (i % 20)]!;
          insertHistory(db, { tenantId: 1, formId: form.id, formVersion: 1, initiatorId: initiator, approverId: approver, at: Date.now() - year + Math.floor((i / REQUESTS) * year) });
        }
      });
    }
    const fillSeconds = (performance.now() - filled) / 1000;
    // A few live ones for "my tasks".
    for (let i = 0; i < 20; i++) await api(s.base, 'POST', '/api/workflow/request', { token: admin, body: { formId: form.id, values: { days: String(i + 1) } } });

    const timed = async (body: Record<string, unknown> | null): Promise<{ medianMs: number; worstMs: number; total: number }> => {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const answer = body ? await api(s.base, 'POST', '/api/workflow/list', { token: admin, body }) : await api(s.base, 'GET', '/api/workflow/counts', { token: admin });
        times.push(performance.now() - started);
        if (answer.body.code !== 0) throw new Error(answer.body.msg);
        total = body ? answer.body.data.total : answer.body.data.all;
      }
      times.sort((a, b) => a - b);
      return { medianMs: round(times[2]!), worstMs: round(times[4]!), total };
    };
    const calls: Record<string, { medianMs: number; worstMs: number; total: number }> = {};
    for (const box of ['my', 'initiated', 'approved', 'cc', 'all']) {
      calls[`${box}: page 1`] = await timed({ box, page: 1, limit: 20 });
      calls[`${box}: page 400`] = await timed({ box, page: 400, limit: 20 });
    }
    calls['all: approved only, page 1'] = await timed({ box: 'all', page: 1, limit: 20, status: 'approved' });
    calls.counts = await timed(null);
    const worst = Math.max(...Object.values(calls).map((c) => c.medianMs));
    const results = {
      benchmark: `workflow boxes over ${REQUESTS} historical requests: list calls over HTTP, median and worst of 5`,
      measuredAt: new Date().toISOString(),
      historyFillSeconds: round(fillSeconds),
      calls,
      worstMedianMs: worst,
      targets: { listMs: TARGET_MS },
    };
    failed = worst > TARGET_MS;
    mkdirSync(join(ROOT, 'tests/bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'tests/bench/results/workflow.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await s.stop();
    removeDir(s.dir);
  }
  process.exit(failed ? 1 : 0);
}

void main();
