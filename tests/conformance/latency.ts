// p50/p99 of a list call (GET /api/alarm, page of 20) and a save (POST /api/alarm/handle) on a demo
// platform, sequential, after a warm-up: the cost of the contract's validation and answer check.
//   node --experimental-strip-types --experimental-sqlite tests/conformance/latency.ts [calls] [checkAnswers: 0|1]
import { api, login, removeDir, start } from '../../demo/server/testing.ts';

const calls = Number(process.argv[2] ?? 400);
const checkAnswers = process.argv[3] === '1';
const s = await start({ tuning: { alarmRate: 0 }, ...({ checkAnswers } as object) });
const token = await login(s.base, 'admin', 'admin123');
const list = await api(s.base, 'GET', '/api/alarm', { token, query: { page: '1', limit: '20' } });
const id = list.body.data.rows.find((r: { handleStatus: string }) => r.handleStatus !== 'handled')?.id ?? list.body.data.rows[0].id;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
async function measure(name: string, once: () => Promise<{ body: { code: number } }>) {
  for (let i = 0; i < 50; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const answer = await once();
    times.push(performance.now() - t0);
    if (answer.body.code !== 0) throw new Error(`${name}: ${JSON.stringify(answer.body)}`);
  }
  console.log(`${name}: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms (${calls} calls)`);
}
await measure('list GET /api/alarm?page=1&limit=20', () => api(s.base, 'GET', '/api/alarm', { token, query: { page: '1', limit: '20', level: 'warning' } }));
await measure('save POST /api/alarm/handle', () => api(s.base, 'POST', '/api/alarm/handle', { token, body: { ids: [id], handleStatus: 'handling', note: 'checking' } }));
await s.stop();
removeDir(s.dir);
process.exit(0);
