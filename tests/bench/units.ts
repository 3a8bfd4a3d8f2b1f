// `npm run bench units`: the unit checks too big for `npm test` (tests/bench/units/*.test.ts: 25,000
// alarms handled within 10 s, the hostile walk over every route), run by vitest with the units'
// config (vite.config.ts takes them in only under ATRIUM_BENCH_UNITS=1).
import { spawnSync } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const result = spawnSync(npx, ['vitest', 'run', 'tests/bench/units'], { stdio: 'inherit', env: { ...process.env, ATRIUM_BENCH_UNITS: '1' } });
process.exit(result.status ?? 1);
