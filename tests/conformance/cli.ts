// npm run conformance -- --base <url> --user <name> --password <pw> [--user2 <name> --password2 <pw>]
//   [--captcha 1234] [--runs 50] [--hostile 1000] [--seed 36] [--report file.md]
// or: npm run conformance -- --demo   (starts a demo platform with the test switch and runs against it)
// Runs the conformance suite (suite.ts) against a platform that claims the Atrium API; exits 1 on any
// failure. The requests change data (valid ones act): point it at a test tenant.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OPERATIONS } from '../../shared/contract/index.ts';
import { markdown, run, signIn, skipValid } from './suite.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    user2: { type: 'string' },
    password2: { type: 'string' },
    captcha: { type: 'string', default: '1234' },
    runs: { type: 'string', default: '50' },
    hostile: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '36' },
    report: { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
});

let base = values.base;
let stop: (() => Promise<void>) | null = null;
let user = values.user;
let password = values.password;
let user2 = values.user2;
let password2 = values.password2;
if (values.demo) {
  const { start, removeDir } = await import('../../demo/server/testing.ts');
  const s = await start({ faults: true, tuning: { alarmRate: 0 } });
  base = s.base;
  stop = async () => {
    await s.stop();
    removeDir(s.dir);
  };
  user ??= 'admin';
  password ??= 'admin123';
  user2 ??= 'admin2';
  password2 ??= 'admin123';
}
if (!base || !user || !password) {
  console.error('usage: npm run conformance -- --base <url> --user <name> --password <pw> [--user2 <name> --password2 <pw>] [--runs N] [--hostile N] [--seed N] [--report file.md] | --demo');
  process.exit(2);
}

const token = await signIn(base, user, password, values.captcha);
const foreignToken = user2 && password2 ? await signIn(base, user2, password2, values.captcha) : null;
if (!foreignToken) console.log('no --user2: the foreign-id checks are skipped');
const report = await run({
  base,
  token,
  foreignToken,
  operations: OPERATIONS,
  validRuns: Number(values.runs),
  hostileRuns: Number(values.hostile),
  seed: Number(values.seed),
    skipValid,
  log: (line) => console.log(line),
});
const text = markdown(report);
console.log(`\n${text}`);
for (const failure of report.failures) console.log(`FAIL ${failure}`);
if (values.report) writeFileSync(values.report, `${text}\n`);
await stop?.();
process.exit(report.failures.length ? 1 : 0);
