import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '@pressroom/telemetry';
import { startNatsCluster, TEST_NATS_URL, uniqueNamespace, type NatsCluster } from '@pressroom/testing';
import { Topology, type StreamSpec } from './topology.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    logger: createLogger({ service: 'topology-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } }),
  };
}

const spec = (name: string): StreamSpec => ({ name, subjects: [`${name}.render.image`], retention: 'workqueue' });

// PRESSROOM_NATS_REPLICAS: the copies of every stream, at creation and on streams that already exist.
describe('stream replicas on a three-server JetStream cluster', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    nc = await connect({ servers: cluster.url });
    jsm = await jetstreamManager(nc);
  }, 90_000);
  afterAll(async () => {
    await nc?.close();
    await cluster?.close();
  });

  it('creates a stream with the configured replicas, placed on three servers', async () => {
    const name = `${uniqueNamespace()}_RENDER`;
    await new Topology(jsm, createLogger({ service: 'topology-test', level: 'silent' }), 3).stream(spec(name));
    const info = await jsm.streams.info(name);
    expect(info.config.num_replicas).toBe(3);
    expect([info.cluster?.leader, ...(info.cluster?.replicas ?? []).map((replica) => replica.name)].sort()).toEqual(['n1', 'n2', 'n3']);
  }, 60_000);

  it('raises an existing one-replica stream to the setting at start, keeping its messages, and says so once', async () => {
    const name = `${uniqueNamespace()}_RENDER`;
    const before = new Topology(jsm, createLogger({ service: 'topology-test', level: 'silent' }));
    await before.stream(spec(name));
    await before.consumer({
      stream: name,
      durable: 'image-renderers',
      filterSubject: `${name}.render.image`,
      ackWaitMs: 30_000,
      maxDeliver: 3,
      deliverPolicy: 'all',
    });
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(1);
    await jsm.jetstream().publish(`${name}.render.image`, 'queued before the change');

    const { logger, lines } = capturingLogger();
    await new Topology(jsm, logger, 3).stream(spec(name));
    const info = await jsm.streams.info(name);
    expect(info.config.num_replicas).toBe(3);
    expect(info.state.messages).toBe(1);
    await jsm.jetstream().publish(`${name}.render.image`, 'queued after the change');
    expect((await jsm.streams.info(name)).state.messages).toBe(2);
    // Its consumer (no count of its own) follows the stream's.
    // While its group elects a leader the server may list all three peers as replicas, so count the
    // peers holding a copy rather than the replicas beside a leader.
    const consumer = (await jsm.consumers.info(name, 'image-renderers')).cluster;
    const peers = [consumer?.leader, ...(consumer?.replicas ?? []).map((replica) => replica.name)].filter(Boolean);
    expect([...new Set(peers)].sort()).toEqual(['n1', 'n2', 'n3']);
    expect(lines).toMatchObject([{ msg: 'bus stream replicas changed', stream: name, from: 1, to: 3 }]);

    // Already at the setting: nothing to change, nothing logged.
    const again = capturingLogger();
    await new Topology(jsm, again.logger, 3).stream(spec(name));
    expect(again.lines).toEqual([]);
  }, 60_000);
});

describe('stream replicas on a single server', () => {
  it('cannot hold more than one: the start fails with the server’s reason instead of running unreplicated', async () => {
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const topology = new Topology(jsm, createLogger({ service: 'topology-test', level: 'silent' }), 3);
      await expect(topology.stream(spec(`${uniqueNamespace()}_RENDER`))).rejects.toThrow(/replicas/i);
    } finally {
      await nc.close();
    }
  });
});
