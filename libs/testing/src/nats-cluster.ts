import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@pressroom/ports';
import { stopProcesses } from './child-processes.js';

/** A JetStream cluster of its own for one suite: what replicas above 1 need (the shared test server is a single node). */
export interface NatsCluster {
  /** The first server's client URL (a client learns the others from it). */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts `size` nats-server processes (Debian's `nats-server`, installed by `make setup-cluster`) clustered with
 * JetStream on loopback, and resolves once each says JetStream is healthy (a meta leader is elected).
 */
export async function startNatsCluster(size = 3): Promise<NatsCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pressroom-nats-cluster-'));
  const nodes = await Promise.all(
    Array.from({ length: size }, async (_, index) => ({
      name: `n${index + 1}`,
      client: await freePort(),
      route: await freePort(),
      monitor: await freePort(),
    })),
  );
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const close = async () => {
    await stopProcesses(children);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const node of nodes) {
      const routes = nodes.filter((other) => other !== node).map((other) => `nats://127.0.0.1:${other.route}`);
      const child = spawn(
        'nats-server',
        [
          '-js',
          '-sd',
          join(dir, node.name),
          '-n',
          node.name,
          '-a',
          '127.0.0.1',
          '-p',
          String(node.client),
          '-m',
          String(node.monitor),
          '--cluster_name',
          'pressroom-test',
          '--cluster',
          `nats://127.0.0.1:${node.route}`,
          '--routes',
          routes.join(','),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const keep = (chunk: Buffer) => output.push(`${node.name}: ${chunk.toString()}`);
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      children.push(child);
    }
    const deadline = Date.now() + 60_000;
    for (const node of nodes) {
      for (;;) {
        const answer = await fetch(`http://127.0.0.1:${node.monitor}/healthz`).catch(() => null);
        if (answer?.ok) break;
        if (Date.now() > deadline) throw new Error(`NATS cluster node ${node.name} never became healthy:\n${output.join('').slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `nats://127.0.0.1:${nodes[0]!.client}`, close };
}
