import { streamReplicasCaughtUp, type StreamInfoSource } from './stream-replicas.js';

type Cluster = Awaited<ReturnType<StreamInfoSource['streams']['info']>>['cluster'];

/**
 * The rule itself, against the answers JetStream gives while a stream elects a leader and copies its messages
 * over (the real three-server cluster runs in libs/bus topology.test.ts and libs/storage nats-object-storage.test.ts).
 */
describe('waiting for a stream whose replica count was just changed', () => {
  /** Answers `clusters` in turn (the last one from then on) and counts the questions. */
  const scripted = (clusters: Cluster[]) => {
    let asked = 0;
    const jsm: StreamInfoSource = {
      streams: {
        info: async () => ({ cluster: clusters[Math.min(asked++, clusters.length - 1)] }),
      },
    };
    return { jsm, asked: () => asked };
  };

  it('resolves once the stream has a leader and every other copy is current, not before', async () => {
    const source = scripted([
      {}, // electing: no leader yet
      { leader: 'n1', replicas: [{ current: false }] }, // one copy known, still behind
      { leader: 'n1', replicas: [{ current: true }, { current: false }] }, // all copies known, one behind
      { leader: 'n1', replicas: [{ current: true }, { current: true }] },
    ]);
    await streamReplicasCaughtUp({ jsm: source.jsm, stream: 'S', replicas: 3 });
    expect(source.asked()).toBe(4);
  });

  it('asks once when a single-copy stream already has its leader', async () => {
    const source = scripted([{ leader: 'n1', replicas: [] }]);
    await streamReplicasCaughtUp({ jsm: source.jsm, stream: 'S', replicas: 1 });
    expect(source.asked()).toBe(1);
  });

  it('passes on what the server answers when it cannot tell', async () => {
    const jsm: StreamInfoSource = { streams: { info: async () => Promise.reject(new Error('stream not found')) } };
    await expect(streamReplicasCaughtUp({ jsm, stream: 'S', replicas: 3 })).rejects.toThrow('stream not found');
  });
});
