import { Worker } from 'node:worker_threads';
import os from 'node:os';
const w = new Worker(`const os=require('node:os'); require('node:worker_threads').parentPort.postMessage(os.tmpdir());`, { eval: true, env: { ...process.env, TMPDIR: '/tmp/xyz' } });
w.on('message', (m) => { console.log('worker tmpdir', m, 'main', os.tmpdir()); w.terminate(); });
