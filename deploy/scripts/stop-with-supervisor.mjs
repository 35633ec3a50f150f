// Imported (`--import`) into every service `make run-cluster`'s supervisor starts. Each service runs in
// its own process group, so that Ctrl-C reaches only the supervisor, which passes it on once
// (supervise-cluster.mjs); but then nothing else stops the services if the supervisor itself dies
// without stopping them (SIGKILL, a crash, its terminal closed). Once its parent is gone (the process
// is re-parented), the service stops as on SIGTERM: it drains, then exits.
const POLL_MS = 1000;
const supervisor = process.ppid;

const watch = setInterval(() => {
  if (process.ppid === supervisor) return;
  clearInterval(watch);
  process.stderr.write(`${JSON.stringify({ supervisorGone: supervisor, pid: process.pid, msg: 'the supervisor is gone: stopping' })}\n`);
  process.kill(process.pid, 'SIGTERM');
}, POLL_MS);
// The watch alone never keeps a service alive.
watch.unref();
