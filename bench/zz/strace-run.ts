import { spawn } from 'node:child_process';
import { cardHtml } from '../src/card.js';
import { postCardImage, withEmbeddedApi } from '../src/embedded-image-api.js';
import { measure, warmUp } from '../src/stats.js';
const N = Number(process.env.N ?? 100);
const html = (i: number) => cardHtml({ fontUrl: 'data:,', title: `CPU check #${i}: what the API spends per render` });
await withEmbeddedApi({ name: 'strace', pages: 4 }, async (api) => {
  await warmUp(4, (i) => postCardImage(api, html(i)));
  const pid = api.child.pid!;
  const st = spawn('strace', ['-f', '-y', '-qq', '-e', process.env.TRACE ?? 'trace=write,pwrite64,writev,openat', '-o', '/tmp/strace.txt', '-p', String(pid)], { stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, 1500));
  const run = await measure({ concurrency: 4, total: N, job: (i) => postCardImage(api, html(i)) });
  st.kill('SIGINT');
  await new Promise((r) => st.once('exit', r));
  console.log('renders/s', run.rendersPerSecond, 'pid', pid);
});
