import { spawn } from 'node:child_process';
import { cardHtml } from '../src/card.js';
import { postCardImage, withEmbeddedApi } from '../src/embedded-image-api.js';
import { measure, warmUp } from '../src/stats.js';
const N = Number(process.env.N ?? 400);
const html = (i: number) => cardHtml({ fontUrl: 'data:,', title: `CPU check #${i}: what the API spends per render` });
await withEmbeddedApi({ name: 'perf', pages: 4, nodeArgs: ['--perf-basic-prof-only-functions'] }, async (api) => {
  await warmUp(4, (i) => postCardImage(api, html(i)));
  const pid = api.child.pid!;
  const perf = spawn('perf', ['record', '-F', '999', '-g', '-e', 'cpu-clock', '-p', String(pid), '-o', '/tmp/perf.data'], { stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, 1000));
  const before = process.hrtime.bigint();
  const run = await measure({ concurrency: 4, total: N, job: (i) => postCardImage(api, html(i)) });
  perf.kill('SIGINT');
  await new Promise((r) => perf.once('exit', r));
  console.log('renders/s', run.rendersPerSecond, 'wall s', Number(process.hrtime.bigint() - before) / 1e9, 'pid', pid);
});
