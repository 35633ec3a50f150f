import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@pressroom/telemetry';
import { freePort, stopProcesses, waitFor } from '@pressroom/testing';
import { createNatsBus } from './nats-bus.js';

/** A nats-server of this test's own, on a fixed port, so it can be stopped and started again under a connected bus. */
function natsServer(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('nats-server', ['-js', '-sd', dir, '-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server is ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`nats-server exited with ${code}`)));
  });
}

describe('the NATS bus connection in the log', () => {
  it('logs once when the connection to NATS is lost and once when it is back, and reports it in healthy()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pressroom-nats-status-'));
    const port = await freePort();
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ service: 'bus-status-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    let server = await natsServer(port, dir);
    const bus = await createNatsBus({ url: `nats://127.0.0.1:${port}`, logger });
    try {
      expect(bus.healthy()).toBe(true);
      await stopProcesses([server]);
      await waitFor(() => !bus.healthy(), 'the bus to notice the outage');
      server = await natsServer(port, dir);
      await waitFor(() => bus.healthy(), 'the bus to reconnect');
      expect(lines.map(({ level, msg, server: address }) => ({ level, msg, server: address }))).toEqual([
        { level: 40, msg: 'bus connection to NATS lost; reconnecting', server: `127.0.0.1:${port}` },
        { level: 30, msg: 'bus connection to NATS restored', server: `127.0.0.1:${port}` },
      ]);
    } finally {
      await bus.close();
      await stopProcesses([server]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
