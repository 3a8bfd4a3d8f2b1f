// Benchmark of the attendance statistics (issue 16): 2000 people in one site, a month of clocks (two
// a working day, some late, some missing: about 84000 rows), then the month's statistics for all of
// them in one call, and a page of the day statistics, over HTTP on a running platform.
// Target: the monthly statistics of 2000 people ≤ 2 s (median of 5; worst reported).
// Run: node tests/bench/attendance.ts — writes tests/bench/results/attendance.json; exits 1 on a miss.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tx } from '../../demo/server/db.ts';
import { api, login, removeDir, start } from '../../demo/server/testing.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PEOPLE = 2000;
const TARGET_MS = 2000;
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const s = await start();
  let failed: boolean;
  try {
    const db = s.app.atrium.db;
    const admin = await login(s.base, 'admin', 'admin123');
    const rule = (await api(s.base, 'POST', '/api/attendance/rule', { token: admin, body: { name: 'Bench', workStart: '09:00', workEnd: '18:00', flexMinutes: 10, lateThreshold: 60, earlyThreshold: 60, fillInMinutes: 30, weekdays: [1, 2, 3, 4, 5], skipHolidays: true } })).body.data as { id: number };
    // Last month, complete: every day of it counts.
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const month = `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
    const daysInMonth = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
    let clocks = 0;
    const filled = performance.now();
    tx(db, () => {
      const site = Number(db.prepare("INSERT INTO att_site (tenant_id, name, rule_id, kind, latitude, longitude, radius_m) VALUES (1, 'Bench site', ?, 'location', 31.2, 121.5, 500)").run(rule.id).lastInsertRowid);
      const user = db.prepare("INSERT INTO user (tenant_id, username, password_hash, name) VALUES (1, ?, 'x', ?)");
      const member = db.prepare('INSERT INTO att_member (tenant_id, user_id, site_id) VALUES (1, ?, ?)');
      const clock = db.prepare("INSERT INTO att_clock (tenant_id, user_id, at, source) VALUES (1, ?, ?, 'location')");
      for (let i = 0; i < PEOPLE; i++) {
        const id = Number(user.run(`bench.att.${i}`, `Bench ${String(i).padStart(4, '0')}`).lastInsertRowid);
        member.run(id, site);
        for (let d = 1; d <= daysInMonth; d++) {
          const day = new Date(first.getFullYear(), first.getMonth(), d);
          const weekday = day.getDay();
          if (weekday === 0 || weekday === 6 || (i + d) % 23 === 0) continue;
          const lateBy = (i * 7 + d) % 13 === 0 ? 25 : 0;
          clock.run(id, day.getTime() + (8 * 60 + 50 + lateBy) * 60_000);
          clock.run(id, day.getTime() + (18 * 60 + ((i + d) % 15)) * 60_000);
          clocks += 2;
        }
      }
    });
    const fillSeconds = (performance.now() - filled) / 1000;
    const timed = async (path: string, body: Record<string, unknown>) => {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const answer = await api(s.base, 'POST', path, { token: admin, body });
        times.push(performance.now() - started);
        if (answer.body.code !== 0) throw new Error(answer.body.msg);
        rows = answer.body.data.rows.length;
      }
      times.sort((a, b) => a - b);
      return { medianMs: round(times[2]!), worstMs: round(times[4]!), rows };
    };
    const monthAll = await timed('/api/attendance/stats/month', { page: 1, limit: 1000, month });
    const monthAll2 = await timed('/api/attendance/stats/month', { page: 2, limit: 1000, month });
    const dayPage = await timed('/api/attendance/stats/day', { page: 1, limit: 50, day: `${month}-15` });
    // All 2000 in one call: two pages of 1000 (the largest page any list answers).
    const monthMs = round(monthAll.medianMs + monthAll2.medianMs);
    const results = {
      benchmark: `attendance statistics: ${PEOPLE} people, ${clocks} clocks in ${month}, calls over HTTP, median and worst of 5`,
      measuredAt: new Date().toISOString(),
      fillSeconds: round(fillSeconds),
      monthPage1Of1000: monthAll,
      monthPage2Of1000: monthAll2,
      monthAllPeopleMs: monthMs,
      dayPageOf50: dayPage,
      targets: { monthAllPeopleMs: TARGET_MS },
    };
    failed = monthMs > TARGET_MS;
    mkdirSync(join(ROOT, 'tests/bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'tests/bench/results/attendance.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await s.stop();
    removeDir(s.dir);
  }
  process.exit(failed ? 1 : 0);
}

void main();
