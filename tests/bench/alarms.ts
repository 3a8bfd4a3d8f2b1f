// Benchmark of alarm search (issue 14): a platform started with the seed option ATRIUM_SEED_ALARMS
// (here 1,000,000 alarms of the first tenant over the past 89 days), searched over HTTP for the first
// page of the current list (/api/alarm) and of the history (/api/alarm/his) with no filter and with
// each filter alone — level, confirmation, handling, device, model, event type, area, a rare and a
// common keyword — 5 times each. Target: every median ≤ 300 ms. Each history query's plan is read too
// (EXPLAIN QUERY PLAN): the alarm table must be searched through an index, never scanned.
// Run: node --experimental-strip-types tests/bench/alarms.ts — writes tests/bench/results/alarms.json;
// exits 1 when a target is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readQuery } from '../../demo/server/alarms/alarm.ts';
import { alarmConditions } from '../../demo/server/alarms/alarm-data.ts';
import { api, login, removeDir, start } from '../../demo/server/testing.ts';
import { tenantDataOf } from '../../demo/server/tenant-data.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ALARMS = 1_000_000;
const TARGET_MS = 300;
const RUNS = 5;

const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const seedStarted = performance.now();
const s = await start({ faults: true, tuning: { seedAlarms: ALARMS } });
const seedSeconds = round((performance.now() - seedStarted) / 1000);
console.log(`${ALARMS} alarms seeded and the platform up in ${seedSeconds} s`);
try {
  const db = s.app.atrium.db;
  db.exec('ANALYZE');
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  const device = one<{ code: string }>('SELECT device_code AS code FROM alarm WHERE tenant_id = 1 GROUP BY device_code ORDER BY COUNT(*) DESC LIMIT 1').code;
  const model = one<{ id: number }>('SELECT model_id AS id FROM alarm WHERE tenant_id = 1 AND model_id IS NOT NULL GROUP BY model_id ORDER BY COUNT(*) LIMIT 1').id;
  const eventType = one<{ id: number }>('SELECT id FROM alarm_event_type WHERE tenant_id = 1 ORDER BY id LIMIT 1').id;
  const topArea = one<{ guid: string }>('SELECT row_guid AS guid FROM area WHERE tenant_id = 1 AND parent_guid IS NULL ORDER BY sort, name LIMIT 1').guid;
  const leafArea = one<{ guid: string }>('SELECT d.area_guid AS guid FROM device d WHERE d.tenant_id = 1 AND d.area_guid IS NOT NULL GROUP BY d.area_guid ORDER BY COUNT(*) LIMIT 1').guid;
  const filters: Record<string, Record<string, string>> = {
    none: {},
    level: { level: 'critical' },
    confirmation: { status: 'confirmed' },
    handling: { handleStatus: 'unhandled' },
    device: { deviceCode: device },
    model: { modelId: String(model) },
    eventType: { eventTypeId: String(eventType) },
    topArea: { areaGuid: topArea },
    smallArea: { areaGuid: leafArea },
    rareKeyword: { keyword: 'alarm 123456' },
    commonKeyword: { keyword: 'Historical' },
    shortKeyword: { keyword: '历史' },
  };

  const token = await login(s.base, 'admin', 'admin123');
  const searches: Record<string, { medianMs: number; maxMs: number; total: number }> = {};
  for (const path of ['/api/alarm', '/api/alarm/his']) {
    for (const [name, filter] of Object.entries(filters)) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await api(s.base, 'GET', path, { token, query: { page: '1', limit: '20', ...filter } });
        times.push(performance.now() - t0);
        if (r.body.code !== 0) throw new Error(`${path} ${name}: ${r.body.msg}`);
        total = r.body.data.total;
      }
      const key = `${path === '/api/alarm' ? 'current' : 'history'} ${name}`;
      searches[key] = { medianMs: round(median(times)), maxMs: round(Math.max(...times)), total };
      console.log(key, searches[key]);
    }
  }

  // The history's page query for each filter, as the route builds it: never a scan of the alarm table.
  const plans: Record<string, string[]> = {};
  for (const [name, filter] of Object.entries(filters)) {
    if (name.endsWith('Keyword')) continue;
    const read = readQuery(filter, 'en', Date.now());
    if (typeof read === 'string') throw new Error(read);
    const conditions = alarmConditions(tenantDataOf(db, 1), read.filter, false);
    const where = ['a.tenant_id = $tenant', ...conditions.where].join(' AND ');
    plans[name] = tenantDataOf(db, 1).all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT a.id FROM alarm a WHERE ${where} ORDER BY a.occurred_at DESC LIMIT 20`, ...conditions.args)
      .map((r) => r.detail)
      .filter((d) => /\b(a|alarm)\b/.test(d) && /^(SCAN|SEARCH)/.test(d));
  }
  const scans = Object.entries(plans).filter(([, lines]) => lines.some((l) => l.startsWith('SCAN a') || l.startsWith('SCAN alarm')));

  const slow = Object.entries(searches).filter(([, r]) => r.medianMs > TARGET_MS);
  const result = {
    benchmark: 'alarm search: 1,000,000 alarms, first page of the current list and the history, one filter at a time',
    measuredAt: new Date().toISOString(),
    alarms: ALARMS,
    seedSeconds,
    targetMs: TARGET_MS,
    searches,
    plans,
    scans: scans.map(([name]) => name),
  };
  mkdirSync(join(ROOT, 'tests/bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'tests/bench/results/alarms.json'), JSON.stringify(result, null, 2) + '\n');
  const worst = Object.entries(searches).reduce((a, b) => (b[1].medianMs > a[1].medianMs ? b : a));
  console.log(`slowest median: ${worst[0]} ${worst[1].medianMs} ms; plans scanning the alarm table: ${scans.length}`);
  if (slow.length > 0 || scans.length > 0) console.error('alarm search benchmark missed a target', slow, scans);
  process.exitCode = slow.length > 0 || scans.length > 0 ? 1 : 0;
} finally {
  await s.stop();
  removeDir(s.dir);
}
