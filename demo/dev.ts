// `npm run dev`: the demo platform (API + media) and Vite's dev server with hot reload, which
// proxies /api, /jwt and /upload to the platform. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--experimental-strip-types', '--experimental-sqlite', 'demo/server/main.ts'], { stdio: 'inherit', env: { ...process.env, ATRIUM_STATIC: 'none' } }),
  spawn('npx', ['vite', '--open', 'console/index.html'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  if (code) process.exitCode = code;
  stop();
});
